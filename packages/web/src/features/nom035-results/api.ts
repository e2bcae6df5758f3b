import { queryOptions } from '@tanstack/react-query';
import type { StaffPublications, StaffResults } from '@encuestas/core/api/nom035-results';
import { apiRequest } from '../../api/client';

/** The summaries the worker's campus published (7.8), newest first. */
export const staffPublicationsQuery = queryOptions({
  queryKey: ['respondent', 'nom035', 'publications'],
  queryFn: ({ signal }) => apiRequest<StaffPublications>('/respondents/nom035/results', { auth: 'student', signal }),
  staleTime: 5 * 60_000,
});

export const staffResultsQuery = (activeId: number) =>
  queryOptions({
    queryKey: ['respondent', 'nom035', 'results', activeId],
    queryFn: ({ signal }) => apiRequest<StaffResults>(`/respondents/nom035/results/${activeId}`, { auth: 'student', signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
