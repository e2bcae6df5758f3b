import type {
  CampusSuggestionBox,
  CampusSuggestionBoxAnswer,
  CommentCategoriesAnswer,
  CommentCategory,
  ListSuggestionsQuery,
  Suggestion,
  SuggestionAnswer,
  SuggestionCategoriesAnswer,
  SuggestionCategoryGroups,
  SuggestionResolution,
  SuggestionResolutionsAnswer,
  SuggestionsPage,
  UpdateSuggestionRequest,
} from '@encuestas/core/api/suggestions';
import { ApiError } from '../../../api/api-error';
import { apiRequest } from '../../../api/client';

/** The query of GET /suggestions as sent (spec §3 comment filter; flags as 'true'/'false'; pages 1-based). */
export type SuggestionsPageQuery = ListSuggestionsQuery;
export type { CommentCategory, SuggestionCategoryGroups, SuggestionResolution };

/** GET /suggestions, one page (only the user's campuses). */
export function fetchSuggestionsPage(query: SuggestionsPageQuery, signal?: AbortSignal): Promise<SuggestionsPage> {
  return apiRequest<SuggestionsPage>('/suggestions', { query: { ...query }, signal });
}

/** GET /suggestions/{id}. */
export async function fetchSuggestion(id: string, signal?: AbortSignal): Promise<Suggestion> {
  const { suggestion } = await apiRequest<SuggestionAnswer>(`/suggestions/${id}`, { signal });
  return suggestion;
}

/** PUT /suggestions/{id}: type, category or resolution (409 once closed). */
export async function updateSuggestion(id: string, request: UpdateSuggestionRequest): Promise<Suggestion> {
  const { suggestion } = await apiRequest<SuggestionAnswer>(`/suggestions/${id}`, { method: 'PUT', body: request });
  return suggestion;
}

/** PUT /suggestions/{id}/close: final, the suggestion can no longer change. */
export async function closeSuggestion(id: string): Promise<Suggestion> {
  const { suggestion } = await apiRequest<SuggestionAnswer>(`/suggestions/${id}/close`, { method: 'PUT' });
  return suggestion;
}

/** PUT /suggestions/{id}/contact (409 when the author left no contact data). */
export async function markSuggestionContacted(id: string): Promise<Suggestion> {
  const { suggestion } = await apiRequest<SuggestionAnswer>(`/suggestions/${id}/contact`, { method: 'PUT' });
  return suggestion;
}

/** GET /comment-categories: Sugerencia and Queja (public list). */
export async function fetchCommentCategories(signal?: AbortSignal): Promise<CommentCategory[]> {
  const { commentCategories } = await apiRequest<CommentCategoriesAnswer>('/comment-categories', {
    auth: 'none',
    signal,
  });
  return commentCategories;
}

/** GET /suggestion-categories: the general topics and those about a person (public list). */
export async function fetchSuggestionCategories(signal?: AbortSignal): Promise<SuggestionCategoryGroups> {
  const body = await apiRequest<SuggestionCategoriesAnswer>('/suggestion-categories', { auth: 'none', signal });
  return { general: body.allSuggestionCategories, person: body.allPersonSuggestionCategories };
}

/** GET /suggestion-resolutions: Procedente, No procedente, Sin categorizar (public list). */
export async function fetchSuggestionResolutions(signal?: AbortSignal): Promise<SuggestionResolution[]> {
  const { suggestionResolutions } = await apiRequest<SuggestionResolutionsAnswer>(
    '/suggestion-resolutions',
    { auth: 'none', signal },
  );
  return suggestionResolutions;
}

/** PUT /campus/{id}/suggestion-box: opens or closes a campus's box. */
export async function setSuggestionBoxOpen(campusId: number, avalible: boolean): Promise<CampusSuggestionBox> {
  const { campus } = await apiRequest<CampusSuggestionBoxAnswer>(`/campus/${campusId}/suggestion-box`, {
    method: 'PUT',
    body: { avalible },
  });
  return campus;
}

/**
 * GET /campus/{id}/suggestion-box: whether a campus's box is open. The server
 * does not answer this read yet (405/404): then the state is unknown (null)
 * and the screen offers to open or close the box without saying which it is.
 */
export async function fetchSuggestionBoxOpen(campusId: number, signal?: AbortSignal): Promise<boolean | null> {
  try {
    const body = await apiRequest<Partial<CampusSuggestionBoxAnswer>>(`/campus/${campusId}/suggestion-box`, { signal });
    return typeof body?.campus?.avalible === 'boolean' ? body.campus.avalible : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}
