import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { WHOLE_PERIOD_NOTE } from '@encuestas/core/api/report-constants';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { PageSection } from '../../../../components/page-section';
import { ReportTable } from '../../components/report-table';
import { formatCount } from '../../logic/chart-data';
import type { KindPanelProps } from '../kind-panels';
import { instituteColumns } from './institute-columns';
import { fetchInstituteOpinion } from './new-intake-api';

const TITLE = 'Opinión de los alumnos por institución de procedencia';

/**
 * New intake: students' opinion by the school they come from (spec §2), a
 * sortable, paged table; schools with too few responses are listed with
 * their count and 'Oculto' averages, and the reason is said once above.
 */
export default function NewIntakePanel({ filters }: KindPanelProps) {
  const scope = { ...filters, from: null, to: null };
  const report = useQuery({
    queryKey: ['reports', 'new-intake', 'institutes', scope],
    queryFn: ({ signal }) => fetchInstituteOpinion(scope, signal),
    retry: false,
  });
  const data = report.data;
  return (
    <PageSection title={TITLE}>
      <QueryListBody query={report} isEmpty={(data?.rows.length ?? 0) === 0} loadingText="Cargando instituciones…" emptyTitle="Aún no hay respuestas por institución">
        {data ? (
          <Stack spacing={2}>
            <Typography variant="body2" color="textSecondary">
              Promedios del 1 al 5 de las respuestas de cada escuela; «Otro» reúne las escritas a mano. {WHOLE_PERIOD_NOTE}
            </Typography>
            {data.withheldRows > 0 ? (
              <Alert severity="info">
                {data.withheldRows === 1 ? '1 institución tiene sus promedios ocultos' : `${formatCount(data.withheldRows)} instituciones tienen sus promedios ocultos`}
                . {data.withheldExplanation}
              </Alert>
            ) : null}
            <ReportTable caption={TITLE} columns={instituteColumns(data)} rows={data.rows} rowKey={(row) => row.institute} />
          </Stack>
        ) : null}
      </QueryListBody>
    </PageSection>
  );
}
