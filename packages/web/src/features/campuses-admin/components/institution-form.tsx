import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { campusesAdminKeys, fetchInstitution, saveInstitution } from '../api/campuses-admin-api';

/** The institution's and platform's names (PUT /institution): pages show the new ones from the next visit. */
export function InstitutionForm() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: campusesAdminKeys.institution, queryFn: ({ signal }) => fetchInstitution(signal) });
  // What the user typed; until then, the names as stored.
  const [edited, setEdited] = useState<{ institutionName?: string; platformName?: string }>({});
  const institutionName = edited.institutionName ?? query.data?.institutionName ?? '';
  const platformName = edited.platformName ?? query.data?.platformName ?? '';
  const setInstitutionName = (value: string) => setEdited((current) => ({ ...current, institutionName: value }));
  const setPlatformName = (value: string) => setEdited((current) => ({ ...current, platformName: value }));
  const mutation = useMutation({
    mutationFn: () => saveInstitution({ institutionName, platformName }),
    onSuccess: (saved) => {
      queryClient.setQueryData(campusesAdminKeys.institution, saved);
      notify('Nombres guardados', 'success');
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });
  const fields = mutation.error instanceof ApiError ? mutation.error.fields : undefined;

  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label="Nombre de la institución"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate();
      }}
    >
      <TextField
        label="Nombre de la institución"
        value={institutionName}
        onChange={(event) => setInstitutionName(event.target.value)}
        error={Boolean(fields?.institutionName)}
        helperText={fields?.institutionName?.join(', ')}
        disabled={query.isPending}
      />
      <TextField
        label="Nombre de la plataforma"
        value={platformName}
        onChange={(event) => setPlatformName(event.target.value)}
        error={Boolean(fields?.platformName)}
        helperText={fields?.platformName?.join(', ') ?? 'Aparece en el título de las páginas, los correos y los reportes.'}
        disabled={query.isPending}
      />
      <div>
        <Button type="submit" variant="contained" disabled={query.isPending || mutation.isPending}>
          Guardar nombres
        </Button>
      </div>
    </Stack>
  );
}
