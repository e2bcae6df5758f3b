import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ChoiceItem, ChoiceOption } from '@encuestas/core/survey-engine/types';
import { MuiTheme } from '../../app/mui-theme';
import type { ItemInputProps } from './item-inputs';
import { foldAccents } from '@encuestas/core/fold';

interface CatalogAutocompleteProps extends ItemInputProps<ChoiceItem> {
  options: readonly ChoiceOption[];
}


/**
 * A finger's 44 px for everything tapped: the text field (its input, not
 * only the outline around it) and the open and clear buttons (MUI's are 28),
 * with the room on the right that the larger buttons take.
 */
const touchSizedSx = {
  '& .MuiAutocomplete-popupIndicator, & .MuiAutocomplete-clearIndicator': { width: 44, height: 44 },
  '& .MuiOutlinedInput-root': { py: '6px' },
  '& .MuiOutlinedInput-root .MuiAutocomplete-input': { py: '10.5px' },
  '&.MuiAutocomplete-hasPopupIcon .MuiOutlinedInput-root, &.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root': { pr: '57px' },
  '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root': { pr: '101px' },
} as const;

/**
 * A long catalogue (states, municipios) as a search field: type a few
 * letters, accents optional ('queretaro' finds Querétaro), pick from the list.
 */
export default function CatalogAutocomplete({
  item,
  value,
  onChange,
  options,
  inputId,
  describedBy,
  invalid,
  required,
}: CatalogAutocompleteProps) {
  const multiple = item.type === 'multiple';
  const byValue = new Map(options.map((o) => [o.value, o]));
  const common = {
    id: inputId,
    options: options as ChoiceOption[],
    getOptionLabel: (option: ChoiceOption) => option.label,
    isOptionEqualToValue: (a: ChoiceOption, b: ChoiceOption) => a.value === b.value,
    filterOptions: (list: ChoiceOption[], state: { inputValue: string }) => {
      const query = foldAccents(state.inputValue.trim());
      return query ? list.filter((o) => foldAccents(o.label).includes(query)) : list;
    },
    noOptionsText: 'Sin coincidencias',
    openText: 'Abrir la lista',
    closeText: 'Cerrar la lista',
    clearText: 'Borrar',
    autoHighlight: true,
    fullWidth: true,
    sx: touchSizedSx,
  };
  const input = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      error={invalid}
      placeholder="Escribe para buscar"
      slotProps={{
        ...params.slotProps,
        htmlInput: {
          ...params.slotProps.htmlInput,
          'aria-describedby': describedBy || undefined,
          'aria-required': required || undefined,
        },
      }}
    />
  );

  if (multiple) {
    const selected = (Array.isArray(value) ? value : []).map((v) => byValue.get(v)).filter((o): o is ChoiceOption => Boolean(o));
    return (
      <MuiTheme>
        <Autocomplete
          {...common}
          multiple
          value={selected}
          onChange={(_event, next) => onChange(next.length > 0 ? next.map((o) => o.value) : undefined)}
          renderInput={input}
        />
      </MuiTheme>
    );
  }
  const current = typeof value === 'string' ? (byValue.get(value) ?? null) : null;
  // MUI's theme here only: the form around it is drawn with light components (app/mui-theme.tsx).
  return (
    <MuiTheme>
      <Autocomplete
        {...common}
        value={current}
        onChange={(_event, next) => onChange(next ? next.value : undefined)}
        renderInput={input}
      />
    </MuiTheme>
  );
}
