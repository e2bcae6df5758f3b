import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedCampus } from '@encuestas/core/api/campuses';
import { ApiError, errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { campusesAdminKeys, createCampus } from '../api/campuses-admin-api';
import { missingSuggestedCampuses } from '../logic/setup';

/**
 * A new campus by name, and the spec's campuses not created yet as a
 * one-click suggestion (never imposed: any name can be written instead).
 */
export function CampusCreateForm({ campuses }: { campuses: readonly ManagedCampus[] }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [nombre, setNombre] = useState('');
  const suggested = missingSuggestedCampuses(campuses);
  const refresh = () => queryClient.invalidateQueries({ queryKey: campusesAdminKeys.all });
  const one = useMutation({
    mutationFn: () => createCampus(nombre),
    onSuccess: async (campus) => {
      setNombre('');
      notify(`Campus ${campus.nombre} creado`, 'success');
      await refresh();
    },
  });
  // One after another: a name someone else created meanwhile is reported and the rest still go in.
  const all = useMutation({
    mutationFn: async (names: string[]) => {
      const failed: string[] = [];
      for (const name of names) await createCampus(name).catch((error: unknown) => failed.push(`${name}: ${errorMessage(error)}`));
      return failed;
    },
    onSuccess: async (failed) => {
      if (failed.length > 0) notify(failed.join('; '), 'error');
      else notify('Campus sugeridos creados', 'success');
      await refresh();
    },
  });
  const fieldError = one.error instanceof ApiError ? one.error.fields?.nombre?.join(', ') : one.error ? errorMessage(one.error) : undefined;

  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
        onSubmit={(event) => {
          event.preventDefault();
          one.mutate();
        }}
      >
        <TextField
          label="Nuevo campus"
          value={nombre}
          onChange={(event) => setNombre(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError}
          size="small"
        />
        <Button type="submit" variant="contained" disabled={one.isPending}>
          Agregar campus
        </Button>
      </Stack>
      {suggested.length > 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2" color="textSecondary">
            Sugeridos: {suggested.join(', ')}.
          </Typography>
          <Button variant="outlined" onClick={() => all.mutate(suggested)} disabled={all.isPending}>
            {campuses.length === 0 ? 'Agregar los campus sugeridos' : 'Agregar los sugeridos que faltan'}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
