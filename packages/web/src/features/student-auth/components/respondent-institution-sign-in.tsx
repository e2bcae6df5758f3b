import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { InstitutionSignInButton, OrDivider, useInstitutionSession } from '../../../components/institution-sign-in';
import { fetchRespondentMe } from '../api/respondent-auth-api';
import { RESPONDENT_QUERY_KEY } from '../../../hooks/use-respondent';
import { safeNextPath } from '../next-path';
import { storeRespondentSession } from '../respondent-session';
import { KeepSessionField } from './keep-session-field';
import { Alert, Stack } from '../../../components/light-ui';

/**
 * The respondent login's institution block, loaded only where the provider is
 * offered or its callback came back (student-login-page.tsx), so the sign-in
 * page of an institution without it loads nothing more: 'keep me signed in',
 * the button, a refusal's text, and the session the callback returned.
 */
export default function RespondentInstitutionSignIn({ next, only, label }: { next: string | null; only: boolean; label: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useInstitutionSession('respondents');
  const [keepSession, setKeepSession] = useState(false);
  const adopt = useMutation({
    mutationFn: async ({ token }: { token: string; keptUntil: string | null; next: string | null }) => fetchRespondentMe(undefined, token),
    onSuccess: (respondent, { token, keptUntil, next: returnTo }) => {
      storeRespondentSession(token, respondent, { keepSession: keptUntil !== null, sessionExpiresAt: keptUntil ?? '' });
      queryClient.setQueryData(RESPONDENT_QUERY_KEY, respondent);
      void navigate(safeNextPath(returnTo), { replace: true });
    },
  });
  const { mutate: adoptSession } = adopt;
  useEffect(() => {
    if (session) adoptSession(session);
  }, [session, adoptSession]);

  return (
    <Stack spacing={2.5} sx={{ mb: label && !only ? 2.5 : 0 }}>
      {adopt.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(adopt.error)}
        </Alert>
      ) : null}
      {label ? <KeepSessionField checked={keepSession} onChange={setKeepSession} /> : null}
      <InstitutionSignInButton audience="respondents" label={label} keepSession={keepSession} next={next} />
      {label && !only ? <OrDivider /> : null}
    </Stack>
  );
}
