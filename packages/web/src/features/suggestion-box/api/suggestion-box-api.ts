import type {
  CommentCategoriesAnswer,
  CommentCategory,
  SuggestionBoxAvailableAnswer,
  SuggestionCategoriesAnswer,
  SuggestionCategoryGroups,
  SuggestionCreatedAnswer,
} from '@encuestas/core/api/suggestions';
import type { SuggestionFormInput } from '@encuestas/core/survey-kinds/buzon/form';
import { apiRequest } from '../../../api/client';

/** GET /suggestions/avalible: whether the box of the respondent's campus is open. */
export async function fetchSuggestionBoxAvailable(signal?: AbortSignal): Promise<boolean> {
  const body = await apiRequest<Partial<SuggestionBoxAvailableAnswer>>('/suggestions/avalible', { auth: 'student', signal });
  return body?.avalible === true;
}

/** GET /comment-categories: Sugerencia and Queja. */
export async function fetchCommentCategories(signal?: AbortSignal): Promise<CommentCategory[]> {
  const body = await apiRequest<Partial<CommentCategoriesAnswer>>('/comment-categories', { auth: 'none', signal });
  return body?.commentCategories ?? [];
}

/** GET /suggestion-categories: the general topics and those about a person. */
export async function fetchSuggestionCategories(signal?: AbortSignal): Promise<SuggestionCategoryGroups> {
  const body = await apiRequest<Partial<SuggestionCategoriesAnswer>>('/suggestion-categories', { auth: 'none', signal });
  return { general: body?.allSuggestionCategories ?? [], person: body?.allPersonSuggestionCategories ?? [] };
}

/** POST /suggestions (403 when the box is closed). */
export function sendSuggestion(form: SuggestionFormInput): Promise<SuggestionCreatedAnswer> {
  return apiRequest('/suggestions', { method: 'POST', body: form, auth: 'student' });
}
