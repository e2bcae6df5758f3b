import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DirectoryFilter, MissingAudience, MissingFilterValues } from '@encuestas/core/api/missing';
import type { PagingState } from '../../../hooks/use-paging';
import { EMPTY_FILTER_FORM, FILTER_FIELDS, FILTER_LABELS, parseFilterForm, type FilterForm } from '../logic/missing';

export type FilterErrors = Partial<Record<keyof FilterForm, string>>;

/**
 * The list's filter as typed and as applied (checked with the server's rules
 * first), and the campus, which is part of the list's address (a report links
 * to it), so choosing one changes the address. Any change goes back to page 1.
 */
export function useListFilter(audience: MissingAudience, paging: PagingState) {
  const [form, setForm] = useState<FilterForm>(EMPTY_FILTER_FORM);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [filter, setFilter] = useState<DirectoryFilter>({});
  const [, setSearch] = useSearchParams();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseFilterForm(audience, form);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setFilter(parsed.filter);
    paging.resetPage();
  };
  const clear = () => {
    setForm(EMPTY_FILTER_FORM);
    setErrors({});
    setFilter({});
    paging.resetPage();
  };
  const chooseCampus = (campusId: number | undefined) => {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (campusId === undefined) next.delete('campusId');
      else next.set('campusId', String(campusId));
      return next;
    });
    paging.resetPage();
  };
  return { form, setForm, errors, filter, setFilter, apply, clear, chooseCampus };
}

/** The directory filter of the list, checked with the server's rules before it is applied. */
export function MissingFilterForm({
  audience,
  form,
  errors,
  values,
  campus,
  surveyPicker,
  onChange,
  onApply,
  onClear,
}: {
  audience: MissingAudience;
  /** The «Encuesta» choice: one survey type or all of them (survey-type-picker.tsx). */
  surveyPicker: ReactNode;
  form: FilterForm;
  errors: FilterErrors;
  /** The pickers' options (undefined while they load). */
  values: MissingFilterValues | undefined;
  campus: { value: number | undefined; allAllowed: boolean; onChange: (campusId: number | undefined) => void };
  onChange: Dispatch<SetStateAction<FilterForm>>;
  onApply: (event: FormEvent) => void;
  onClear: () => void;
}) {
  return (
    <Paper variant="outlined" component="form" onSubmit={onApply} role="search" aria-label="Filtros de la lista" sx={{ p: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
        {surveyPicker}
        <TextField
          select
          id="missing-campus"
          label="Campus"
          value={campus.value === undefined ? 'all' : String(campus.value)}
          onChange={(event) => campus.onChange(event.target.value === 'all' ? undefined : Number(event.target.value))}
        >
          {campus.allAllowed ? <MenuItem value="all">Todos tus campus</MenuItem> : null}
          {/* The campus of the address stays choosable while the options load. */}
          {(values?.campuses ?? []).length === 0 && campus.value !== undefined ? <MenuItem value={String(campus.value)}>Campus actual</MenuItem> : null}
          {(values?.campuses ?? []).map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.nombre}
            </MenuItem>
          ))}
        </TextField>
        {FILTER_FIELDS[audience].map((field) => {
          const options = pickerOptions(values, field);
          return options ? (
            <Autocomplete
              key={field}
              id={`missing-${field}`}
              options={options}
              value={form[field] === '' ? null : form[field]}
              onChange={(_event, value) => onChange((current) => ({ ...current, [field]: value ?? '' }))}
              noOptionsText="Sin coincidencias en el directorio"
              renderInput={(params) => <TextField {...params} label={FILTER_LABELS[field]} error={Boolean(errors[field])} helperText={errors[field]} />}
            />
          ) : (
            <TextField
              key={field}
              id={`missing-${field}`}
              label={FILTER_LABELS[field]}
              value={form[field]}
              onChange={(event) => onChange((current) => ({ ...current, [field]: event.target.value }))}
              error={Boolean(errors[field])}
              helperText={errors[field] ?? (field === 'periodo' ? 'Ej: 2026A' : undefined)}
              slotProps={{ htmlInput: field === 'year' || field === 'pc_id' ? { inputMode: 'numeric' } : {} }}
            />
          );
        })}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button onClick={onClear}>Limpiar</Button>
        <Button type="submit" variant="contained">
          Aplicar filtros
        </Button>
      </Stack>
    </Paper>
  );
}

/** The directory's values a field is picked from (plan, group, session); null for the fields typed in. */
function pickerOptions(values: MissingFilterValues | undefined, field: keyof FilterForm): string[] | null {
  const lists: Partial<Record<keyof FilterForm, keyof Omit<MissingFilterValues, 'campuses'>>> = { plan: 'plans', grupo: 'groups', sesion: 'sessions' };
  const list = lists[field];
  return list ? (values?.[list] ?? []) : null;
}
