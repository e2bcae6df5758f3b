import type { SuggestionsPageQuery } from './suggestions-admin-api';

/** React Query keys of the back-office suggestion box. */
export const suggestionsAdminKeys = {
  all: ['admin-suggestions'] as const,
  lists: ['admin-suggestions', 'list'] as const,
  list: (query: SuggestionsPageQuery) => ['admin-suggestions', 'list', query] as const,
  detail: (id: string) => ['admin-suggestions', 'detail', id] as const,
  box: (campusId: number) => ['admin-suggestions', 'box', campusId] as const,
  commentCategories: ['suggestion-reference', 'comment-categories'] as const,
  suggestionCategories: ['suggestion-reference', 'suggestion-categories'] as const,
  resolutions: ['suggestion-reference', 'resolutions'] as const,
};
