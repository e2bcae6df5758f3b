import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { ValidatingRespondent } from '@encuestas/core/api/respondents';
import { CODE_LENGTH, CODE_MESSAGE, normalizeLoginCode } from '@encuestas/core/api/sign-in-rules';
import { ApiError, errorMessage } from '../../../api/api-error';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { SubmitButton } from '../../../components/forms/submit-button';
import { serverFieldErrors } from '../../../components/forms/server-field-errors';
import { LightTextField } from '../../../components/forms/light-text-field';
import { useCheckedField } from '../../../components/forms/use-checked-field';
import { usePageTitle } from '../../../hooks/use-page-title';
import { requestLoginCode, validateLoginCode } from '../api/respondent-auth-api';
import { RESPONDENT_QUERY_KEY } from '../../../hooks/use-respondent';
import {
  clearValidatingRespondent,
  getValidatingRespondent,
  storeRespondentSession,
  storeValidatingRespondent,
} from '../respondent-session';
import { safeNextPath } from '../next-path';
import { KeepSessionField } from './keep-session-field';
import { LoginFooterLinks } from './login-footer-links';
import { withNext } from './student-login-page';
import { LightButton } from '../../../components/light-button';
import { Alert, Stack } from '../../../components/light-ui';

/**
 * Respondent login, step 2 (spec: the validation step after code generation):
 * the code, and whether to stay signed in on this device.
 */
export function StudentValidateCodePage() {
  const [validating, setValidating] = useState(getValidatingRespondent);
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  if (!validating) return <Navigate to={withNext('/login', next)} replace />;
  return <ValidateCodeForm validating={validating} onResent={setValidating} next={next} />;
}

/** The code's check (signed in, it goes on to `next`) and «Enviar otro código», which starts the step over. */
function useCodeValidation(validating: ValidatingRespondent, onResent: (validating: ValidatingRespondent) => void, next: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const codeField = useCheckedField('', normalizeLoginCode, CODE_MESSAGE);
  // Off by default: on a shared computer the session ends when the browser closes.
  const [keepSession, setKeepSession] = useState(false);

  const validate = useMutation({
    mutationFn: (code: string) => validateLoginCode({ identifier: validating.identifier, code, keepSession }),
    onSuccess: ({ token, respondent, ...lifetime }) => {
      storeRespondentSession(token, respondent, lifetime);
      queryClient.setQueryData(RESPONDENT_QUERY_KEY, respondent);
      void navigate(safeNextPath(next), { replace: true });
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error, ['code']);
      if (fieldErrors.code) codeField.setServerError(fieldErrors.code);
    },
  });

  const resend = useMutation({
    mutationFn: () => requestLoginCode({ identifier: validating.identifier, next }),
    onSuccess: (fresh) => {
      storeValidatingRespondent(fresh);
      onResent(fresh);
      validate.reset();
      codeField.reset();
    },
  });

  const notMe = () => {
    clearValidatingRespondent();
    void navigate(withNext('/login', next), { replace: true });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = codeField.submit();
    if (checked !== null) validate.mutate(checked);
  };
  return { codeField, keepSession, setKeepSession, validate, resend, notMe, onSubmit };
}

function ValidateCodeForm({
  validating,
  onResent,
  next,
}: {
  validating: ValidatingRespondent;
  onResent: (validating: ValidatingRespondent) => void;
  next: string | null;
}) {
  usePageTitle('Código de acceso');
  const { codeField, keepSession, setKeepSession, validate, resend, notMe, onSubmit } = useCodeValidation(validating, onResent, next);
  const codeFieldError = validate.error ? serverFieldErrors(validate.error, ['code']).code : undefined;
  const validateAlert = validate.isError && !codeFieldError;
  const exhausted = validate.error instanceof ApiError && validate.error.status === 429;

  return (
    <CenteredCardLayout
      title={`¿Eres ${validating.name}?`}
      description={`Enviamos un código a ${validating.maskedEmail}. Vence en ${validating.expiresInMinutes} minutos.`}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {resend.isSuccess ? (
          <Alert severity="success" role="status">
            Te enviamos un nuevo código. Usa el más reciente.
          </Alert>
        ) : null}
        {resend.isError ? (
          <Alert severity="warning" role="alert">
            {errorMessage(resend.error)}
          </Alert>
        ) : null}
        {validateAlert ? (
          <Alert severity={exhausted ? 'warning' : 'error'} role="alert">
            {errorMessage(validate.error)}
            {exhausted ? ' Pide otro código para intentarlo de nuevo.' : null}
          </Alert>
        ) : null}
        <CodeField field={codeField} />
        <KeepSessionField checked={keepSession} onChange={setKeepSession} />
        <SubmitButton pending={validate.isPending}>Entrar</SubmitButton>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <LightButton
            type="button"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
            aria-busy={resend.isPending}
          >
            Enviar otro código
          </LightButton>
          <LightButton type="button" onClick={notMe} color="inherit">
            No soy yo
          </LightButton>
        </Stack>
      </Stack>
      <LoginFooterLinks />
    </CenteredCardLayout>
  );
}

/** The six digits, large and spaced, with the mail's reminder or the field's error below. */
function CodeField({ field }: { field: ReturnType<typeof useCheckedField> }) {
  return (
    <LightTextField
      value={field.value}
      inputRef={field.inputRef}
      onChange={(event) => {
        // Only digits, at most six: pasting '123 456' or a sentence with the code still works.
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
        field.onChange(event);
      }}
      label="Código de 6 dígitos"
      autoComplete="one-time-code"
      autoFocus
      error={field.error !== null}
      helperText={field.error ?? 'Revisa tu correo institucional (y la carpeta de correo no deseado).'}
      htmlInput={{
        inputMode: 'numeric',
        pattern: '[0-9]*',
        maxLength: CODE_LENGTH,
        enterKeyHint: 'go',
        style: { fontSize: '1.5rem', letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' },
      }}
    />
  );
}
