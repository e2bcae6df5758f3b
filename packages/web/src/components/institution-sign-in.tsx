import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  INSTITUTION_SIGN_IN_ERROR_PARAM,
  INSTITUTION_SIGN_IN_START_PATH,
  institutionSignInErrorMessage,
  type SignInAudience,
} from '@encuestas/core/api/institution-sign-in';
import { buildApiUrl } from '../api/client';
import { safeSessionStorage } from '../api/safe-session-storage';
import type { LightTheme } from '../app/light-theme';
import { LightLinkButton } from './light-button';
import { Alert, Stack } from './light-ui';
import { useStaticClass } from './static-style';

/** What the server's callback put in the fragment after a successful sign-in. */
export interface InstitutionSession {
  token: string;
  /** The end of a session kept on this device (respondents who asked). */
  keptUntil: string | null;
  next: string | null;
}

/** Set when this tab leaves for the provider: only a round trip it started may sign it in. */
const STARTED_KEY = 'institutionSignInStarted';

export function markInstitutionSignInStarted(audience: SignInAudience): void {
  safeSessionStorage.write(STARTED_KEY, audience);
}

/**
 * The session the callback sent in the address's fragment (`#sesion=…`),
 * taken out of the address bar at once so the token stays in neither the
 * history nor a shared screen (browsers never send a fragment to a server).
 * Kept only when this tab started the round trip for this audience, so a
 * link carrying someone else's session cannot sign a person in as them.
 */
export function takeInstitutionSession(audience: SignInAudience): InstitutionSession | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('sesion');
  if (!token) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const started = safeSessionStorage.read(STARTED_KEY) === audience;
  safeSessionStorage.remove(STARTED_KEY);
  return started ? { token, keptUntil: fragment.get('conservar'), next: fragment.get('next') } : null;
}

/** Keeps what takeInstitutionSession found for the whole life of the page (it empties the address bar). */
export function useInstitutionSession(audience: SignInAudience): InstitutionSession | null {
  const [session] = useState(() => takeInstitutionSession(audience));
  return session;
}

/**
 * The button that leaves for the institution's identity provider, and the
 * Spanish text of a sign-in it refused (`?acceso=…` on the way back).
 */
export function InstitutionSignInButton({
  audience,
  label,
  keepSession = false,
  next,
}: {
  audience: SignInAudience;
  /** The button's text; none where the provider is not offered to this audience (a refusal still shows). */
  label: string | undefined;
  keepSession?: boolean;
  next?: string | null;
}) {
  const [searchParams] = useSearchParams();
  const failure = institutionSignInErrorMessage(searchParams.get(INSTITUTION_SIGN_IN_ERROR_PARAM));
  const href = buildApiUrl(INSTITUTION_SIGN_IN_START_PATH, { audience, keepSession: keepSession || undefined, next: next ?? undefined });
  return (
    <Stack spacing={2}>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {label ? (
        <LightLinkButton variant="contained" href={href} onClick={() => markInstitutionSignInStarted(audience)}>
          {label}
        </LightLinkButton>
      ) : null}
    </Stack>
  );
}

/** MUI's horizontal Divider with a text, in the page's secondary body text. */
const OR_DIVIDER_SX = {
  display: 'flex',
  m: 0,
  border: 0,
  textAlign: 'center',
  color: 'text.secondary',
  typography: 'body2',
  '&::before, &::after': {
    content: '""',
    alignSelf: 'center',
    width: '100%',
    borderTop: (t: LightTheme) => `thin solid ${t.palette.divider}`,
  },
  '& > span': { display: 'inline-block', px: 'calc(8px * 1.2)', whiteSpace: 'nowrap' },
} as const;

/** The line between the institution's button and the other way in. */
export function OrDivider() {
  return (
    <div className={useStaticClass(OR_DIVIDER_SX)} role="separator" aria-orientation="horizontal">
      <span>o</span>
    </div>
  );
}
