import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TeacherListFilter, TeacherRow } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { TeachersPager } from '../../components/pagers';
import { PageSection } from '../../../../components/page-section';
import { TableDownloads } from '../../components/download-button';
import { ChartFigure } from '../../charts/chart-figure';
import { CountBarChart } from '../../charts/count-bar-chart';
import { formatAverage, formatCount } from '../../logic/chart-data';
import type { KindPanelProps } from '../kind-panels';
import { fetchTeachers } from './teacher-evaluation-api';
import { GROUP_CHIP_COLOR, GROUP_LABEL, groupsChart } from './teacher-results';
import { TeacherCommentsSection } from './teacher-comments-section';
import { TeacherDialog } from './teacher-dialog';

/**
 * Teacher evaluation: the groups Docentes / Destacados / Suficientes /
 * Insuficientes (and Aprobados) as chips that filter the teachers' cards,
 * 12 a page (spec §9); a card opens the teacher beside the norms. Below,
 * the teachers' comments, a teacher at a time.
 */
export default function TeacherEvaluationPanel({ filters }: KindPanelProps) {
  const [group, setGroup] = useState<TeacherListFilter>('docentes');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TeacherRow['teacher'] | null>(null);
  const teachers = useQuery({
    queryKey: ['reports', 'teachers', filters, group, page],
    queryFn: ({ signal }) => fetchTeachers({ ...filters, from: null, to: null }, group, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = teachers.data;
  return (
    <Stack spacing={4}>
      <PageSection title="Resultados por docente">
        <Stack spacing={2}>
          {data ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {data.setting.rule}
              </Typography>
              <TableDownloads filters={filters} table="teachers" name="la lista de docentes" extra={{ group }} />
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Grupos de docentes">
                {data.groups.map((g) => (
                  <Chip
                    key={g.key}
                    label={`${g.label}: ${formatCount(g.n)}`}
                    color={g.key === group ? 'primary' : 'default'}
                    variant={g.key === group ? 'filled' : 'outlined'}
                    aria-pressed={g.key === group}
                    onClick={() => {
                      setGroup(g.key);
                      setPage(1);
                    }}
                  />
                ))}
              </Stack>
              {data.withheldTeachers > 0 ? (
                <Alert severity="info">
                  {data.withheldTeachers === 1 ? '1 docente no aparece' : `${formatCount(data.withheldTeachers)} docentes no aparecen`}.{' '}
                  {data.withheldExplanation}
                </Alert>
              ) : null}
              <ChartFigure
                title="Docentes por grupo"
                data={groupsChart(data.groups)}
                categoryLabel="Grupo"
                chart={<CountBarChart data={groupsChart(data.groups)} valueLabel="No. Docentes" />}
              />
            </>
          ) : null}
          <QueryListBody query={teachers} isEmpty={(data?.teachers.length ?? 0) === 0} loadingText="Cargando docentes…" emptyTitle="Ningún docente en este grupo">
            {data ? (
              <Stack spacing={2}>
                <Box
                  component="ul"
                  aria-label="Docentes"
                  sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
                >
                  {data.teachers.map((row) => (
                    <Box component="li" key={row.teacher.id}>
                      <TeacherCard row={row} onOpen={() => setOpened(row.teacher)} />
                    </Box>
                  ))}
                </Box>
                <TeachersPager total={data.total} perPage={data.perPage} page={data.page} onPage={setPage} />
              </Stack>
            ) : null}
          </QueryListBody>
        </Stack>
        <TeacherDialog filters={filters} teacher={opened} onClose={() => setOpened(null)} />
      </PageSection>
      <TeacherCommentsSection filters={filters} />
    </Stack>
  );
}

function TeacherCard({ row, onOpen }: { row: TeacherRow; onOpen: () => void }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {/* Named by what it shows (axe 'label-content-name-mismatch'): the teacher's name comes first. */}
      <CardActionArea onClick={onOpen} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {row.teacher.name}
            </Typography>
            <Chip size="small" label={GROUP_LABEL[row.group]} color={GROUP_CHIP_COLOR[row.group]} />
          </Stack>
          <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{formatAverage(row.mean)}</Typography>
          <Typography variant="body2" color="text.secondary">
            Lugar {row.rank} · {formatCount(row.n)} evaluaciones
            {row.sd == null ? '' : ` · desviación ${formatAverage(row.sd)}`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
