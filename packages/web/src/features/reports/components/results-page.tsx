import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { mexicoCityDay } from '@encuestas/core/dates';
import { currentPeriodo } from '@encuestas/core/periods';
import { LinkButton } from '../../../components/link-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { usePeriodos } from '../../../hooks/use-reference-lists';
import { RequirePermission } from '../../../components/require-permission';
import { missingFilterMessage, reportSearchParams, type ReportFilters } from '../logic/report-filters';
import { campusCyclesPath, canSeeAnyReport, canSeeCampusReports, canSeeCycleReports, cycleReportPath, reportLinkFor } from '../logic/report-paths';
import { ReportFilterBar } from './report-filter-bar';

const NO_FILTERS: ReportFilters = { cicleId: null, periodoId: null, campusId: null, from: null, to: null };

/** /admin/resultados: choose survey type, period and campus, then open the report the user may read. */
export function ResultsPage() {
  usePageTitle('Resultados');
  return (
    <RequirePermission allowed={canSeeAnyReport}>
      <ResultsScreen />
    </RequirePermission>
  );
}

function ResultsScreen() {
  const { permissions } = useAdminUser();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<ReportFilters>(NO_FILTERS);
  // Opens with the period under way (issue 20: it opened with none); the user's own choice, even none, wins once made.
  const [periodTouched, setPeriodTouched] = useState(false);
  const periodos = usePeriodos();
  const current = periodos.data ? currentPeriodo(periodos.data, mexicoCityDay()) : null;
  const filters = periodTouched || chosen.periodoId != null ? chosen : { ...chosen, periodoId: current?.id ?? null };
  const setFilters = (next: ReportFilters) => {
    if (next.periodoId !== filters.periodoId) setPeriodTouched(true);
    setChosen(next);
  };
  const byCycle = canSeeCycleReports(permissions);
  // Only the report by cycle spans every campus; the report by campus needs one.
  const missing = missingFilterMessage(filters, !byCycle);
  const target =
    missing != null
      ? null
      : filters.campusId == null
        ? cycleReportPath({ cicleId: filters.cicleId!, periodoId: filters.periodoId! })
        : reportLinkFor({ cicleId: filters.cicleId!, periodoId: filters.periodoId!, campusId: filters.campusId }, permissions);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1150 }}>
      <div>
        <Typography variant="h1">Resultados</Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Elige el tipo de encuesta, el periodo y {byCycle ? 'uno o todos tus campus' : 'el campus'}.
        </Typography>
      </div>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <ReportFilterBar filters={filters} onChange={setFilters} allowAllCampuses={byCycle} showDates={false} />
          {missing ? <Alert severity="info">{missing}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              variant="contained"
              disabled={target == null}
              onClick={() => {
                if (target) void navigate(target);
              }}
            >
              Ver reporte
            </Button>
            <LinkButton
              to={`/admin/report/daly?${reportSearchParams({ ...filters, from: null, to: null }).toString()}`}
              variant="outlined"
            >
              Reporte diario
            </LinkButton>
            {filters.campusId != null && canSeeCampusReports(permissions) ? (
              <LinkButton to={campusCyclesPath(filters.campusId)} variant="outlined">
                Encuestas del campus
              </LinkButton>
            ) : null}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
