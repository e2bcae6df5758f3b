import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { changeOwnPasswordSchema, type ChangeOwnPasswordRequest } from '@encuestas/core/api/users';
import { MIN_PASSWORD_LENGTH } from '@encuestas/core/api/auth';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { hasServerFieldErrors, serverFieldErrors } from '../../../components/forms/server-field-errors';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useNotify } from '../../../components/notifications/use-notify';
import { changeOwnPassword } from '../api/profile-api';

export const PASSWORD_CHANGED_MESSAGE = 'Contraseña actualizada correctamente';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: ChangeOwnPasswordRequest = { current_password: '', password: '', password_confirmation: '' };

/** The signed-in user's password (PUT /admin/password). Other sessions end; this one goes on. */
export function ChangePasswordForm() {
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(changeOwnPasswordSchema, EMPTY);
  const { user } = useAdminUser();

  const mutation = useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: (response) => {
      notify(response?.message || PASSWORD_CHANGED_MESSAGE, 'success');
      reset(EMPTY);
    },
    onError: (error) => {
      for (const [field, message] of Object.entries(serverFieldErrors(error, FIELDS))) {
        setError(field as (typeof FIELDS)[number], { type: 'server', message }, { shouldFocus: true });
      }
    },
  });

  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: errors[name]?.message };
  };
  const fieldErrorsShown = hasServerFieldErrors(mutation.error, FIELDS);

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit((values) => {
        mutation.reset();
        mutation.mutate(values);
      })}
      sx={{ maxWidth: 480 }}
    >
      <FormErrorAlert error={fieldErrorsShown ? null : mutation.error} />
      <PasswordField {...field('current_password')} label="Contraseña actual" autoComplete="current-password" required />
      <PasswordField
        {...field('password')}
        label="Nueva contraseña"
        autoComplete="new-password"
        required
        helperText={errors.password?.message ?? `Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
        strength={{
          password: watch('password'),
          person: { name: user?.name, lastName: user?.last_name, maternalSurName: user?.maternal_sur_name, email: user?.email },
        }}
      />
      <PasswordField
        {...field('password_confirmation')}
        label="Confirmar contraseña"
        autoComplete="new-password"
        required
      />
      <Box>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          Cambiar contraseña
        </Button>
      </Box>
    </Stack>
  );
}
