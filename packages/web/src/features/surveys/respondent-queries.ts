/**
 * The respondent pages' queries, defined once: the pages' hooks read them and
 * the routes' loaders start them (respondent-routes.tsx), so a page's data is
 * on its way while its code still loads. Kept apart from the hooks so the
 * routes, which are in the main bundle, do not bring useQuery with them.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchSuggestionBoxAvailable, fetchCommentCategories, fetchSuggestionCategories } from '../suggestion-box';
import { fetchAvailability, fetchCatalogs } from './api/surveys-api';

export const AVAILABILITY_QUERY_KEY = ['respondent', 'availability'] as const;

/** What the respondent may answer now. Refetched after every submission; the cache goes on logout. */
export const availabilityQuery = queryOptions({
  queryKey: AVAILABILITY_QUERY_KEY,
  queryFn: ({ signal }) => fetchAvailability(signal),
  staleTime: 15_000,
});

/** GET /catalogs: every form fetches it, with catalogue questions or not, so validation matches the server's. */
export const serverCatalogsQuery = queryOptions({
  queryKey: ['catalogs'],
  queryFn: ({ signal }) => fetchCatalogs(signal),
  staleTime: 5 * 60_000,
});

export const suggestionBoxAvailableQuery = queryOptions({
  queryKey: ['respondent', 'suggestion-box-available'],
  queryFn: ({ signal }) => fetchSuggestionBoxAvailable(signal),
  staleTime: 60_000,
});

export const commentCategoriesQuery = queryOptions({
  queryKey: ['comment-categories'],
  queryFn: ({ signal }) => fetchCommentCategories(signal),
  staleTime: Infinity,
});

export const suggestionCategoriesQuery = queryOptions({
  queryKey: ['suggestion-categories'],
  queryFn: ({ signal }) => fetchSuggestionCategories(signal),
  staleTime: Infinity,
});
