import { DEFAULT_PDF_NAME } from '@encuestas/core/api/file-names';
import type { ExportFormat, ExportTable } from '@encuestas/core/api/report-files';
import type { ReportFilters } from './report-filters';

/** What a download button asks the API for (docs/reports.md, "Files"). */
export interface FileRequest {
  path: string;
  query: Record<string, string | number | null | undefined>;
  fallbackName: string;
}

/** The students report of the filters as PDF (GET /ciclo/{id}/pdf/students). */
export function studentsPdfRequest(filters: ReportFilters): FileRequest {
  return {
    path: `/ciclo/${filters.cicleId}/pdf/students`,
    query: { periodoId: filters.periodoId, campusId: filters.campusId },
    fallbackName: DEFAULT_PDF_NAME,
  };
}

/** One report table as XLSX or CSV (GET /reports/export); `extra` is what the table needs (segment, item, group). */
export function tableRequest(
  filters: ReportFilters,
  table: ExportTable,
  format: ExportFormat,
  extra: Record<string, string | number | undefined> = {},
): FileRequest {
  // Only the items table follows the date range, as only the overview's distributions do.
  const days = table === 'items' ? { from: filters.from, to: filters.to } : {};
  return {
    path: '/reports/export',
    query: { cicleId: filters.cicleId, periodoId: filters.periodoId, campusId: filters.campusId, ...days, table, format, ...extra },
    fallbackName: `reporte.${format}`,
  };
}

/** A PDF by path alone (a NOM-035 application's, a teacher's with the scope). */
export function pdfRequest(path: string, query: FileRequest['query'] = {}): FileRequest {
  return { path, query, fallbackName: DEFAULT_PDF_NAME };
}

/** '850 kB', '12.4 MB': how much of a file has arrived. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('es-MX')} kB`;
  return `${(bytes / 1_000_000).toLocaleString('es-MX', { maximumFractionDigits: 1 })} MB`;
}
