import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignInAudience } from '@encuestas/core/api/institution-sign-in';
import { IDENTIFIER_MESSAGE, normalizeIdentifier } from '@encuestas/core/api/sign-in-rules';
import { ApiError, errorMessage } from '../../../api/api-error';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { SubmitButton } from '../../../components/forms/submit-button';
import { LightTextField } from '../../../components/forms/light-text-field';
import { useCheckedField } from '../../../components/forms/use-checked-field';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { LightLink } from '../../../components/light-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { injectedConfig } from '../../../app/app-config';
import { purgeStaleDrafts } from '../../../survey-runner/draft-storage';
import { requestLoginCode } from '../api/respondent-auth-api';
import { getValidatingRespondent, storeValidatingRespondent } from '../respondent-session';
import { LoginFooterLinks } from './login-footer-links';
import { Alert, Stack, Text } from '../../../components/light-ui';

/** Apart, so an institution without the provider sends its respondents not a byte more (bundle-budgets.json). */
const RespondentInstitutionSignIn = lazy(() => import('./respondent-institution-sign-in'));

/**
 * Sign-in with the institution's account as the server injected it
 * (institutionSignIn, institutionSignInOnly, institutionSignInLabel). Here,
 * not in app-config.ts, so no page's entry carries it, and in this module rather
 * than one of its own, which would be one more file for the phone to fetch
 * first (bundle-budgets.json maxFiles); the back-office login reads it here too.
 */
export interface InstitutionSignInConfig {
  audiences: SignInAudience[];
  /** Audiences for which it is the only way in (OIDC_ONLY). */
  only: SignInAudience[];
  label: string;
}

// Spelt out rather than imported from core, whose texts would then join the login page.
const SIGN_IN_AUDIENCES: readonly SignInAudience[] = ['admins', 'respondents'];

function audienceList(value: unknown): SignInAudience[] {
  const entries = typeof value === 'string' ? value.split(',') : [];
  return SIGN_IN_AUDIENCES.filter((audience) => entries.includes(audience));
}

/** Null when not configured or malformed. */
export function parseInstitutionSignIn(raw: unknown): InstitutionSignInConfig | null {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const audiences = audienceList(source.institutionSignIn);
  const label = typeof source.institutionSignInLabel === 'string' ? source.institutionSignInLabel.trim() : '';
  if (audiences.length === 0 || !label) return null;
  return { audiences, only: audienceList(source.institutionSignInOnly).filter((audience) => audiences.includes(audience)), label };
}

export const institutionSignInConfig = parseInstitutionSignIn(injectedConfig);

/** Whether the institution's account is offered to this audience, and whether it is their only way in. */
export function institutionSignInFor(audience: SignInAudience): { offered: boolean; only: boolean } {
  return {
    offered: institutionSignInConfig?.audiences.includes(audience) ?? false,
    only: institutionSignInConfig?.only.includes(audience) ?? false,
  };
}

/**
 * Whether the address is the institution sign-in coming back, with a session
 * (`#sesion=`) or a refusal (`?acceso=`, INSTITUTION_SIGN_IN_ERROR_PARAM): the
 * respondent login then loads that block even where the provider is not offered.
 */
export function institutionSignInReturned(location: { search: string; hash: string }): boolean {
  return new URLSearchParams(location.search).has('acceso') || new URLSearchParams(location.hash.slice(1)).has('sesion');
}

export const VALIDATE_CODE_PATH = '/login/validar';

/** Keeps ?next= across the two login steps. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/**
 * Respondent login, step 1 (POST /respondents/code): the pc_id or the
 * institutional e-mail; the server e-mails a one-time code and the
 * validation step follows, where 'keep me signed in' is chosen. Or the
 * institution's account, when offered (its callback returns here with the session).
 */
export function StudentLoginPage() {
  usePageTitle('Entrar');
  // Where each person on a shared computer starts: answers of closed applications go now.
  useEffect(() => {
    purgeStaleDrafts();
  }, []);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const pendingValidation = getValidatingRespondent();
  const institution = institutionSignInFor('respondents');
  const showInstitution = institution.offered || institutionSignInReturned(window.location);
  const identifier = useCheckedField(pendingValidation?.identifier ?? '', normalizeIdentifier, IDENTIFIER_MESSAGE);

  const request = useMutation({
    mutationFn: requestLoginCode,
    onSuccess: (validating) => {
      storeValidatingRespondent(validating);
      void navigate(withNext(VALIDATE_CODE_PATH, next));
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error, ['identifier']);
      if (fieldErrors.identifier) identifier.setServerError(fieldErrors.identifier);
    },
  });

  const fieldError = request.error ? serverFieldErrors(request.error, ['identifier']).identifier : undefined;
  const showAlert = request.isError && !fieldError;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = identifier.submit();
    if (checked !== null) request.mutate({ identifier: checked, next });
  };

  return (
    <CenteredCardLayout
      title="Responder encuestas"
      description={
        institution.only
          ? 'Entra con tu cuenta de la institución.'
          : 'Escribe tu número de control o tu correo institucional. Te enviaremos un código de acceso a tu correo.'
      }
    >
      {showInstitution ? (
        <Suspense fallback={null}>
          <RespondentInstitutionSignIn next={next} only={institution.only} label={institution.offered ? institutionSignInConfig?.label : undefined} />
        </Suspense>
      ) : null}
      {institution.only ? null : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
          {showAlert ? (
            <Alert severity={request.error instanceof ApiError && request.error.status === 429 ? 'warning' : 'error'} role="alert">
              {errorMessage(request.error)}
            </Alert>
          ) : null}
          <LightTextField
            value={identifier.value}
            onChange={identifier.onChange}
            inputRef={identifier.inputRef}
            label="Número de control o correo institucional"
            autoComplete="username"
            autoFocus
            error={identifier.error !== null}
            helperText={identifier.error ?? 'Ejemplo: 100000001 o nombre.apellido@alumnos.universidad.mx'}
            htmlInput={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, enterKeyHint: 'send' }}
          />
          <SubmitButton pending={request.isPending}>Enviar código</SubmitButton>
          {pendingValidation ? (
            <Text variant="body2" sx={{ textAlign: 'center' }}>
              ¿Ya tienes tu código?{' '}
              <LightLink to={withNext(VALIDATE_CODE_PATH, next)}>Escribir el código</LightLink>
            </Text>
          ) : null}
        </Stack>
      )}
      <LoginFooterLinks />
    </CenteredCardLayout>
  );
}
