import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Nom035Application, Nom035LevelInfo, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { formatIsoDay } from '../../../../components/dates/day-format';
import { QueryListBody } from '../../../../components/lists/query-list-body';
import { PageSection } from '../../../../components/page-section';
import { DownloadButton, TableDownloads } from '../../components/download-button';
import { pdfRequest } from '../../logic/report-files';
import { ChartFigure } from '../../charts/chart-figure';
import { CountBarChart } from '../../charts/count-bar-chart';
import { ReportTable, type ReportColumn } from '../../components/report-table';
import { WithheldCell } from '../../components/withheld-note';
import { formatCount } from '../../logic/chart-data';
import type { KindPanelProps } from '../kind-panels';
import { fetchNom035Index, fetchNom035Report } from './nom035-api';
import { levelChart, levelsStackChart } from './nom035-charts';

const WORKERS = 'No. Trabajadores';

/** NOM-035: the applications in scope (indexSurveys), and one application's workers per risk level. */
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
    { key: 'respondents', label: 'Trabajadores', numeric: true, value: (a) => a.respondents, render: (a) => formatCount(a.respondents) },
  ];
  return (
    <Stack spacing={3}>
      <PageSection title={`Aplicaciones de la NOM-035 (${formatCount(index.data?.total ?? 0)})`}>
        {applications.length > 0 ? <TableDownloads filters={filters} table="nom035" name="los niveles de riesgo" /> : null}
        <QueryListBody query={index} isEmpty={applications.length === 0} loadingText="Cargando aplicaciones…" emptyTitle="Sin aplicaciones de la NOM-035">
          <ReportTable
            caption="Aplicaciones de la NOM-035"
            columns={columns}
            rows={applications}
            rowKey={(a) => String(a.id)}
            onRowOpen={(a) => setChosen(a.id)}
            openLabel={(a) => `Ver el reporte de ${a.campus.nombre}, ${a.periodo.nombre}`}
          />
        </QueryListBody>
      </PageSection>
      {openedId != null ? <Nom035ApplicationReport applicationId={openedId} /> : null}
    </Stack>
  );
}

function LevelsLegend({ levels }: { levels: readonly Nom035LevelInfo[] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
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
                <Box component="span" aria-hidden="true" sx={{ display: 'inline-block', width: 14, height: 14, bgcolor: level.color, border: 1, borderColor: 'divider', mr: 1, verticalAlign: 'middle' }} />
                {level.label}
              </TableCell>
              <TableCell>{level.criteria}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
      <LevelsLegend levels={report.levels} />
      {report.guides.map((guide) => {
        if (guide.withheld) {
          return (
            <Alert key={guide.guide} severity="info">
              {guide.title}: <WithheldCell explanation={report.withheldExplanation} /> {report.withheldExplanation}
            </Alert>
          );
        }
        const final = guide.groups.find((g) => g.scope === 'final');
        const categories = guide.groups.filter((g) => g.scope === 'category');
        const domains = guide.groups.filter((g) => g.scope === 'domain');
        return (
          <Stack key={guide.guide} spacing={2}>
            <Typography component="h3" variant="h6">
              {guide.title} · {formatCount(guide.respondents)} trabajadores
            </Typography>
            {final ? (
              <ChartFigure
                title="Calificación final: trabajadores por nivel de riesgo"
                data={levelChart(final, report.levels)}
                categoryLabel="Nivel de riesgo"
                chart={<CountBarChart data={levelChart(final, report.levels)} valueLabel={WORKERS} />}
              />
            ) : null}
            {categories.length > 0 ? (
              <ChartFigure
                title="Trabajadores por nivel en cada categoría"
                data={levelsStackChart(categories, report.levels)}
                categoryLabel="Categoría"
                chart={<CountBarChart data={levelsStackChart(categories, report.levels)} stacked horizontal valueLabel={WORKERS} />}
              />
            ) : null}
            {domains.length > 0 ? (
              <ChartFigure
                title="Trabajadores por nivel en cada dominio"
                data={levelsStackChart(domains, report.levels)}
                categoryLabel="Dominio"
                chart={<CountBarChart data={levelsStackChart(domains, report.levels)} stacked horizontal valueLabel={WORKERS} />}
              />
            ) : null}
          </Stack>
        );
      })}
      <Typography variant="body2" color="text.secondary">
        {report.commentsNote}
      </Typography>
    </Stack>
  );
}
