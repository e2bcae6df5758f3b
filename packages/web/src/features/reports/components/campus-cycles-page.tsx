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
import { RequirePermission } from '../../admin/components/require-permission';
import { fetchActivesPage } from '../../periods-cycles/api/periods-cycles-api';
import { useGrantedCampuses, usePeriodos } from '../../periods-cycles/hooks/use-reference-lists';
import { useReportOverview } from '../hooks/use-reports';
import { currentPeriodId } from '../logic/report-filters';
import { formatCount, formatPercent } from '../logic/chart-data';
import { campusReportPath, canSeeCampusReports } from '../logic/report-paths';
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
  const actives = useQuery({
    queryKey: ['reports', 'campus-actives', campusId, periodoId],
    queryFn: ({ signal }) => fetchActivesPage({ page: 1, perPage: 100, campusId: campusId!, periodoId: periodoId! }, signal),
    enabled: campusId != null && periodoId != null,
    retry: false,
  });
  const cycles = [...new Map((actives.data?.actives ?? []).flatMap((a) => a.cicles).map((c) => [c.id, c])).values()];

  return (
    <Stack spacing={3} sx={{ maxWidth: 1150 }}>
      <div>
        <Typography variant="h1">Encuestas del campus</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          {campus ? campus.nombre : 'Tipos de encuesta aplicados en el periodo'}
        </Typography>
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
      ) : actives.isError ? (
        <Alert severity="error">{errorMessage(actives.error)}</Alert>
      ) : actives.isPending ? (
        <LoadingBlock text="Cargando encuestas…" />
      ) : cycles.length === 0 ? (
        <Alert severity="info">No hubo aplicaciones de encuestas en este campus y periodo.</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
          {cycles.map((cycle) => (
            <CycleCard key={cycle.id} cycle={cycle} campusId={campusId} periodoId={periodoId!} />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** One survey type with its responses and response rate, leading to its report by campus. */
function CycleCard({ cycle, campusId, periodoId }: { cycle: { id: number; name: string }; campusId: number; periodoId: number }) {
  const overview = useReportOverview({ cicleId: cycle.id, periodoId, campusId, from: null, to: null }, true);
  const totals = overview.data?.totals;
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={campusReportPath({ cicleId: cycle.id, periodoId, campusId })} sx={{ height: '100%' }}>
        <CardContent>
          <Typography component="h2" variant="h6">
            {cycle.name}
          </Typography>
          <Typography color="text.secondary">
            {overview.isError
              ? errorMessage(overview.error)
              : totals
                ? `${formatCount(totals.published)} respuestas${totals.responseRate == null ? '' : ` · ${formatPercent(totals.responseRate)} de respuesta`}`
                : 'Cargando totales…'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
