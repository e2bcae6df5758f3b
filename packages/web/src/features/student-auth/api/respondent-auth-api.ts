import type {
  RequestCodeAnswer,
  RequestCodeRequest,
  Respondent,
  RespondentMeAnswer,
  RespondentSignIn,
  RespondentSignInAnswer,
  SignInLinkRequest,
  ValidateCodeRequest,
  ValidatingRespondent,
} from '@encuestas/core/api/respondents';
import { apiRequest } from '../../../api/client';

/** POST /respondents/code: e-mails a 6-digit code; 201 with who is being validated. */
export async function requestLoginCode(request: RequestCodeRequest): Promise<ValidatingRespondent> {
  const { validatingStudent } = await apiRequest<RequestCodeAnswer>('/respondents/code', {
    method: 'POST',
    body: request,
    auth: 'none',
    redirectOnUnauthorized: false,
  });
  return validatingStudent;
}

export type SignedIn = RespondentSignIn & { respondent: Respondent };

async function signIn(path: string, body: ValidateCodeRequest | SignInLinkRequest): Promise<SignedIn> {
  const response = await apiRequest<RespondentSignInAnswer>(path, { method: 'POST', body, auth: 'none', redirectOnUnauthorized: false });
  const respondent = response[response.respondentType] ?? response.student ?? response.teacher ?? response.staff;
  if (!respondent) throw new Error('La respuesta del servidor no incluye a la persona.');
  return { token: response.token, keepSession: response.keepSession === true, sessionExpiresAt: response.sessionExpiresAt, respondent };
}

/** POST /respondents/code/validate: the token and the respondent, under the key of their type. */
export function validateLoginCode(request: ValidateCodeRequest): Promise<SignedIn> {
  return signIn('/respondents/code/validate', request);
}

/** POST /respondents/link/validate: the same, from the single-use link e-mailed with the code. */
export function signInWithLink(request: SignInLinkRequest): Promise<SignedIn> {
  return signIn('/respondents/link/validate', request);
}

/** GET /respondents/me: the respondent with fresh data (campus, group); `token` checks one not yet stored. */
export async function fetchRespondentMe(signal?: AbortSignal, token?: string): Promise<Respondent> {
  const { respondent } = await apiRequest<RespondentMeAnswer>('/respondents/me', {
    auth: 'student',
    signal,
    ...(token ? { token, redirectOnUnauthorized: false } : {}),
  });
  return respondent;
}

/** POST /respondents/logout. The caller clears the session whatever the answer. */
export function logoutRespondent(): Promise<unknown> {
  return apiRequest('/respondents/logout', { method: 'POST', auth: 'student', redirectOnUnauthorized: false });
}
