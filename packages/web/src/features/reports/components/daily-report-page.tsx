import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { RequirePermission } from '../../../components/require-permission';
import { useReportOverview } from '../hooks/use-reports';
import { countOf } from '@encuestas/core/format';
import { invalidRangeMessage, missingFilterMessage, reportSearchParams } from '../logic/report-filters';
import { canSeeAnyReport, canSeeCycleReports } from '../logic/report-paths';
import { ReportFilterBar } from './report-filter-bar';
import { useReportAddress } from '../hooks/use-report-address';
import { FiguresFreshness } from './figures-freshness';
import { LoadingBlock } from './loading-block';
import { TimeCharts } from './time-charts';

/**
 * /admin/report/daly: responses per day and per month of one survey type and
 * period, at one campus or (with 'Ver Reportes por Ciclo') every campus the
 * user holds. Counts only: no breakdown crosses days.
 */
export function DailyReportPage() {
  usePageTitle('Reporte diario');
  return (
    <RequirePermission allowed={canSeeAnyReport}>
      <DailyReportScreen />
    </RequirePermission>
  );
}

function DailyReportScreen() {
  const { permissions } = useAdminUser();
  const { filters, setSearch } = useReportAddress();
  const byCycle = canSeeCycleReports(permissions);
  const missing = missingFilterMessage(filters, !byCycle);
  const overview = useReportOverview(filters, missing == null && invalidRangeMessage(filters) == null);
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <div>
        <Typography variant="h1">Reporte diario</Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Días de la Ciudad de México
        </Typography>
        {overview.data ? <FiguresFreshness figuresReadAt={overview.dataUpdatedAt} /> : null}
      </div>
      <ReportFilterBar filters={filters} onChange={(next) => setSearch(reportSearchParams(next))} allowAllCampuses={byCycle} />
      {missing ? (
        <Alert severity="info">{missing}</Alert>
      ) : overview.isError ? (
        <Alert severity="error">{errorMessage(overview.error)}</Alert>
      ) : overview.isPending ? (
        overview.fetchStatus === 'idle' ? null : <LoadingBlock text="Cargando reporte…" />
      ) : overview.data.scope.empty ? (
        <Alert severity="info">{overview.data.scope.emptyMessage}</Alert>
      ) : (
        <Stack spacing={3}>
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {countOf(overview.data.totals.published, 'respuesta publicada', 'respuestas publicadas')}
            {overview.data.totals.heldMessage ? ` · ${overview.data.totals.heldMessage}` : ''}
          </Typography>
          <TimeCharts daily={overview.data.daily} monthly={overview.data.monthly} title="Respuestas por día y por mes" />
        </Stack>
      )}
    </Stack>
  );
}
