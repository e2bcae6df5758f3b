import type {
  BreakdownItemsReport,
  BreakdownReport,
  BreakdownSegment,
  CampusReportSummary,
  ReportOverview,
  ReportsFreshness,
  TextsReport,
  reportScopeShape,
  textsQuerySchema,
} from '@encuestas/core/api/reports';
import type { QueryInput } from '@encuestas/core/api/common';
import { apiRequest } from '../../../api/client';
import type { ReportFilters } from '../logic/report-filters';

/** The scope filters as the report endpoints take them (empty ones left out by the client). */
export function scopeQuery(filters: ReportFilters) {
  return { cicleId: filters.cicleId, periodoId: filters.periodoId, campusId: filters.campusId };
}

/** GET /reports/overview: totals, response rate, distributions, daily/monthly, campuses, trend. */
export function fetchReportOverview(filters: ReportFilters, signal?: AbortSignal): Promise<ReportOverview> {
  return apiRequest<ReportOverview>('/reports/overview', {
    query: { ...scopeQuery(filters), from: filters.from, to: filters.to },
    signal,
  });
}

/** GET /reports/summary: the granted survey types applied at a campus in a period, each with its totals. */
export function fetchCampusSummary(campusId: number, periodoId: number, signal?: AbortSignal): Promise<CampusReportSummary> {
  return apiRequest<CampusReportSummary>('/reports/summary', { query: { campusId, periodoId }, signal });
}

/** GET /reports/breakdown: one row per plan or per plan and group (whole period). */
export function fetchBreakdown(filters: ReportFilters, segment: BreakdownSegment, signal?: AbortSignal): Promise<BreakdownReport> {
  return apiRequest<BreakdownReport>('/reports/breakdown', { query: { ...scopeQuery(filters), segment }, signal });
}

/** GET /reports/breakdown/items: one plan's or group's items, read when the user opens it. */
export function fetchBreakdownItems(
  filters: ReportFilters,
  segment: BreakdownSegment,
  value: string,
  signal?: AbortSignal,
): Promise<BreakdownItemsReport> {
  return apiRequest<BreakdownItemsReport>('/reports/breakdown/items', {
    query: { ...scopeQuery(filters), segment, value },
    signal,
  });
}

/** One page of a text item's answers as GET /reports/texts takes it; `after` is null on the first page. */
export type TextsPageRequest = Omit<QueryInput<typeof textsQuerySchema>, keyof typeof reportScopeShape | 'after'> & { after?: string | null };

/** GET /reports/texts: one page of a text item's answers (keyset: `after` is the previous page's `next`). */
export function fetchTextsPage(filters: ReportFilters, request: TextsPageRequest, signal?: AbortSignal): Promise<TextsReport> {
  return apiRequest<TextsReport>('/reports/texts', {
    query: { ...scopeQuery(filters), item: request.item, search: request.search, after: request.after, limit: request.limit },
    signal,
  });
}

/** GET /reports/freshness: whether the figures come from a read replica, and as of when. */
export function fetchReportsFreshness(signal?: AbortSignal): Promise<ReportsFreshness> {
  return apiRequest<ReportsFreshness>('/reports/freshness', { signal });
}
