import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WHOLE_PERIOD_NOTE } from '@encuestas/core/api/report-constants';
import type { TeacherCommentsReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { TeachersPager } from '../../components/pagers';
import { PageSection } from '../../../../components/page-section';
import { formatCount } from '../../logic/chart-data';
import { wholePeriod, type ReportFilters } from '../../logic/report-filters';
import { TeacherComments } from './teacher-dialog';
import { teachersWithCommentsQuery } from './teacher-evaluation-api';

type CommentedTeacher = TeacherCommentsReport['teachers'][number];

const commentsCount = (n: number) => (n === 1 ? '1 comentario' : `${formatCount(n)} comentarios`);

/**
 * The teachers' comments (spec §3): the teachers with comments to read, by
 * name, 12 a page, each opening its comments. A teacher with fewer comments
 * than the small-group rule is only counted.
 */
export function TeacherCommentsSection({ filters }: { filters: ReportFilters }) {
  const scope = wholePeriod(filters);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<CommentedTeacher | null>(null);
  const report = useQuery({ ...teachersWithCommentsQuery(filters, page), placeholderData: keepPreviousData });
  const data = report.data;
  return (
    <PageSection title="Comentarios por docente">
      <Stack spacing={2}>
        <Typography variant="body2" color="textSecondary">
          {WHOLE_PERIOD_NOTE}
        </Typography>
        {data && data.withheldTeachers > 0 ? (
          <Alert severity="info">
            {data.withheldTeachers === 1 ? '1 docente con comentarios no aparece' : `${formatCount(data.withheldTeachers)} docentes con comentarios no aparecen`}.{' '}
            {data.withheldExplanation}
          </Alert>
        ) : null}
        <QueryListBody query={report} isEmpty={(data?.teachers.length ?? 0) === 0} loadingText="Cargando comentarios…" emptyTitle="Aún no hay comentarios que mostrar">
          {data ? (
            <Stack spacing={1}>
              <List aria-label="Docentes con comentarios" sx={{ bgcolor: 'background.default', borderRadius: 1 }}>
                {data.teachers.map((row) => (
                  <ListItem key={row.teacher.id} disablePadding divider>
                    <ListItemButton onClick={() => setOpened(row)}>
                      <ListItemText primary={row.teacher.name} secondary={commentsCount(row.comments)} sx={{ overflowWrap: 'anywhere' }} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              <TeachersPager total={data.total} perPage={data.perPage} page={data.page} onPage={setPage} label="Páginas de docentes con comentarios" />
            </Stack>
          ) : null}
        </QueryListBody>
      </Stack>
      <TeacherCommentsDialog filters={scope} teacher={opened} onClose={() => setOpened(null)} />
    </PageSection>
  );
}

function TeacherCommentsDialog({ filters, teacher, onClose }: { filters: ReportFilters; teacher: CommentedTeacher | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={teacher != null} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="comentarios-docente-titulo">
      <DialogTitle id="comentarios-docente-titulo">
        {teacher ? `Comentarios sobre ${teacher.teacher.name} (${formatCount(teacher.comments)})` : ''}
      </DialogTitle>
      <DialogContent dividers>{teacher ? <TeacherComments key={teacher.teacher.id} filters={filters} teacherId={teacher.teacher.id} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
