import { RequirePermission } from '../../../components/require-permission';
import { canSeeCampusReports, canSeeCycleReports } from '../logic/report-paths';
import { ReportScreen } from './report-screen';

/** /admin/report/students?cicleId&periodoId&campusId: needs 'Ver Reportes por Ciclo' (spec §2). */
export function CycleReportPage() {
  return (
    <RequirePermission allowed={canSeeCycleReports}>
      <ReportScreen mode="cycle" />
    </RequirePermission>
  );
}

/** /admin/report/campus/{campusId}/students?…: needs 'Ver Reportes por Campus' (spec §2). */
export function CampusReportPage() {
  return (
    <RequirePermission allowed={canSeeCampusReports}>
      <ReportScreen mode="campus" />
    </RequirePermission>
  );
}
