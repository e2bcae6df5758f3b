import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { SuggestionCounts } from '@encuestas/core/survey-kinds/buzon/report-contract';
import { apiRequest } from '../../../../api/client';
import { formatIsoDay } from '../../../../components/dates/day-format';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { PageSection } from '../../../../components/page-section';
import { TimeCharts } from '../../components/time-charts';
import { formatCount } from '../../logic/chart-data';
import { usePeriodos } from '../../../../hooks/use-reference-lists';
import type { KindPanelProps } from '../kind-panels';

/** Suggestion box: suggestions received per day and per month, and their total (GET /reports/suggestions). */
export default function SuggestionBoxPanel({ filters }: KindPanelProps) {
  // The box has no applications: the period stands for its dates unless a range is chosen.
  const periodo = usePeriodos().data?.find((p) => p.id === filters.periodoId);
  const from = filters.from ?? periodo?.fecha_inicio ?? null;
  const to = filters.to ?? periodo?.fecha_fin ?? null;
  const counts = useQuery({
    queryKey: ['reports', 'suggestions', filters.campusId, from, to],
    queryFn: ({ signal }) =>
      apiRequest<SuggestionCounts>('/reports/suggestions', { query: { campusId: filters.campusId, from, to }, signal }),
    enabled: periodo != null || filters.periodoId == null,
    retry: false,
  });
  const data = counts.data;
  return (
    <PageSection title="Buzón de sugerencias">
      <QueryListBody query={counts} isEmpty={false} loadingText="Cargando sugerencias…" emptyTitle="">
        {data ? (
          <Stack spacing={2}>
            <Typography role="status" sx={{ fontWeight: 600 }}>
              {data.total === 1 ? '1 sugerencia recibida' : `${formatCount(data.total)} sugerencias recibidas`}
              {data.campuses.length === 1 ? ` en ${data.campuses[0]!.nombre}` : ` en ${data.campuses.length} campus`}
              {from && to ? ` del ${formatIsoDay(from)} al ${formatIsoDay(to)}` : ''}
            </Typography>
            <TimeCharts daily={data.daily} monthly={data.monthly} noun="Sugerencias" />
          </Stack>
        ) : null}
      </QueryListBody>
    </PageSection>
  );
}
