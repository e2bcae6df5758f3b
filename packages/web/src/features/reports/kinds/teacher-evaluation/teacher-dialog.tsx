import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TeacherClassResult, TeacherItemResult, TeacherReport, TeacherRow } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { FigureShell } from '../../charts/figure-shell';
import { MeanDotPlot } from '../../charts/mean-dot-plot';
import { signedDifference } from '../../logic/means';
import { ReportTable, type ReportColumn } from '../../components/report-table';
import { WithheldCell } from '../../components/withheld-note';
import { formatAverage, formatCount } from '../../logic/chart-data';
import { FIRST_KEYSET_PAGE, currentCursor } from '../../logic/keyset-pages';
import { KeysetPager } from '../../components/pagers';
import type { ReportFilters } from '../../logic/report-filters';
import { fetchTeacher, fetchTeacherComments } from './teacher-evaluation-api';
import { GROUP_CHIP_COLOR, GROUP_LABEL, NORM_MARKERS, meanHeadline, normRows, previousTermText } from './teacher-results';
import { DownloadButton } from '../../components/download-button';
import { pdfRequest } from '../../logic/report-files';

const average = (value: number | null) => (value == null ? '—' : formatAverage(value));

type NormTableRow = Pick<TeacherItemResult, 'id' | 'text' | 'average' | 'campusAverage' | 'institutionAverage'>;

const difference = (value: number | null, norm: number | null) => (value == null || norm == null ? '—' : signedDifference(value, norm));

const ITEM_COLUMNS: ReportColumn<NormTableRow>[] = [
  { key: 'text', label: 'Pregunta', value: (i) => i.text },
  { key: 'average', label: 'Docente', numeric: true, value: (i) => i.average, render: (i) => average(i.average) },
  { key: 'campus', label: 'Campus', numeric: true, value: (i) => i.campusAverage, render: (i) => average(i.campusAverage) },
  { key: 'campusDifference', label: 'Diferencia con el campus', numeric: true, value: (i) => (i.average == null || i.campusAverage == null ? null : i.average - i.campusAverage), render: (i) => difference(i.average, i.campusAverage) },
  { key: 'institution', label: 'Institución', numeric: true, value: (i) => i.institutionAverage, render: (i) => average(i.institutionAverage) },
  { key: 'institutionDifference', label: 'Diferencia con la institución', numeric: true, value: (i) => (i.average == null || i.institutionAverage == null ? null : i.average - i.institutionAverage), render: (i) => difference(i.average, i.institutionAverage) },
];

/** The table of the norms figure: the overall mean, then each item, numbered. */
function normTableRows(report: TeacherReport): NormTableRow[] {
  return [
    { id: 'overall', text: 'Promedio general', average: report.mean, campusAverage: report.campusMean, institutionAverage: report.institutionMean },
    ...report.items.map((item, index) => ({ ...item, text: `${index + 1}. ${item.text}` })),
  ];
}

function classColumns(explanation: string): ReportColumn<TeacherClassResult>[] {
  return [
    { key: 'name', label: 'Materia', value: (c) => c.name },
    { key: 'plan', label: 'Plan', value: (c) => c.plan },
    { key: 'grupo', label: 'Grupo', value: (c) => c.grupo },
    { key: 'n', label: 'Evaluaciones', numeric: true, value: (c) => c.n, render: (c) => (c.withheld ? <WithheldCell explanation={explanation} /> : formatCount(c.n ?? 0)) },
    { key: 'mean', label: 'Promedio', numeric: true, value: (c) => c.mean, render: (c) => (c.withheld ? '—' : average(c.mean)) },
  ];
}

/** One teacher: mean beside the campus and institution norms, per item, per class, and their comments. */
export function TeacherDialog({ filters, teacher, onClose }: { filters: ReportFilters; teacher: TeacherRow['teacher'] | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const scope = { ...filters, from: null, to: null };
  const report = useQuery({
    queryKey: ['reports', 'teacher', scope, teacher?.id],
    queryFn: ({ signal }) => fetchTeacher(scope, teacher!.id, signal),
    enabled: teacher != null,
    retry: false,
  });
  const data = report.data;
  return (
    <Dialog open={teacher != null} onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth aria-labelledby="docente-titulo">
      <DialogTitle id="docente-titulo">{teacher?.name}</DialogTitle>
      <DialogContent dividers>
        <QueryListBody query={report} isEmpty={false} loadingText="Cargando resultados del docente…" emptyTitle="">
          {data?.withheld ? (
            <Alert severity="info">{data.withheldExplanation}</Alert>
          ) : data ? (
            <Stack spacing={3}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>{average(data.mean)}</Typography>
                {data.group ? <Chip label={GROUP_LABEL[data.group]} color={GROUP_CHIP_COLOR[data.group]} /> : null}
                <Typography color="textSecondary">
                  {formatCount(data.n ?? 0)} evaluaciones{data.approved ? ' · Aprobado' : data.approved === false ? ' · No aprobado' : ''}
                </Typography>
              </Stack>
              <Typography>{meanHeadline(data)}</Typography>
              {previousTermText(data) ? <Typography color="textSecondary">{previousTermText(data)}</Typography> : null}
              <FigureShell
                title="Promedio frente al campus y la institución"
                description="Promedio general y de cada pregunta, con el del campus y el de la institución"
                empty={data.mean == null}
                chart={<MeanDotPlot rows={normRows(data)} markers={NORM_MARKERS} />}
                table={<ReportTable caption="Promedio frente al campus y la institución" columns={ITEM_COLUMNS} rows={normTableRows(data)} rowKey={(i) => i.id} paged={false} />}
              />
              <Typography component="h3" variant="h6">
                Materias y grupos
              </Typography>
              <ReportTable caption="Materias y grupos" columns={classColumns(data.withheldExplanation)} rows={data.classes} rowKey={(c) => String(c.classId)} />
              <Typography component="h3" variant="h6">
                Comentarios ({formatCount(data.comments)})
              </Typography>
              {data.commentsWithheld ? (
                <Alert severity="info">{data.withheldExplanation}</Alert>
              ) : data.comments > 0 && teacher ? (
                <TeacherComments key={teacher.id} filters={scope} teacherId={teacher.id} />
              ) : (
                <Typography color="textSecondary">Sin comentarios.</Typography>
              )}
            </Stack>
          ) : null}
        </QueryListBody>
      </DialogContent>
      <DialogActions>
        {data && !data.withheld && teacher ? (
          <DownloadButton label="Resultados en PDF" accessibleLabel={`Resultados en PDF de ${teacher.name}: descargar`} request={pdfRequest(`/reports/teachers/${teacher.id}/pdf`, { cicleId: filters.cicleId, periodoId: filters.periodoId, campusId: filters.campusId })} />
        ) : null}
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}

export function TeacherComments({ filters, teacherId }: { filters: ReportFilters; teacherId: number }) {
  const [pages, setPages] = useState(FIRST_KEYSET_PAGE);
  const comments = useQuery({
    queryKey: ['reports', 'teacher-comments', filters, teacherId, currentCursor(pages)],
    queryFn: ({ signal }) => fetchTeacherComments(filters, teacherId, currentCursor(pages), signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = comments.data;
  return (
    <QueryListBody query={comments} isEmpty={(data?.texts.length ?? 0) === 0} loadingText="Cargando comentarios…" emptyTitle="Sin comentarios">
      {data ? (
        <Stack spacing={1}>
          {data.unlistedNote ? (
            <Typography variant="body2" color="textSecondary">
              {data.unlistedNote}
            </Typography>
          ) : null}
          <List aria-label={`Comentarios de ${data.teacher.name}`}>
            {data.texts.map((t) => (
              <ListItem key={t.id} divider sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {t.text}
              </ListItem>
            ))}
          </List>
          <KeysetPager pages={pages} setPages={setPages} next={data.next} />
        </Stack>
      ) : null}
    </QueryListBody>
  );
}
