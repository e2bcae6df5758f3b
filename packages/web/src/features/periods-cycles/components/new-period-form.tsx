import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DayPickerField } from '../../../components/dates/day-picker-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { createPeriodo } from '../api/periods-cycles-api';
import { periodsCyclesKeys } from '../api/periods-cycles-keys';
import {
  CREATE_PERIOD_SUCCESS,
  createPeriodFailureMessage,
  EMPTY_PERIOD_FORM,
  periodFormErrors,
  toCreatePeriodRequest,
  toPeriodNameInput,
  type PeriodField,
  type PeriodFormValues,
} from '../logic/period-form';

/** The 'Nuevo' tab of 'Periodos Power Campus': a period's name and days, checked as typed, then POST /periodos. */
export function NewPeriodForm({ onCreated }: { onCreated: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PeriodFormValues>(EMPTY_PERIOD_FORM);
  const [touched, setTouched] = useState<Partial<Record<PeriodField, boolean>>>({});
  const errors = periodFormErrors(values);
  const hasErrors = Object.keys(errors).length > 0;

  const mutation = useMutation({
    mutationFn: () => createPeriodo(toCreatePeriodRequest(values)),
    onSuccess: async () => {
      notify(CREATE_PERIOD_SUCCESS, 'success');
      setValues(EMPTY_PERIOD_FORM);
      setTouched({});
      onCreated();
      await queryClient.invalidateQueries({ queryKey: periodsCyclesKeys.periodos });
    },
    onError: (error) => notify(createPeriodFailureMessage(error), 'error'),
  });

  const touch = (field: PeriodField) => setTouched((t) => ({ ...t, [field]: true }));
  const shownError = (field: PeriodField) => (touched[field] ? errors[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ nombre: true, fecha_inicio: true, fecha_fin: true });
    if (!hasErrors && !mutation.isPending) mutation.mutate();
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
      <TextField
        label="Nombre del periodo"
        name="nombre"
        value={values.nombre}
        onChange={(event) => {
          setValues((v) => ({ ...v, nombre: toPeriodNameInput(event.target.value) }));
        }}
        onBlur={() => touch('nombre')}
        required
        error={Boolean(shownError('nombre'))}
        helperText={shownError('nombre') ?? 'Formato de Power Campus, por ejemplo 2026A'}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 6, autoCapitalize: 'characters', spellCheck: false } }}
      />
      <DayPickerField
        label="Fecha de inicio"
        name="fecha_inicio"
        value={values.fecha_inicio}
        onChange={(fecha_inicio) => {
          setValues((v) => ({ ...v, fecha_inicio }));
          if (fecha_inicio) touch('fecha_inicio');
        }}
        onBlur={() => touch('fecha_inicio')}
        required
        error={Boolean(shownError('fecha_inicio'))}
        helperText={shownError('fecha_inicio')}
      />
      <DayPickerField
        label="Fecha de fin"
        name="fecha_fin"
        value={values.fecha_fin}
        onChange={(fecha_fin) => {
          setValues((v) => ({ ...v, fecha_fin }));
          if (fecha_fin) touch('fecha_fin');
        }}
        onBlur={() => touch('fecha_fin')}
        required
        minDay={values.fecha_inicio}
        error={Boolean(shownError('fecha_fin'))}
        helperText={shownError('fecha_fin')}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={hasErrors || mutation.isPending} loading={mutation.isPending}>
          Crear periodo
        </Button>
      </Box>
    </Stack>
  );
}
