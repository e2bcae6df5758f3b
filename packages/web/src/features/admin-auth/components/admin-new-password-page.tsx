import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH, resetForgotPasswordRequestSchema } from '@encuestas/core/api/auth';
import { ApiError } from '../../../api/api-error';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { AppLink } from '../../../components/router-link';
import { LinkButton } from '../../../components/link-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { resetForgotPassword } from '../api/admin-auth-api';

const TITLE = 'Elige una contraseña nueva';

/** The page the reset e-mail links to: /admin-new-password?token=…&email=… */
export function AdminNewPasswordPage() {
  usePageTitle('Nueva contraseña');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';

  if (!token || !email) {
    return (
      <CenteredCardLayout title={TITLE}>
        <Alert severity="warning">
          El enlace que abriste está incompleto: le falta el código o el correo. Pide un enlace nuevo y ábrelo
          directamente desde el correo que te enviemos.
        </Alert>
        <LinkButton to={PATHS.adminResetPassword} variant="contained" size="large" fullWidth>
          Solicitar un enlace nuevo
        </LinkButton>
        <AppLink to={PATHS.adminLogin} sx={{ alignSelf: 'center' }}>
          Volver a iniciar sesión
        </AppLink>
      </CenteredCardLayout>
    );
  }
  return <NewPasswordForm token={token} email={email} />;
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useZodForm(resetForgotPasswordRequestSchema, { token, email, password: '', password_confirmation: '' });

  const reset = useMutation({
    mutationFn: resetForgotPassword,
    onSuccess: () => {
      notify('Contraseña actualizada correctamente', 'success');
      void navigate(PATHS.adminNewPasswordSuccess, { replace: true });
    },
    // The spec's wording for this failure (§8); the alert below says what went wrong.
    onError: () => notify('Error al enviar el correo', 'error'),
  });

  const { ref: passwordRef, ...password } = register('password');
  const { ref: confirmationRef, ...confirmation } = register('password_confirmation');
  const linkProblem = errors.token?.message ?? (errors.email ? 'El correo del enlace no es válido.' : undefined);
  const expiredLink = reset.error instanceof ApiError && reset.error.code === 'INVALID_RESET_TOKEN';

  return (
    <CenteredCardLayout title={TITLE} description="Escribe tu contraseña nueva dos veces para confirmarla.">
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={handleSubmit((values) => reset.mutate(values))}
      >
        <FormErrorAlert error={reset.error}>
          {expiredLink ? (
            <>
              {' '}
              <AppLink to={PATHS.adminResetPassword} color="inherit">
                Solicitar un enlace nuevo
              </AppLink>
            </>
          ) : null}
        </FormErrorAlert>
        {linkProblem ? <Alert severity="warning">{linkProblem}</Alert> : null}
        <TextField
          label="Correo electrónico"
          value={email}
          autoComplete="username"
          slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
          helperText="La contraseña nueva será para esta cuenta."
        />
        <PasswordField
          {...password}
          inputRef={passwordRef}
          label="Nueva contraseña"
          autoComplete="new-password"
          autoFocus
          strength={{ password: watch('password'), person: { email } }}
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? `Al menos ${MIN_PASSWORD_LENGTH} caracteres.`}
        />
        <PasswordField
          {...confirmation}
          inputRef={confirmationRef}
          label="Confirmar contraseña"
          autoComplete="new-password"
          error={Boolean(errors.password_confirmation)}
          helperText={errors.password_confirmation?.message}
        />
        <SubmitButton pending={reset.isPending}>Guardar contraseña</SubmitButton>
      </Stack>
    </CenteredCardLayout>
  );
}
