import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { parsePositiveId } from '../parse-positive-id';
import { idSelectValue } from './id-select-value';

interface IdSelectFieldProps<T extends { id: number }> {
  id: string;
  label: string;
  selectedId: number | null;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** The first option, standing for no choice ('Todos los campus', 'Cargando campus…'). */
  emptyLabel: string;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A filter select of things picked by id, with a first option for none. */
export function IdSelectField<T extends { id: number }>({
  id,
  label,
  selectedId,
  options,
  optionLabel,
  emptyLabel,
  onChange,
  disabled,
  sx,
}: IdSelectFieldProps<T>) {
  return (
    <TextField
      select
      id={id}
      label={label}
      value={idSelectValue(selectedId, options)}
      onChange={(event) => onChange(parsePositiveId(event.target.value))}
      disabled={disabled}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{emptyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
