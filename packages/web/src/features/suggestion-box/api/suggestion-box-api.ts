import type { ChipColor } from '@encuestas/core/api/suggestions';
import type { SuggestionFormInput } from '@encuestas/core/survey-kinds/buzon/form';
import { apiRequest } from '../../../api/client';

export interface CommentCategory {
  id: number;
  name: string;
  color: ChipColor;
}

export interface SuggestionCategory {
  id: number;
  name: string;
  scope: 'general' | 'person';
}

export interface SuggestionCategories {
  general: SuggestionCategory[];
  person: SuggestionCategory[];
}

/** GET /suggestions/avalible: whether the box of the respondent's campus is open. */
export async function fetchSuggestionBoxAvailable(signal?: AbortSignal): Promise<boolean> {
  const body = await apiRequest<{ avalible?: boolean }>('/suggestions/avalible', { auth: 'student', signal });
  return body?.avalible === true;
}

/** GET /comment-categories: Sugerencia and Queja. */
export async function fetchCommentCategories(signal?: AbortSignal): Promise<CommentCategory[]> {
  const body = await apiRequest<{ commentCategories?: CommentCategory[] }>('/comment-categories', { auth: 'none', signal });
  return body?.commentCategories ?? [];
}

/** GET /suggestion-categories: the general topics and those about a person. */
export async function fetchSuggestionCategories(signal?: AbortSignal): Promise<SuggestionCategories> {
  const body = await apiRequest<{
    allSuggestionCategories?: SuggestionCategory[];
    allPersonSuggestionCategories?: SuggestionCategory[];
  }>('/suggestion-categories', { auth: 'none', signal });
  return { general: body?.allSuggestionCategories ?? [], person: body?.allPersonSuggestionCategories ?? [] };
}

/** POST /suggestions (403 when the box is closed). */
export function sendSuggestion(form: SuggestionFormInput): Promise<{ suggestion: { id: number; created_on: string } }> {
  return apiRequest('/suggestions', { method: 'POST', body: form, auth: 'student' });
}
