import type {
  RequestCodeRequest,
  Respondent,
  ValidateCodeRequest,
  ValidatingRespondent,
} from '@encuestas/core/api/respondents';
import type { RespondentType } from '@encuestas/core/survey-kinds';
import { apiRequest } from '../../../api/client';

export interface ValidateCodeResponse {
  token: string;
  respondentType: RespondentType;
  student?: Respondent;
  teacher?: Respondent;
  staff?: Respondent;
}

/** POST /respondents/code: e-mails a 6-digit code; 201 with who is being validated. */
export async function requestLoginCode(request: RequestCodeRequest): Promise<ValidatingRespondent> {
  const { validatingStudent } = await apiRequest<{ validatingStudent: ValidatingRespondent }>('/respondents/code', {
    method: 'POST',
    body: request,
    auth: 'none',
    redirectOnUnauthorized: false,
  });
  return validatingStudent;
}

/** POST /respondents/code/validate: the token and the respondent, under the key of their type. */
export async function validateLoginCode(request: ValidateCodeRequest): Promise<{ token: string; respondent: Respondent }> {
  const response = await apiRequest<ValidateCodeResponse>('/respondents/code/validate', {
    method: 'POST',
    body: request,
    auth: 'none',
    redirectOnUnauthorized: false,
  });
  const respondent = response[response.respondentType] ?? response.student ?? response.teacher ?? response.staff;
  if (!respondent) throw new Error('La respuesta del servidor no incluye a la persona.');
  return { token: response.token, respondent };
}

/** GET /respondents/me: the respondent with fresh data (campus, group). */
export async function fetchRespondentMe(signal?: AbortSignal): Promise<Respondent> {
  const { respondent } = await apiRequest<{ respondent: Respondent }>('/respondents/me', { auth: 'student', signal });
  return respondent;
}

/** POST /respondents/logout. The caller clears the session whatever the answer. */
export function logoutRespondent(): Promise<unknown> {
  return apiRequest('/respondents/logout', { method: 'POST', auth: 'student', redirectOnUnauthorized: false });
}
