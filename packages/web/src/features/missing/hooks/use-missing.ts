import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DirectoryFilter } from '@encuestas/core/api/missing';
import { fetchMissingFilterValues, fetchMissingReport, fetchReminderJob, fetchReminderRecipients, type MissingScope } from '../api/missing-api';

export const missingKeys = {
  all: ['missing'] as const,
  report: (scope: MissingScope, filter: DirectoryFilter, page: { page: number; perPage: number }) => ['missing', 'report', scope, filter, page] as const,
  recipients: (scope: MissingScope, filter: DirectoryFilter) => ['missing', 'recipients', scope, filter] as const,
  job: (id: string) => ['missing', 'job', id] as const,
  values: (scope: MissingScope) => ['missing', 'values', scope] as const,
};

/** One page of the list with its figures; the previous page stays on screen while the next loads. */
export function useMissingReport(scope: MissingScope, filter: DirectoryFilter, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: missingKeys.report(scope, filter, page),
    queryFn: ({ signal }) => fetchMissingReport(scope, filter, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** Who a reminder would reach, read when the dialog opens (always fresh). */
export function useReminderRecipients(scope: MissingScope, filter: DirectoryFilter, enabled: boolean) {
  return useQuery({
    queryKey: missingKeys.recipients(scope, filter),
    queryFn: ({ signal }) => fetchReminderRecipients(scope, filter, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A sending's progress, polled every second until it ends. */
export function useReminderJob(id: string | null) {
  return useQuery({
    queryKey: missingKeys.job(id ?? ''),
    queryFn: ({ signal }) => fetchReminderJob(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : 1000),
  });
}

/** The filter's pickers: the directory's plans, groups and sessions and the granted campuses (they change seldom). */
export function useMissingFilterValues(scope: MissingScope) {
  return useQuery({ queryKey: missingKeys.values(scope), queryFn: ({ signal }) => fetchMissingFilterValues(scope, signal), staleTime: 5 * 60_000 });
}
