import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import {
  fetchCommentCategories,
  fetchSuggestion,
  fetchSuggestionBoxOpen,
  fetchSuggestionCategories,
  fetchSuggestionResolutions,
  fetchSuggestionsPage,
  type SuggestionsPageQuery,
} from '../api/suggestions-admin-api';
import { suggestionsAdminKeys } from '../api/suggestions-admin-keys';

/** One page of comments; the previous page stays on screen while the next loads. */
export function useSuggestionsPage(query: SuggestionsPageQuery) {
  return useQuery({
    queryKey: suggestionsAdminKeys.list(query),
    queryFn: ({ signal }) => fetchSuggestionsPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The comment open in the dialog: drawn at once from its row, then confirmed
 * with GET /suggestions/{id}. Saves replace it with what the server returns.
 */
export function useSuggestion(id: string | null, fromList: Suggestion | undefined) {
  return useQuery({
    queryKey: suggestionsAdminKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchSuggestion(id ?? '', signal),
    enabled: id != null,
    initialData: fromList,
    initialDataUpdatedAt: 0,
  });
}

export function useCommentCategories() {
  return useQuery({
    queryKey: suggestionsAdminKeys.commentCategories,
    queryFn: ({ signal }) => fetchCommentCategories(signal),
    staleTime: 10 * 60_000,
  });
}

export function useSuggestionCategories() {
  return useQuery({
    queryKey: suggestionsAdminKeys.suggestionCategories,
    queryFn: ({ signal }) => fetchSuggestionCategories(signal),
    staleTime: 10 * 60_000,
  });
}

export function useSuggestionResolutions() {
  return useQuery({
    queryKey: suggestionsAdminKeys.resolutions,
    queryFn: ({ signal }) => fetchSuggestionResolutions(signal),
    staleTime: 10 * 60_000,
  });
}

/**
 * Whether the campus's box is open; null while the server cannot say. What
 * the last PUT returned stays known when the server has no answer.
 */
export function useSuggestionBoxOpen(campusId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: suggestionsAdminKeys.box(campusId ?? 0),
    queryFn: async ({ signal }) =>
      (await fetchSuggestionBoxOpen(campusId ?? 0, signal)) ??
      queryClient.getQueryData<boolean | null>(suggestionsAdminKeys.box(campusId ?? 0)) ??
      null,
    enabled: campusId != null,
    retry: false,
  });
}

/**
 * A change to one comment (update, close, contact): the returned comment
 * replaces the one on screen (spec §4) and the list reloads.
 */
export function useSuggestionMutation<V>(mutationFn: (variables: V) => Promise<Suggestion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      queryClient.setQueryData(suggestionsAdminKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: suggestionsAdminKeys.lists });
    },
  });
}
