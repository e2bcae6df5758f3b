import type { BreakdownSegment } from '@encuestas/core/api/reports';
import type { ReportFilters } from '../logic/report-filters';

/** React Query keys of the report screens. */
export const reportsKeys = {
  all: ['reports'] as const,
  overview: (filters: ReportFilters) => ['reports', 'overview', filters] as const,
  summary: (campusId: number, periodoId: number) => ['reports', 'summary', campusId, periodoId] as const,
  breakdown: (filters: ReportFilters, segment: BreakdownSegment) => ['reports', 'breakdown', filters, segment] as const,
  breakdownItems: (filters: ReportFilters, segment: BreakdownSegment, value: string) =>
    ['reports', 'breakdown-items', filters, segment, value] as const,
  /** Asked again whenever the figures it describes were read again (their query's dataUpdatedAt). */
  freshness: (figuresReadAt: number) => ['reports', 'freshness', figuresReadAt] as const,
  texts: (filters: ReportFilters, item: string, search: string, after: string | null) =>
    ['reports', 'texts', filters, item, search, after] as const,
};
