import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';

/** What a report link names (spec §2: the query `cicleId`, `periodoId`, `campusId`). */
export interface ReportTarget {
  cicleId: number;
  periodoId: number;
  /** Absent: the report by cycle over every campus the user holds. */
  campusId?: number | null;
}

export const canSeeCycleReports = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewCycleReports);
export const canSeeCampusReports = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewCampusReports);
/** Spec §2: with neither report permission there is no report navigation. */
export const canSeeAnyReport = (permissions: readonly string[]) =>
  canSeeCycleReports(permissions) || canSeeCampusReports(permissions);

function reportQuery(target: ReportTarget): string {
  const query = new URLSearchParams({ cicleId: String(target.cicleId), periodoId: String(target.periodoId) });
  if (target.campusId != null) query.set('campusId', String(target.campusId));
  return query.toString();
}

/** /admin/report/students?… : the report by cycle ('Ver Reportes por Ciclo'). */
export function cycleReportPath(target: ReportTarget): string {
  return `/admin/report/students?${reportQuery(target)}`;
}

/** /admin/report/campus/{campusId}/students?… : the report by campus ('Ver Reportes por Campus'). */
export function campusReportPath(target: ReportTarget & { campusId: number }): string {
  return `/admin/report/campus/${target.campusId}/students?${reportQuery(target)}`;
}

/** /admin/report/campus/{campusId}/cicle: the campus's applications and their survey types. */
export function campusCyclesPath(campusId: number): string {
  return `/admin/report/campus/${campusId}/cicle`;
}

/**
 * Where a report of one campus leads: the report by campus with 'Ver
 * Reportes por Campus' (it names exactly that campus), otherwise the report
 * by cycle filtered to the campus with 'Ver Reportes por Ciclo', and nowhere
 * (null) with neither (spec §2).
 */
export function reportLinkFor(target: ReportTarget & { campusId: number }, permissions: readonly string[]): string | null {
  if (canSeeCampusReports(permissions)) return campusReportPath(target);
  if (canSeeCycleReports(permissions)) return cycleReportPath(target);
  return null;
}
