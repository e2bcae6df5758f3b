import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@encuestas/core/api/auth';
import { createUserSchema } from '@encuestas/core/api/users';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { hasServerFieldErrors, serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { createUser } from '../api/users-api';
import { usersKeys } from '../api/users-keys';
import { UserIdentityFields } from './user-identity-fields';

const FIELDS = ['name', 'last_name', 'maternal_sur_name', 'email', 'password', 'password_confirmation'] as const;

const EMPTY = { name: '', last_name: '', maternal_sur_name: '', email: '', password: '', password_confirmation: '' };

interface NewUserDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (user: AdminUser) => void;
}

/** 'Nuevo usuario' (POST /users). Access is set afterwards on the user's page. */
export function NewUserDialog({ open, onClose, onCreated }: NewUserDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(createUserSchema, EMPTY);

  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: async (user) => {
      notify('Usuario creado correctamente', 'success');
      await queryClient.invalidateQueries({ queryKey: usersKeys.lists });
      onClose();
      onCreated(user);
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(serverFieldErrors(error, FIELDS))) {
        setError(field as (typeof FIELDS)[number], { type: 'server', message });
      }
    },
  });
  const { reset: resetMutation } = mutation;

  useEffect(() => {
    if (!open) {
      reset(EMPTY);
      resetMutation();
    }
  }, [open, reset, resetMutation]);

  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: errors[name]?.message };
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Nuevo usuario</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} style={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <FormErrorAlert error={hasServerFieldErrors(mutation.error, FIELDS) ? null : mutation.error} />
            <UserIdentityFields field={field} />
            <PasswordField
              {...field('password')}
              label="Contraseña"
              required
              autoComplete="new-password"
              strength={{
                password: watch('password'),
                person: { name: watch('name'), lastName: watch('last_name'), maternalSurName: watch('maternal_sur_name'), email: watch('email') },
              }}
            />
            <PasswordField
              {...field('password_confirmation')}
              label="Confirmar contraseña"
              required
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Crear usuario
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
