/**
 * Where the missing-respondents screen lives, for the screens that link to it
 * (the reports: "Ver pendientes"). One path per audience and cycle, with the
 * report's filters in the query string:
 * /admin/pendientes/{alumnos|academicos}/{cicleId}?periodoId=…&campusId=…
 */
import type { MissingAudience } from '@encuestas/core/api/missing';
import type { RespondentType } from '@encuestas/core/survey-kinds';

/** The route under /admin (router.tsx). */
export const MISSING_ROUTE = 'pendientes/:audience/:cicleId';

const SLUG: Record<MissingAudience, string> = { students: 'alumnos', academic: 'academicos' };

export interface MissingPathParams {
  audience: MissingAudience;
  cicleId: number;
  periodoId: number;
  /** Absent: every campus the user holds (the report by cycle). */
  campusId?: number | null;
}

/** The SPA path (under /encuestas) of a missing list. */
export function missingPath({ audience, cicleId, periodoId, campusId }: MissingPathParams): string {
  const query = new URLSearchParams({ periodoId: String(periodoId) });
  if (campusId != null) query.set('campusId', String(campusId));
  return `/admin/pendientes/${SLUG[audience]}/${cicleId}?${query}`;
}

/**
 * The missing list of a report (its kind's respondent type, cycle, period
 * and campus), or null for the suggestion box, which expects nobody.
 */
export function missingPathForReport(report: {
  respondent: RespondentType | 'any';
  cicleId: number;
  periodoId: number;
  campusId?: number | null;
}): string | null {
  if (report.respondent === 'any') return null;
  return missingPath({ ...report, audience: report.respondent === 'student' ? 'students' : 'academic' });
}

/** The audience of a path's slug, or null for anything else. */
export function audienceFromSlug(slug: string | undefined): MissingAudience | null {
  const found = (Object.keys(SLUG) as MissingAudience[]).find((audience) => SLUG[audience] === slug);
  return found ?? null;
}
