import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { loginRequestSchema } from '@encuestas/core/api/auth';
import { storeAdminSession } from '../../../api/session-storage';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { AppLink } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { loginAdmin } from '../api/admin-auth-api';
import { ADMIN_ME_QUERY_KEY } from '../hooks/use-admin-user';

/** Back-office login (POST /admin/login): stores token and user, then opens /admin. */
export function AdminLoginPage() {
  usePageTitle('Iniciar sesión');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginRequestSchema, { email: '', password: '' });

  const login = useMutation({
    mutationFn: loginAdmin,
    onSuccess: ({ user, token }) => {
      storeAdminSession(token, user);
      queryClient.setQueryData(ADMIN_ME_QUERY_KEY, user);
      void navigate(PATHS.admin, { replace: true });
    },
  });

  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');

  return (
    <CenteredCardLayout title="Acceso administrativo" description="Entra con el correo y la contraseña de tu cuenta.">
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={handleSubmit((values) => login.mutate(values))}
      >
        <FormErrorAlert error={login.error} />
        <TextField
          {...email}
          inputRef={emailRef}
          label="Correo electrónico"
          type="email"
          autoComplete="username"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        />
        <PasswordField
          {...password}
          inputRef={passwordRef}
          label="Contraseña"
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <SubmitButton pending={login.isPending}>Iniciar sesión</SubmitButton>
        <AppLink to={PATHS.adminResetPassword} sx={{ alignSelf: 'center' }}>
          ¿Olvidaste tu contraseña?
        </AppLink>
      </Stack>
    </CenteredCardLayout>
  );
}
