import type { Availability, SubmitResponseRequest, SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { Catalogs } from '@encuestas/core/survey-engine/types';
import { apiRequest } from '../../../api/client';
import { normalizeAvailability } from '../availability';

/** GET /respondents/availability: every list of spec §3 in one call. */
export async function fetchAvailability(signal?: AbortSignal): Promise<Availability> {
  return normalizeAvailability(await apiRequest<unknown>('/respondents/availability', { auth: 'student', signal }));
}

/** GET /catalogs: the reference lists (without INEGI's, which come from core). */
export async function fetchCatalogs(signal?: AbortSignal): Promise<Catalogs> {
  const body = await apiRequest<{ catalogs?: Catalogs }>('/catalogs', { auth: 'none', signal });
  return body?.catalogs ?? {};
}

/** POST /respondents/responses: 201 first time, 200 for a retry with the same idempotency key. */
export function submitSurveyResponse(request: SubmitResponseRequest): Promise<SubmitResponseResult> {
  return apiRequest<SubmitResponseResult>('/respondents/responses', { method: 'POST', body: request, auth: 'student' });
}
