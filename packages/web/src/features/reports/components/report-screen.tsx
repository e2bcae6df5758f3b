import { Suspense, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { ChartFigure } from '../charts/chart-figure';
import { CountBarChart } from '../charts/count-bar-chart';
import { CountLineChart } from '../charts/count-line-chart';
import { useReportOverview } from '../hooks/use-reports';
import { KIND_PANELS } from '../kinds/kind-panels';
import { formatAverage } from '../logic/chart-data';
import { campusAveragesChart, campusesChart, trendAveragesChart, trendResponsesChart } from '../logic/overview-charts';
import { useReportAddress } from '../hooks/use-report-address';
import { invalidRangeMessage, missingFilterMessage, reportSearchParams, type ReportFilters } from '../logic/report-filters';
import { LoadingBlock } from './loading-block';
import { BreakdownPanel } from './breakdown-panel';
import { FiguresFreshness } from './figures-freshness';
import { CommentsPanel } from './comments-panel';
import { ReportDownloads } from './report-downloads';
import { ReportFilterBar } from './report-filter-bar';
import { ReportSummary } from './report-summary';
import { SectionResults } from './section-results';
import { TimeCharts } from './time-charts';

type ReportMode = 'cycle' | 'campus';

/** The report by cycle (/admin/report/students) or by campus (/admin/report/campus/{campusId}/students). */
export function ReportScreen({ mode }: { mode: ReportMode }) {
  const { filters, setSearch } = useReportAddress();
  const missing = missingFilterMessage(filters, mode === 'campus');
  const rangeError = invalidRangeMessage(filters);
  const overview = useReportOverview(filters, missing == null && rangeError == null);
  const title = mode === 'cycle' ? 'Reporte por ciclo' : 'Reporte por campus';
  usePageTitle(overview.data ? `${title}: ${overview.data.scope.cycle.name}` : title);


  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <div>
        <Typography variant="h1">{title}</Typography>
        {overview.data ? <ReportSubtitle overview={overview.data} /> : null}
        {overview.data ? <FiguresFreshness figuresReadAt={overview.dataUpdatedAt} /> : null}
      </div>
      <ReportFilterBar filters={filters} onChange={(next) => setSearch(reportSearchParams(next))} campusLocked={mode === 'campus'} allowAllCampuses={mode === 'cycle'} />
      {missing ? (
        <Alert severity="info">{missing}</Alert>
      ) : rangeError ? null : overview.isPending ? (
        <LoadingBlock text="Cargando reporte…" />
      ) : overview.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(overview.error)}
        </Alert>
      ) : KIND_PANELS[overview.data.kind.id]?.standalone ? (
        <KindReport filters={filters} overview={overview.data} />
      ) : overview.data.scope.empty ? (
        <Alert severity="info">{overview.data.scope.emptyMessage}</Alert>
      ) : (
        <ReportBody filters={filters} overview={overview.data} />
      )}
    </Stack>
  );
}

function ReportSubtitle({ overview }: { overview: ReportOverview }) {
  const { scope } = overview;
  const campus = KIND_PANELS[overview.kind.id]?.standalone
    ? ''
    : scope.campusId == null
      ? scope.campuses.length === 1
        ? scope.campuses[0]!.nombre
        : `${scope.campuses.length} campus`
      : (scope.campuses.find((c) => c.id === scope.campusId)?.nombre ?? '');
  return (
    <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
      {scope.cycle.name} · Periodo {scope.periodo.nombre}
      {campus ? ` · ${campus}` : ''}
    </Typography>
  );
}

function ReportBody({ filters, overview }: { filters: ReportFilters; overview: ReportOverview }) {
  const sections = overview.questionnaires.flatMap((q) => q.sections);
  const hasGeneric = overview.questionnaires.length > 0;
  const [textList, setTextList] = useState<string | null>(null);
  const comments = useRef<HTMLDivElement>(null);
  // A choice's 'Otro' link opens its list in the comments and takes the reader (and the focus) there.
  const openTextList = (listId: string) => {
    setTextList(listId);
    comments.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    comments.current?.focus({ preventScroll: true });
  };
  return (
    <Stack spacing={4} sx={{ minWidth: 0 }}>
      <ReportSummary overview={overview} />
      <ReportDownloads filters={filters} overview={overview} />
      {overview.campuses && overview.campuses.length > 1 ? <CampusCharts campuses={overview.campuses} /> : null}
      <KindReport filters={filters} overview={overview} />
      <TimeCharts daily={overview.daily} monthly={overview.monthly} title="Respuestas por día y por mes" />
      {overview.trend.length > 1 ? (
        <Stack component="section" aria-label="Tendencia" spacing={3}>
          <Typography component="h2" variant="h3">
            Tendencia frente a periodos anteriores
          </Typography>
          <ChartFigure
            title="Respuestas por periodo"
            data={trendResponsesChart(overview.trend)}
            categoryLabel="Periodo"
            chart={<CountLineChart data={trendResponsesChart(overview.trend)} />}
          />
          {sections.length > 0 ? (
            <ChartFigure
              title="Promedio por sección y periodo"
              description="Del 1 al 5; un periodo oculto por tener pocas respuestas queda en blanco."
              data={trendAveragesChart(overview.trend, sections)}
              categoryLabel="Periodo"
              formatValue={formatAverage}
              chart={<CountLineChart data={trendAveragesChart(overview.trend, sections)} valueLabel="Promedio" valueRange={[1, 5]} />}
            />
          ) : null}
        </Stack>
      ) : null}
      {hasGeneric ? (
        <SectionResults
          questionnaires={overview.questionnaires}
          withheldExplanation={overview.withheldExplanation}
          otherLists={{ lists: overview.texts, open: openTextList }}
        />
      ) : null}
      {hasGeneric ? <BreakdownPanel filters={filters} /> : null}
      {overview.texts.length > 0 ? (
        <div ref={comments} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: 80 }}>
          <CommentsPanel filters={filters} lists={overview.texts} itemId={textList} onItemChange={setTextList} />
        </div>
      ) : null}
    </Stack>
  );
}

function CampusCharts({ campuses }: { campuses: NonNullable<ReportOverview['campuses']> }) {
  const responses = campusesChart(campuses);
  const averages = campusAveragesChart(campuses);
  return (
    <Stack component="section" aria-label="Campus" spacing={3}>
      <ChartFigure title="Respuestas por campus" data={responses} categoryLabel="Campus" chart={<CountBarChart data={responses} />} />
      {averages.series[0]!.values.some((v) => v != null) ? (
        <ChartFigure
          title="Promedio por campus"
          data={averages}
          categoryLabel="Campus"
          formatValue={formatAverage}
          chart={<CountBarChart data={averages} valueLabel="Promedio" valueMax={5} />}
        />
      ) : null}
    </Stack>
  );
}

/** The kind's own panel, when its kind registers one (kinds/kind-panels.ts). */
function KindReport({ filters, overview }: { filters: ReportFilters; overview: ReportOverview }) {
  const entry = KIND_PANELS[overview.kind.id];
  if (!entry) return null;
  return (
    <Suspense fallback={<LoadingBlock text="Cargando reporte…" />}>
      <entry.Panel filters={filters} overview={overview} />
    </Suspense>
  );
}
