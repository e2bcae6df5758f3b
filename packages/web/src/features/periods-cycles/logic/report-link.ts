import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';

export interface ReportTarget {
  cicleId: number;
  periodoId: number;
  campusId: number;
}

/**
 * Where a survey type listed in an application leads (spec §2): the report by
 * cycle with 'Ver Reportes por Ciclo', otherwise the report by campus with
 * 'Ver Reportes por Campus', and nowhere (null) with neither.
 */
export function reportLinkFor(target: ReportTarget, permissions: readonly string[]): string | null {
  const query = new URLSearchParams({
    cicleId: String(target.cicleId),
    periodoId: String(target.periodoId),
    campusId: String(target.campusId),
  }).toString();
  if (hasPermission(permissions, PERMISSIONS.viewCycleReports)) return `/admin/report/students?${query}`;
  if (hasPermission(permissions, PERMISSIONS.viewCampusReports)) {
    return `/admin/report/campus/${target.campusId}/students?${query}`;
  }
  return null;
}
