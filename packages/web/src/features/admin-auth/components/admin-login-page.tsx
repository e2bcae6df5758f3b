import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loginRequestSchema, type AdminUser } from '@encuestas/core/api/auth';
import { storeAdminSession } from '../../../api/session-storage';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { FormErrorAlert } from '../../../components/forms/form-error-alert';
import { PasswordField } from '../../../components/forms/password-field';
import { SubmitButton } from '../../../components/forms/submit-button';
import { useZodForm } from '../../../components/forms/use-zod-form';
import { AppLink } from '../../../components/router-link';
import { institutionSignInConfig, institutionSignInFor } from '../../student-auth/components/student-login-page';
import { InstitutionSignInButton, OrDivider, useInstitutionSession } from '../../../components/institution-sign-in';
import { usePageTitle } from '../../../hooks/use-page-title';
import { fetchAdminMe, loginAdmin } from '../api/admin-auth-api';
import { ADMIN_ME_QUERY_KEY } from '../../../hooks/use-admin-user';

/**
 * Back-office login (POST /admin/login), or with the institution's account
 * (its callback returns here with the session): stores token and user, then opens /admin.
 */
export function AdminLoginPage() {
  usePageTitle('Iniciar sesión');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginRequestSchema, { email: '', password: '' });

  const signedIn = ({ user, token }: { user: AdminUser; token: string }) => {
    storeAdminSession(token, user);
    queryClient.setQueryData(ADMIN_ME_QUERY_KEY, user);
    void navigate(PATHS.admin, { replace: true });
  };
  const login = useMutation({ mutationFn: loginAdmin, onSuccess: signedIn });

  const institution = institutionSignInFor('admins');
  const institutionSession = useInstitutionSession('admins');
  const adopt = useMutation({
    mutationFn: async (token: string) => ({ token, user: await fetchAdminMe(undefined, token) }),
    onSuccess: signedIn,
  });
  const { mutate: adoptSession } = adopt;
  useEffect(() => {
    if (institutionSession) adoptSession(institutionSession.token);
  }, [institutionSession, adoptSession]);

  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');

  return (
    <CenteredCardLayout
      title="Acceso administrativo"
      description={institution.only ? 'Entra con la cuenta de la institución.' : 'Entra con el correo y la contraseña de tu cuenta.'}
    >
      <Stack spacing={2.5} sx={{ mb: institution.offered && !institution.only ? 2.5 : 0 }}>
        <FormErrorAlert error={adopt.error} />
        <InstitutionSignInButton audience="admins" label={institution.offered ? institutionSignInConfig?.label : undefined} />
        {institution.offered && !institution.only ? <OrDivider /> : null}
      </Stack>
      {institution.only ? null : (
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
      )}
    </CenteredCardLayout>
  );
}
