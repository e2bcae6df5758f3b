import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { mexicoCityDay } from '@encuestas/core/dates';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { parsePositiveId } from '../../../components/parse-positive-id';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from '../../../components/require-permission';
import { useGrantedCampuses, usePeriodos } from '../../../hooks/use-reference-lists';
import type { CycleSummary } from '@encuestas/core/api/reports';
import { heldResponsesMessage } from '@encuestas/core/report-figures';
import { fetchCampusSummary } from '../api/reports-api';
import { reportsKeys } from '../api/reports-keys';
import { currentPeriodId } from '../logic/report-filters';
import { cycleSummaryText } from '../logic/cycle-summary';
import { campusReportPath, canSeeCampusReports } from '../logic/report-paths';
import { FiguresFreshness } from './figures-freshness';
import { LoadingBlock } from './loading-block';

/** /admin/report/campus/{campusId}/cicle: the survey types applied at a campus in a period, each with its totals. */
export function CampusCyclesPage() {
  usePageTitle('Encuestas del campus');
  return (
    <RequirePermission allowed={canSeeCampusReports}>
      <CampusCyclesScreen />
    </RequirePermission>
  );
}

function CampusCyclesScreen() {
  const campusId = parsePositiveId(useParams().campusId);
  const [search, setSearch] = useSearchParams();
  const periodos = usePeriodos();
  const campuses = useGrantedCampuses();
  // The current period unless the address names one.
  const periodoId = parsePositiveId(search.get('periodoId')) ?? currentPeriodId(periodos.data ?? [], mexicoCityDay());
  const campus = campuses.data?.find((c) => c.id === campusId);
  // One light read for every card (GET /reports/summary), not one overview per survey type.
  const summary = useQuery({
    queryKey: reportsKeys.summary(campusId ?? 0, periodoId ?? 0),
    queryFn: ({ signal }) => fetchCampusSummary(campusId!, periodoId!, signal),
    enabled: campusId != null && periodoId != null,
    retry: false,
  });
  const cycles = summary.data?.cycles ?? [];

  return (
    <Stack spacing={3} sx={{ maxWidth: 1150 }}>
      <div>
        <Typography variant="h1">Encuestas del campus</Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          {summary.data?.campus.nombre ?? campus?.nombre ?? 'Tipos de encuesta aplicados en el periodo'}
        </Typography>
        {summary.data ? <FiguresFreshness figuresReadAt={summary.dataUpdatedAt} /> : null}
      </div>
      <IdSelectField
        id="campus-ciclos-periodo"
        label="Periodo"
        selectedId={periodoId}
        options={periodos.data ?? []}
        optionLabel={(p) => p.nombre}
        emptyLabel={periodos.isPending ? 'Cargando periodos…' : 'Elige un periodo'}
        onChange={(id) => setSearch(id == null ? {} : { periodoId: String(id) })}
        sx={{ maxWidth: 320 }}
      />
      {campusId == null ? (
        <Alert severity="error">El campus de la dirección no es válido.</Alert>
      ) : summary.isError ? (
        <Alert severity="error">{errorMessage(summary.error)}</Alert>
      ) : summary.isPending ? (
        <LoadingBlock text="Cargando encuestas…" />
      ) : cycles.length === 0 ? (
        <Alert severity="info">No hubo aplicaciones de encuestas en este campus y periodo.</Alert>
      ) : (
        <Box
          component="ul"
          aria-label="Tipos de encuesta"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
        >
          {cycles.map((summary) => (
            <Box component="li" key={summary.cycle.id}>
              <CycleCard summary={summary} campusId={campusId} periodoId={periodoId!} />
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** One survey type with its responses and response rate, leading to its report by campus. */
function CycleCard({ summary, campusId, periodoId }: { summary: CycleSummary; campusId: number; periodoId: number }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={campusReportPath({ cicleId: summary.cycle.id, periodoId, campusId })} sx={{ height: '100%' }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            {summary.cycle.name}
          </Typography>
          <Typography color="textSecondary">{cycleSummaryText(summary)}</Typography>
          {summary.held > 0 ? (
            <Typography variant="body2" color="textSecondary">
              {heldResponsesMessage(summary.held)}
            </Typography>
          ) : null}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
