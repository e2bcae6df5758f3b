import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LINK_TOKEN_MESSAGE } from '@encuestas/core/api/respondents';
import { errorMessage } from '../../../api/api-error';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { SubmitButton } from '../../../components/forms/submit-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { signInWithLink } from '../api/respondent-auth-api';
import { RESPONDENT_QUERY_KEY } from '../../../hooks/use-respondent';
import { safeNextPath } from '../next-path';
import { storeRespondentSession } from '../respondent-session';
import { KeepSessionField } from './keep-session-field';
import { LightButton } from '../../../components/light-button';
import { Alert, Stack } from '../../../components/light-ui';

/**
 * The token of the sign-in link and the page to open after it (`#<token>` or
 * `#<token>&next=<path>`), taken out of the address bar at once so the token
 * stays in neither the history nor a shared screen. Both travel in the
 * fragment, which browsers never send to the server.
 */
function takeLink(): { token: string; next: string | null } {
  const [token = '', rest = ''] = window.location.hash.slice(1).split(/&(.*)/s);
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return { token, next: new URLSearchParams(rest).get('next') };
}

/**
 * /login/enlace#<token>: the single-use link e-mailed with the code. The link
 * is spent only when the person taps 'Entrar' here, after choosing whether to
 * stay signed in on this device (so a mail scanner that opens links spends
 * nothing, and the choice is the person's, not whoever asked for the code).
 */
export function StudentSignInLinkPage() {
  usePageTitle('Entrar con el enlace');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [{ token, next }] = useState(takeLink);
  const [keepSession, setKeepSession] = useState(false);

  const signIn = useMutation({
    mutationFn: () => signInWithLink({ token, keepSession }),
    onSuccess: ({ token: sessionToken, respondent, ...lifetime }) => {
      storeRespondentSession(sessionToken, respondent, lifetime);
      queryClient.setQueryData(RESPONDENT_QUERY_KEY, respondent);
      void navigate(safeNextPath(next), { replace: true });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };

  const failure = !token ? LINK_TOKEN_MESSAGE : signIn.isError ? errorMessage(signIn.error) : null;
  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <CenteredCardLayout title="Entrar con el enlace" description={failure ? undefined : 'Tu enlace de acceso está listo.'}>
      {failure ? (
        <Stack spacing={2.5}>
          <Alert severity="warning" role="alert">
            {failure}
          </Alert>
          <LightButton variant="contained" onClick={() => void navigate('/login', { replace: true })}>
            Pedir un código
          </LightButton>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
          <KeepSessionField checked={keepSession} onChange={setKeepSession} disabled={busy} />
          <SubmitButton pending={busy}>Entrar</SubmitButton>
        </Stack>
      )}
    </CenteredCardLayout>
  );
}
