import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import LockOpen from '@mui/icons-material/LockOpen';
import Lock from '@mui/icons-material/Lock';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campus } from '@encuestas/core/api/periods';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { setSuggestionBoxOpen } from '../api/suggestions-admin-api';
import { suggestionsAdminKeys } from '../api/suggestions-admin-keys';
import { useSuggestionBoxOpen } from '../hooks/use-suggestions-admin';

export const BOX_SWITCH_LABEL = 'Buzón abierto';

export function boxSavedMessage(campus: string, open: boolean): string {
  return open ? `Buzón de ${campus} abierto` : `Buzón de ${campus} cerrado`;
}

/**
 * 'Buzón abierto' for the chosen campus (PUT /campus/{id}/suggestion-box):
 * while it is closed, that campus's respondents cannot send comments. When the
 * server cannot tell the current state, two buttons open or close it instead.
 */
export function SuggestionBoxSwitch({ campus }: { campus: Campus }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const helpId = useId();
  const stateQuery = useSuggestionBoxOpen(campus.id);
  const mutation = useMutation({
    mutationFn: (open: boolean) => setSuggestionBoxOpen(campus.id, open),
    onSuccess: (saved) => {
      queryClient.setQueryData(suggestionsAdminKeys.box(saved.id), saved.avalible);
      notify(boxSavedMessage(saved.nombre, saved.avalible), 'success');
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });

  const known = stateQuery.data;
  const open = mutation.isPending ? mutation.variables : known;
  const help =
    open == null
      ? `No se pudo consultar si el buzón de ${campus.nombre} está abierto. Elige cómo debe quedar.`
      : open
        ? `Los alumnos, docentes y administrativos de ${campus.nombre} pueden enviar comentarios.`
        : `Nadie de ${campus.nombre} puede enviar comentarios mientras el buzón esté cerrado.`;

  if (stateQuery.isError) {
    return <Alert severity="error">{errorMessage(stateQuery.error)}</Alert>;
  }

  return (
    <Stack spacing={0.5} component="section" aria-label={`Buzón de ${campus.nombre}`}>
      {stateQuery.isPending ? (
        <Typography role="status" color="textSecondary">
          Consultando el buzón de {campus.nombre}…
        </Typography>
      ) : open == null ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography sx={{ fontWeight: 600, mr: 1 }}>Buzón de {campus.nombre}</Typography>
          <Button
            variant="outlined"
            startIcon={<LockOpen />}
            onClick={() => mutation.mutate(true)}
            disabled={mutation.isPending}
            aria-describedby={helpId}
          >
            Abrir buzón
          </Button>
          <Button
            variant="outlined"
            startIcon={<Lock />}
            onClick={() => mutation.mutate(false)}
            disabled={mutation.isPending}
            aria-describedby={helpId}
          >
            Cerrar buzón
          </Button>
        </Stack>
      ) : (
        <FormControlLabel
          label={BOX_SWITCH_LABEL}
          control={
            <Switch
              checked={open}
              onChange={(event) => mutation.mutate(event.target.checked)}
              disabled={mutation.isPending}
              slotProps={{ input: { 'aria-describedby': helpId } }}
            />
          }
        />
      )}
      {stateQuery.isPending ? null : (
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {help}
        </FormHelperText>
      )}
    </Stack>
  );
}
