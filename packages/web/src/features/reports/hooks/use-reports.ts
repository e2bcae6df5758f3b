import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BreakdownSegment } from '@encuestas/core/api/reports';
import { fetchBreakdown, fetchBreakdownItems, fetchReportOverview, fetchTextsPage } from '../api/reports-api';
import { reportsKeys } from '../api/reports-keys';
import { KIND_PANELS } from '../kinds/kind-panels';
import { wholePeriod, type ReportFilters } from '../logic/report-filters';

/** The overview; with `withKindPanel` (a screen that shows the kind's panel) the panel's first calls start as soon as it names the kind. */
export function useReportOverview(filters: ReportFilters, enabled: boolean, { withKindPanel = false } = {}) {
  const client = useQueryClient();
  return useQuery({
    queryKey: reportsKeys.overview(filters),
    queryFn: async ({ signal }) => {
      const overview = await fetchReportOverview(filters, signal);
      // With the report's own calls, not a wave later once the panel's code has loaded.
      if (withKindPanel && !overview.scope.empty) KIND_PANELS[overview.kind.id]?.prefetch?.(client, filters);
      return overview;
    },
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBreakdown(filters: ReportFilters, segment: BreakdownSegment, enabled = true) {
  const scope = wholePeriod(filters);
  return useQuery({
    queryKey: reportsKeys.breakdown(scope, segment),
    queryFn: ({ signal }) => fetchBreakdown(scope, segment, signal),
    enabled,
    retry: false,
  });
}

export function useBreakdownItems(filters: ReportFilters, segment: BreakdownSegment, value: string | null) {
  const scope = wholePeriod(filters);
  return useQuery({
    queryKey: reportsKeys.breakdownItems(scope, segment, value ?? ''),
    queryFn: ({ signal }) => fetchBreakdownItems(scope, segment, value!, signal),
    enabled: value != null,
    retry: false,
  });
}

export function useTextsPage(filters: ReportFilters, item: string, search: string, after: string | null) {
  const scope = wholePeriod(filters);
  return useQuery({
    queryKey: reportsKeys.texts(scope, item, search, after),
    queryFn: ({ signal }) => fetchTextsPage(scope, { item, search: search || undefined, after }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
