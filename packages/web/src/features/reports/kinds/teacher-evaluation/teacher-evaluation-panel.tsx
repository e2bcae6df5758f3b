import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TeacherRow, TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { formatCount } from '@encuestas/core/format';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { useDebouncedValue } from '../../../../hooks/use-debounced-value';
import { TeachersPager } from '../../components/pagers';
import { PageSection } from '../../../../components/page-section';
import { TableDownloads } from '../../components/download-button';
import { ShareFigure } from '../../charts/share-figure';
import type { KindPanelProps } from '../kind-panels';
import { FIRST_TEACHER_VIEW, teacherListQuery, teachersQuery, type TeacherListView } from './teacher-evaluation-api';
import { groupShares } from './teacher-results';
import { TeacherCommentsSection } from './teacher-comments-section';
import { TeacherDialog } from './teacher-dialog';
import { nextTeacherSort, TeachersRankingTable } from './teachers-ranking-table';
import { useRevealedCount } from '../../../../hooks/use-revealed-count';

/**
 * Teacher evaluation: the groups Docentes / Destacados / Suficientes /
 * Insuficientes (and Aprobados) as chips that filter the ranking, 12 a page
 * (spec §9), searchable by name and sortable by any column on the server,
 * each teacher beside the previous term; a name opens the teacher beside the
 * norms. Below, the teachers' comments, a teacher at a time.
 */
export default function TeacherEvaluationPanel({ filters }: KindPanelProps) {
  // The first view is the one the report prefetched (teacher-evaluation-api.ts).
  const [view, setView] = useState<Omit<TeacherListView, 'search'>>({ group: FIRST_TEACHER_VIEW.group, sort: FIRST_TEACHER_VIEW.sort, order: FIRST_TEACHER_VIEW.order });
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<TeacherRow['teacher'] | null>(null);
  const listView: TeacherListView = { ...view, search };
  const teachers = useQuery({ ...teachersQuery(filters, listView, page), placeholderData: keepPreviousData });
  const data = teachers.data;
  const change = (next: Partial<Omit<TeacherListView, 'search'>>) => {
    setView((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const searched = data?.search ?? null;
  // The comments (below the ranking) a task after it: drawn together they made one long task (useRevealedCount).
  const commentsShown = useRevealedCount(2) === 2;
  return (
    <Stack spacing={4}>
      <PageSection title="Resultados por docente">
        <Stack spacing={2}>
          {data ? <TeacherGroups report={data} group={view.group} onGroup={(group) => change({ group })} /> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <TextField
              type="search"
              size="small"
              label="Buscar docente por nombre"
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                setPage(1);
              }}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ minWidth: { sm: 320 } }}
            />
            <TableDownloads filters={filters} table="teachers" name="la lista de docentes" extra={teacherListQuery(listView)} />
          </Stack>
          {data ? <ComparisonNote previous={data.previousPeriodo?.nombre ?? null} current={data.scope.periodo.nombre} minGroupSize={data.minGroupSize} /> : null}
          <QueryListBody
            query={teachers}
            isEmpty={(data?.teachers.length ?? 0) === 0}
            loadingText="Cargando docentes…"
            emptyTitle={searched ? `Ningún docente coincide con «${searched}»` : 'Ningún docente en este grupo'}
            emptyText={searched ? 'Revisa cómo está escrito el nombre o busca en el grupo Docentes.' : null}
          >
            {data ? (
              <Stack spacing={2}>
                <TeachersRankingTable report={data} onSort={(key) => change(nextTeacherSort(view, key))} onOpen={(row) => setOpened(row.teacher)} />
                <TeachersPager total={data.total} perPage={data.perPage} page={data.page} onPage={setPage} />
              </Stack>
            ) : null}
          </QueryListBody>
        </Stack>
        <TeacherDialog filters={filters} teacher={opened} onClose={() => setOpened(null)} />
      </PageSection>
      {commentsShown ? <TeacherCommentsSection filters={filters} /> : null}
    </Stack>
  );
}

/** The rule of the groups, a chip per group that filters the ranking, who is left out and the groups' chart. */
function TeacherGroups({ report, group, onGroup }: { report: TeachersReport; group: TeacherListView['group']; onGroup: (group: TeacherListView['group']) => void }) {
  return (
    <>
      <Typography variant="body2" color="textSecondary">
        {report.setting.rule}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Grupos de docentes">
        {report.groups.map((g) => (
          <Chip
            key={g.key}
            label={`${g.label}: ${formatCount(g.n)}`}
            color={g.key === group ? 'primary' : 'default'}
            variant={g.key === group ? 'filled' : 'outlined'}
            aria-pressed={g.key === group}
            onClick={() => onGroup(g.key)}
          />
        ))}
      </Stack>
      {report.withheldTeachers > 0 ? (
        <Alert severity="info">
          {report.withheldTeachers === 1 ? '1 docente no aparece' : `${formatCount(report.withheldTeachers)} docentes no aparecen`}.{' '}
          {report.withheldExplanation}
        </Alert>
      ) : null}
      <TeacherGroupsFigure groups={report.groups} />
    </>
  );
}

/** Teachers per group as bars, each with its share of the teachers who have a result. */
function TeacherGroupsFigure({ groups }: { groups: TeachersReport['groups'] }) {
  const rows = groupShares(groups);
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  return (
    <ShareFigure
      title="Docentes por grupo"
      description={`Docentes de cada grupo y su porcentaje de los ${formatCount(total)} con resultado`}
      rows={rows}
      categoryLabel="Grupo"
      countLabel="Docentes"
    />
  );
}

/** What the previous term's columns compare, and why a cell may read «—». */
function ComparisonNote({ previous, current, minGroupSize }: { previous: string | null; current: string; minGroupSize: number }) {
  return (
    <Typography variant="body2" color="textSecondary">
      {previous
        ? `Cambio: promedio de ${current} menos promedio de ${previous}, en los mismos campus. «—»: el docente no fue evaluado en ${previous} o tuvo menos de ${minGroupSize} evaluaciones.`
        : `No hay un periodo anterior a ${current} con esta encuesta en estos campus para comparar.`}
    </Typography>
  );
}
