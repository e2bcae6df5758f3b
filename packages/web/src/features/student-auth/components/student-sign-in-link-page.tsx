import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LINK_TOKEN_MESSAGE } from '@encuestas/core/api/respondents';
import { errorMessage } from '../../../api/api-error';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { usePageTitle } from '../../../hooks/use-page-title';
import { signInWithLink } from '../api/respondent-auth-api';
import { RESPONDENT_QUERY_KEY } from '../hooks/use-respondent';
import { safeNextPath } from '../next-path';
import { storeRespondentSession } from '../respondent-session';

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

/** /login/enlace#<token>: the single-use link e-mailed with the code signs in with one tap. */
export function StudentSignInLinkPage() {
  usePageTitle('Entrar con el enlace');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [{ token, next }] = useState(takeLink);
  const started = useRef(false);

  const signIn = useMutation({
    mutationFn: () => signInWithLink({ token }),
    onSuccess: ({ token: sessionToken, respondent, ...lifetime }) => {
      storeRespondentSession(sessionToken, respondent, lifetime);
      queryClient.setQueryData(RESPONDENT_QUERY_KEY, respondent);
      void navigate(safeNextPath(next), { replace: true });
    },
  });

  useEffect(() => {
    // Once, even when a development re-run of effects mounts the page twice: the link works only once.
    if (started.current || !token) return;
    started.current = true;
    signIn.mutate();
  }, [signIn, token]);

  const failure = !token ? LINK_TOKEN_MESSAGE : signIn.isError ? errorMessage(signIn.error) : null;
  return (
    <CenteredCardLayout title="Entrar con el enlace">
      <Stack spacing={2.5}>
        {failure ? (
          <>
            <Alert severity="warning" role="alert">
              {failure}
            </Alert>
            <Button variant="contained" onClick={() => void navigate('/login', { replace: true })} sx={{ minHeight: 44 }}>
              Pedir un código
            </Button>
          </>
        ) : (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <span>Entrando…</span>
          </Stack>
        )}
      </Stack>
    </CenteredCardLayout>
  );
}
