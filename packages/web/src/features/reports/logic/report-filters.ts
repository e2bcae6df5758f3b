import { isIsoDay } from '@encuestas/core/dates';
import { parsePositiveId } from '../../../components/parse-positive-id';

/** A report's filters as the address carries them (spec §2: `cicleId`, `periodoId`, `campusId`; plus `from`, `to`). */
export interface ReportFilters {
  cicleId: number | null;
  periodoId: number | null;
  campusId: number | null;
  /** Mexico City days, inclusive. */
  from: string | null;
  to: string | null;
}

/** The filters without the date range: breakdowns, comments and teachers' figures cover the whole period (server rule), and so do their query keys. */
export const wholePeriod = (filters: ReportFilters): ReportFilters => ({ ...filters, from: null, to: null });

const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);

/**
 * Filters from the query string. On the report by campus the campus comes
 * from the path (`routeCampusId`) and wins over the query's, so the two can
 * never disagree; the server checks the grant of whichever is sent.
 */
export function parseReportFilters(search: URLSearchParams, routeCampusId?: string): ReportFilters {
  return {
    cicleId: parsePositiveId(search.get('cicleId')),
    periodoId: parsePositiveId(search.get('periodoId')),
    campusId: parsePositiveId(routeCampusId ?? search.get('campusId')),
    from: dayOrNull(search.get('from')),
    to: dayOrNull(search.get('to')),
  };
}

/** The query string of a report's address (empty filters left out). */
export function reportSearchParams(filters: ReportFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['cicleId', 'periodoId', 'campusId', 'from', 'to'] as const) {
    const value = filters[key];
    if (value != null) search.set(key, String(value));
  }
  return search;
}

/** What still has to be chosen before a report can load; null when ready. */
export function missingFilterMessage(filters: ReportFilters, campusRequired: boolean): string | null {
  if (filters.cicleId == null) return 'Elige el tipo de encuesta del reporte.';
  if (filters.periodoId == null) return 'Elige el periodo del reporte.';
  if (campusRequired && filters.campusId == null) return 'Elige el campus del reporte.';
  return null;
}

/** A date range whose end comes before its start. */
export function invalidRangeMessage(filters: Pick<ReportFilters, 'from' | 'to'>): string | null {
  return filters.from && filters.to && filters.to < filters.from ? 'La fecha final no puede ser anterior a la inicial' : null;
}

/**
 * The period a page opens on: the newest one already started (periods come
 * newest first, and the next term is often created before it begins), or the
 * newest of all when none has started.
 */
export function currentPeriodId(periodos: readonly { id: number; fecha_inicio: string }[], today: string): number | null {
  return (periodos.find((p) => p.fecha_inicio <= today) ?? periodos[0])?.id ?? null;
}
