import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@encuestas/core/api/auth';
import { errorMessage } from '../../../api/api-error';
import { useNotify } from '../../../components/notifications/use-notify';
import { setUserAvailability } from '../api/users-api';
import { usersKeys } from '../api/users-keys';

/** Enables or disables an account (PUT /users/{id}/avalible); disabling signs the user out everywhere. */
export function UserAvailabilitySwitch({ user, readOnly }: { user: AdminUser; readOnly: boolean }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (avalible: boolean) => setUserAvailability(user.id, avalible),
    onSuccess: async (saved) => {
      notify(saved.avalible ? 'Usuario habilitado correctamente' : 'Usuario deshabilitado correctamente', 'success');
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });

  return (
    <Stack spacing={0.5}>
      <FormControlLabel
        label="Cuenta habilitada"
        control={
          <Switch
            // Shows the requested state while it is saved; a refusal puts it back.
            checked={mutation.isPending ? mutation.variables : user.avalible}
            onChange={(event) => mutation.mutate(event.target.checked)}
            disabled={readOnly || mutation.isPending}
            slotProps={{ input: { 'aria-describedby': `disponibilidad-${user.id}` } }}
          />
        }
      />
      <FormHelperText id={`disponibilidad-${user.id}`} sx={{ mx: 0 }}>
        {user.avalible
          ? 'El usuario puede iniciar sesión. Al deshabilitarlo se cierran todas sus sesiones.'
          : 'El usuario no puede iniciar sesión.'}
      </FormHelperText>
    </Stack>
  );
}
