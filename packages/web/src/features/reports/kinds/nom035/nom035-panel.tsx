import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { Nom035Application, Nom035GroupResult, Nom035LevelInfo, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { formatIsoDay } from '../../../../components/dates/day-format';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { PageSection } from '../../../../components/page-section';
import { DownloadButton, TableDownloads } from '../../components/download-button';
import { pdfRequest } from '../../logic/report-files';
import { ReportTable, type ReportColumn } from '../../components/report-table';
import { WithheldCell } from '../../components/withheld-note';
import { countOf } from '@encuestas/core/format';
import { HEADLINE_FIGURES } from '@encuestas/core/report-figures';
import { formatAverage, formatCount } from '../../logic/chart-data';
import type { KindPanelProps } from '../kind-panels';
import { fetchNom035Index, fetchNom035Report } from './nom035-api';
import { levelShareRow } from './nom035-charts';
import { LevelSharesFigure, LevelTag } from './level-shares';

/** NOM-035: one application's final score and workers per risk level, then the applications in scope (indexSurveys). */
export default function Nom035Panel({ filters }: KindPanelProps) {
  const index = useQuery({
    queryKey: ['reports', 'nom035', 'index', filters.cicleId, filters.periodoId, filters.campusId],
    queryFn: ({ signal }) => fetchNom035Index(filters, signal),
    retry: false,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const applications = index.data?.applications ?? [];
  const openedId = chosen ?? (applications.length === 1 ? applications[0]!.id : null);
  const columns: ReportColumn<Nom035Application>[] = [
    { key: 'campus', label: 'Campus', value: (a) => a.campus.nombre },
    { key: 'periodo', label: 'Periodo', value: (a) => a.periodo.nombre },
    { key: 'start', label: 'Inicio', value: (a) => a.startActive, render: (a) => formatIsoDay(a.startActive) },
    { key: 'end', label: 'Fin', value: (a) => a.endActive, render: (a) => formatIsoDay(a.endActive) },
    { key: 'respondents', label: HEADLINE_FIGURES.workers.label, numeric: true, value: (a) => a.respondents, render: (a) => formatCount(a.respondents) },
  ];
  const opened = useRef<HTMLDivElement>(null);
  // The opened application's report comes first (its final score opens the screen); one opened from the list is brought into view.
  const open = (id: number) => {
    setChosen(id);
    requestAnimationFrame(() => {
      opened.current?.scrollIntoView({ block: 'start' });
      opened.current?.focus({ preventScroll: true });
    });
  };
  return (
    <Stack spacing={3}>
      {openedId != null ? (
        <div ref={opened} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 80 }}>
          <Nom035ApplicationReport applicationId={openedId} />
        </div>
      ) : null}
      <PageSection title={`Aplicaciones de la NOM-035 (${formatCount(index.data?.total ?? 0)})`}>
        {applications.length > 0 ? <TableDownloads filters={filters} table="nom035" name="los niveles de riesgo" /> : null}
        <QueryListBody query={index} isEmpty={applications.length === 0} loadingText="Cargando aplicaciones…" emptyTitle="Sin aplicaciones de la NOM-035">
          <ReportTable
            caption="Aplicaciones de la NOM-035"
            columns={columns}
            rows={applications}
            rowKey={(a) => String(a.id)}
            onRowOpen={(a) => open(a.id)}
            openLabel={(a) => `Ver el reporte de ${a.campus.nombre}, ${a.periodo.nombre}`}
          />
        </QueryListBody>
      </PageSection>
    </Stack>
  );
}

/** The DOF's action criteria of each level, folded after the figures (the evidence an employer keeps; the PDF prints it too). */
function LevelsCriteria({ levels }: { levels: readonly Nom035LevelInfo[] }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }}>
      <Typography component="h3" sx={{ m: 0 }}>
        <Button aria-expanded={open} aria-controls={tableId} endIcon={open ? <ExpandLess /> : <ExpandMore />} onClick={() => setOpen((shown) => !shown)} sx={{ textAlign: 'left' }}>
          Niveles de riesgo y criterios de acción (DOF)
        </Button>
      </Typography>
      <Collapse in={open} id={tableId}>
        <TableContainer sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label="Niveles de riesgo y criterios de acción">
            <TableHead>
              <TableRow>
                <TableCell>Nivel de riesgo</TableCell>
                <TableCell>Criterio de acción (DOF)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {levels.map((level) => (
                <TableRow key={level.key}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    <LevelTag level={level} />
                  </TableCell>
                  <TableCell>{level.criteria}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Collapse>
    </Paper>
  );
}

function Nom035ApplicationReport({ applicationId }: { applicationId: number }) {
  const report = useQuery({
    queryKey: ['reports', 'nom035', 'application', applicationId],
    queryFn: ({ signal }) => fetchNom035Report(applicationId, signal),
    retry: false,
  });
  const data = report.data;
  const title = data ? `Reporte NOM-035: ${data.application.campus.nombre}, ${data.application.periodo.nombre}` : 'Reporte NOM-035';
  return (
    <PageSection title={title}>
      <QueryListBody query={report} isEmpty={false} loadingText="Cargando reporte de la NOM-035…" emptyTitle="">
        <DownloadButton label="Reporte en PDF" accessibleLabel="Reporte en PDF de la NOM-035: descargar" request={pdfRequest(`/reports/nom035/applications/${applicationId}/pdf`)} />
        {data ? <Nom035Guides report={data} /> : null}
      </QueryListBody>
    </PageSection>
  );
}

function Nom035Guides({ report }: { report: Nom035Report }) {
  return (
    <Stack spacing={3}>
      <Typography>
        <strong>{HEADLINE_FIGURES.workers.label}:</strong> {formatCount(report.application.respondents)}.{' '}
        <Typography component="span" variant="body2" color="textSecondary">
          {HEADLINE_FIGURES.workers.explanation}
        </Typography>
      </Typography>
      {report.guides.length === 0 ? <Typography color="textSecondary">Aún no hay respuestas publicadas de esta aplicación.</Typography> : null}
      {report.guides.map((guide) =>
        guide.withheld ? (
          <Alert key={guide.guide} severity="info">
            {guide.title}: <WithheldCell explanation={report.withheldExplanation} /> {report.withheldExplanation}
          </Alert>
        ) : (
          <Nom035Guide key={guide.guide} guide={guide} levels={report.levels} />
        ),
      )}
      <LevelsCriteria levels={report.levels} />
      <Typography variant="body2" color="textSecondary">
        {report.commentsNote}
      </Typography>
    </Stack>
  );
}

type Guide = Nom035Report['guides'][number];

/** «Calificación final 81.90 · Alto» in the level's colour: what the report opens with. */
function FinalScore({ final, levels, guide }: { final: Nom035GroupResult; levels: readonly Nom035LevelInfo[]; guide: Guide }) {
  const level = levels.find((l) => l.key === final.averageLevel);
  return (
    <Paper variant="outlined" sx={{ p: 2, borderLeft: 12, borderLeftColor: level?.color ?? 'grey.400' }}>
      <Typography component="p" sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.3 }}>
        Calificación final {formatAverage(final.averageScore)} · {level?.label ?? final.averageLevel}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {guide.title} · puntaje promedio de {formatCount(guide.respondents)} trabajadores
        {level ? ` · nivel de riesgo ${level.label.toLowerCase()}` : ''}
      </Typography>
    </Paper>
  );
}

function Nom035Guide({ guide, levels }: { guide: Guide; levels: readonly Nom035LevelInfo[] }) {
  const final = guide.groups.find((g) => g.scope === 'final');
  const categories = guide.groups.filter((g) => g.scope === 'category');
  const domains = guide.groups.filter((g) => g.scope === 'domain');
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="h6">
        {guide.title} · {countOf(guide.respondents, 'trabajador evaluado', 'trabajadores evaluados')}
      </Typography>
      {final ? <FinalScore final={final} levels={levels} guide={guide} /> : null}
      {final ? <LevelSharesFigure title="Calificación final: trabajadores por nivel de riesgo" rows={[levelShareRow(final, levels)]} nameLabel="Calificación" /> : null}
      {categories.length > 0 ? (
        <LevelSharesFigure title="Trabajadores por nivel en cada categoría" rows={categories.map((g) => levelShareRow(g, levels))} nameLabel="Categoría" />
      ) : null}
      {domains.length > 0 ? (
        <LevelSharesFigure title="Trabajadores por nivel en cada dominio" rows={domains.map((g) => levelShareRow(g, levels))} nameLabel="Dominio" />
      ) : null}
    </Stack>
  );
}
