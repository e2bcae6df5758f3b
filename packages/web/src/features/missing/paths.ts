/**
 * Where the missing-respondents screen lives, for the screens that link to it
 * (the reports: "Ver pendientes"). One path per audience and cycle, with the
 * report's filters in the query string:
 * /admin/pendientes/{alumnos|academicos}/{cicleId}?periodoId=…&campusId=…, and without the cycle
 * the list over every survey type of the period.
 */
import type { MissingAudience } from '@encuestas/core/api/missing';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { MissingAudienceSlug } from '@encuestas/core/spa-routes';
import type { RespondentType } from '@encuestas/core/survey-kinds';

/** The route under /admin (router.tsx). */
// Imported from app/paths, not defined here: the router (in the entry chunk) must not pull this file's permission rules onto respondent pages.
export { MISSING_ROUTE } from '../../app/paths';

// The slugs the route accepts (core/spa-routes.ts): another one is the 404 page.
const SLUG: Record<MissingAudience, MissingAudienceSlug> = { students: 'alumnos', academic: 'academicos' };

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

/** The SPA path of the list over every survey type of the period the audience answers. */
export function missingAllTypesPath({ audience, periodoId, campusId }: Omit<MissingPathParams, 'cicleId'>): string {
  const query = new URLSearchParams({ periodoId: String(periodoId) });
  if (campusId != null) query.set('campusId', String(campusId));
  return `/admin/pendientes/${SLUG[audience]}?${query}`;
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

/** Either report permission opens the missing screen (its names need one more: the screen says so). */
export const canReadReports = (permissions: readonly string[]) =>
  hasPermission(permissions, PERMISSIONS.viewCycleReports) || hasPermission(permissions, PERMISSIONS.viewCampusReports);

/** The report's "Ver quién falta por responder" link: null when its kind expects nobody or the user reads no reports. */
export function missingLinkForOverview(overview: Pick<ReportOverview, 'kind' | 'scope'>, permissions: readonly string[]): string | null {
  if (!canReadReports(permissions)) return null;
  const { scope } = overview;
  return missingPathForReport({ respondent: overview.kind.respondent, cicleId: scope.cycle.id, periodoId: scope.periodo.id, campusId: scope.campusId });
}

/** The audience of a path's slug, or null for anything else. */
export function audienceFromSlug(slug: string | undefined): MissingAudience | null {
  const found = (Object.keys(SLUG) as MissingAudience[]).find((audience) => SLUG[audience] === slug);
  return found ?? null;
}
