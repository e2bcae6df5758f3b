import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { sendResetEmailRequestSchema } from '@encuestas/core/api/auth';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { AppLink } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { sendResetEmail } from '../api/admin-auth-api';

/** Asks for a password reset link (POST /admin/send-reset-email). */
export function AdminResetPasswordPage() {
  usePageTitle('Recuperar contraseña');
  const navigate = useNavigate();
  const notify = useNotify();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(sendResetEmailRequestSchema, { email: '' });

  const send = useMutation({
    mutationFn: sendResetEmail,
    onSuccess: () => {
      notify('Correo enviado correctamente', 'success');
      void navigate(PATHS.adminEmailSendSuccess);
    },
    onError: () => notify('Error al enviar el correo', 'error'),
  });

  const { ref: emailRef, ...email } = register('email');

  return (
    <CenteredCardLayout
      title="Recuperar contraseña"
      description="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
    >
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={handleSubmit((values) => send.mutate(values))}
      >
        <FormErrorAlert error={send.error} />
        <TextField
          {...email}
          inputRef={emailRef}
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        />
        <SubmitButton pending={send.isPending}>Enviar enlace</SubmitButton>
        <AppLink to={PATHS.adminLogin} sx={{ alignSelf: 'center' }}>
          Volver a iniciar sesión
        </AppLink>
      </Stack>
    </CenteredCardLayout>
  );
}
