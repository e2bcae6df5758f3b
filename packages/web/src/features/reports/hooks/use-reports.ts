import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BreakdownSegment } from '@encuestas/core/api/reports';
import { fetchBreakdown, fetchBreakdownItems, fetchReportOverview, fetchTextsPage } from '../api/reports-api';
import { reportsKeys } from '../api/reports-keys';
import type { ReportFilters } from '../logic/report-filters';

/** Breakdowns and comments ignore the date range (server rule), so their keys leave it out. */
const wholePeriod = (filters: ReportFilters): ReportFilters => ({ ...filters, from: null, to: null });

export function useReportOverview(filters: ReportFilters, enabled: boolean) {
  return useQuery({
    queryKey: reportsKeys.overview(filters),
    queryFn: ({ signal }) => fetchReportOverview(filters, signal),
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
