import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DirectoryFilter } from '@encuestas/core/api/missing';
import {
  fetchAllTypesReport,
  fetchAllTypesValues,
  fetchMissingFilterValues,
  fetchMissingReport,
  fetchReminderJob,
  fetchReminderRecipients,
  type AllTypesScope,
  type MissingScope,
} from '../api/missing-api';

export const missingKeys = {
  all: ['missing'] as const,
  report: (scope: MissingScope, filter: DirectoryFilter, page: { page: number; perPage: number }) => ['missing', 'report', scope, filter, page] as const,
  recipients: (scope: MissingScope | AllTypesScope, filter: DirectoryFilter) => ['missing', 'recipients', scope, filter] as const,
  allTypes: (scope: AllTypesScope, filter: DirectoryFilter, page: { page: number; perPage: number }) => ['missing', 'all-types', scope, filter, page] as const,
  allTypesValues: (scope: AllTypesScope) => ['missing', 'all-types-values', scope] as const,
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

/** The same over every survey type of the period. */
export function useAllTypesReport(scope: AllTypesScope, filter: DirectoryFilter, page: { page: number; perPage: number }) {
  return useQuery({
    queryKey: missingKeys.allTypes(scope, filter, page),
    queryFn: ({ signal }) => fetchAllTypesReport(scope, filter, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The survey types open to the audience in the period (the screen's «Encuesta» choice) and the pickers' values. */
export function useAllTypesValues(scope: AllTypesScope) {
  return useQuery({ queryKey: missingKeys.allTypesValues(scope), queryFn: ({ signal }) => fetchAllTypesValues(scope, signal), staleTime: 5 * 60_000 });
}

/** Who a reminder would reach, read when the dialog opens (always fresh). */
export function useReminderRecipients(scope: MissingScope | AllTypesScope, filter: DirectoryFilter, enabled: boolean) {
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
