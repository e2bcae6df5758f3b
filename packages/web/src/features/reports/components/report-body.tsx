import { Suspense, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportOverview } from '@encuestas/core/api/reports';
import { RevealInTurn } from '../../../components/reveal-in-turn';
import { ChartFigure } from '../charts/chart-figure';
import { CountLineChart } from '../charts/count-chart';
import { FigureShell } from '../charts/figure-shell';
import { MeanDotPlot } from '../charts/mean-dot-plot';
import { ShareFigure } from '../charts/share-figure';
import { KIND_PANELS } from '../kinds/kind-panels';
import { formatAverage, formatCount } from '../logic/chart-data';
import { differenceText, meanAxis, overallAverage, signedDifference } from '../logic/means';
import { trendAveragesChart, trendResponsesChart } from '../logic/overview-charts';
import { campusShares } from '../logic/shares';
import { ANCHOR_OFFSET, REPORT_ANCHORS, reportIndexEntries, SKIP_WHILE_OFF_SCREEN } from '../logic/report-index';
import type { ReportFilters } from '../logic/report-filters';
import { BreakdownPanel } from './breakdown-panel';
import { CommentsPanel } from './comments-panel';
import { LoadingBlock } from './loading-block';
import { ReportDownloads } from './report-downloads';
import { ReportIndex } from './report-index';
import { ReportTable, type ReportColumn } from './report-table';
import { ReportSummary } from './report-summary';
import { SectionResults } from './section-results';
import { TimeCharts } from './time-charts';

/** A part of the report the index leads to (the fixed app bar leaves it in view). */
function Anchor({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Box id={id} sx={{ scrollMarginTop: ANCHOR_OFFSET, outline: 'none', minWidth: 0, ...SKIP_WHILE_OFF_SCREEN }}>
      {children}
    </Box>
  );
}

/** A report's figures, parts in the index's order; the index beside them on a wide screen, above them on a narrow one. */
export function ReportBody({ filters, overview }: { filters: ReportFilters; overview: ReportOverview }) {
  const hasGeneric = overview.questionnaires.length > 0;
  const [textList, setTextList] = useState<string | null>(null);
  const comments = useRef<HTMLDivElement>(null);
  // A choice's 'Otro' link opens its list in the comments and takes the reader (and the focus) there.
  const openTextList = (listId: string) => {
    setTextList(listId);
    comments.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    comments.current?.focus({ preventScroll: true });
  };
  const kind = KIND_PANELS[overview.kind.id];
  const kindPanel = (
    <Anchor id={REPORT_ANCHORS.kind}>
      <KindReport filters={filters} overview={overview} />
    </Anchor>
  );
  // The report's parts in the index's order, drawn one a task (RevealInTurn); a part that does not apply is false.
  const parts = (
    [
      kind?.leads === true && ['kind', kindPanel],
      [
        'summary',
        <Anchor id={REPORT_ANCHORS.summary}>
          <Stack spacing={2}>
            <ReportSummary overview={overview} />
            <ReportDownloads filters={filters} overview={overview} />
          </Stack>
        </Anchor>,
      ],
      overview.campuses != null &&
        overview.campuses.length > 1 && [
          'campuses',
          <Anchor id={REPORT_ANCHORS.campuses}>
            <CampusCharts overview={overview} campuses={overview.campuses} />
          </Anchor>,
        ],
      kind != null && !kind.leads && ['kind', kindPanel],
      [
        'time',
        <Anchor id={REPORT_ANCHORS.time}>
          <TimeCharts daily={overview.daily} monthly={overview.monthly} title="Respuestas por día y por mes" />
        </Anchor>,
      ],
      overview.trend.length > 1 && [
        'trend',
        <Anchor id={REPORT_ANCHORS.trend}>
          <TrendCharts overview={overview} />
        </Anchor>,
      ],
      hasGeneric && [
        'sections',
        <SectionResults
          questionnaires={overview.questionnaires}
          withheldExplanation={overview.withheldExplanation}
          otherLists={{ lists: overview.texts, open: openTextList }}
          anchored
        />,
      ],
      hasGeneric && [
        'breakdown',
        <Anchor id={REPORT_ANCHORS.breakdown}>
          <BreakdownPanel filters={filters} />
        </Anchor>,
      ],
      overview.texts.length > 0 && [
        'comments',
        <div id={REPORT_ANCHORS.comments} ref={comments} tabIndex={-1} style={{ outline: 'none', scrollMarginTop: ANCHOR_OFFSET, ...SKIP_WHILE_OFF_SCREEN }}>
          <CommentsPanel filters={filters} lists={overview.texts} itemId={textList} onItemChange={setTextList} />
        </div>,
      ],
    ] satisfies (false | [string, ReactNode])[]
  ).filter((part) => part !== false);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '13rem minmax(0, 1fr)' }, gap: { xs: 2, lg: 3 }, alignItems: 'start' }}>
      <ReportIndex entries={reportIndexEntries(overview, kind ?? null)} />
      <Stack spacing={4} sx={{ minWidth: 0 }}>
        <RevealInTurn parts={parts} />
      </Stack>
    </Box>
  );
}

function TrendCharts({ overview }: { overview: ReportOverview }) {
  const sections = overview.questionnaires.flatMap((q) => q.sections);
  const averages = trendAveragesChart(overview.trend, sections);
  return (
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
          description="Periodos con la misma versión del cuestionario. El eje empieza cerca de los promedios (escala de 1 a 5); un periodo oculto por tener pocas respuestas queda en blanco."
          data={averages}
          categoryLabel="Periodo"
          formatValue={formatAverage}
          chart={<CountLineChart data={averages} valueLabel="Promedio" valueRange={meanAxis(averages.series.flatMap((s) => s.values))} />}
        />
      ) : null}
    </Stack>
  );
}

type CampusRow = NonNullable<ReportOverview['campuses']>[number];

function CampusCharts({ overview, campuses }: { overview: ReportOverview; campuses: NonNullable<ReportOverview['campuses']> }) {
  return (
    <Stack component="section" aria-label="Campus" spacing={3}>
      <ShareFigure
        title="Respuestas por campus"
        description={`Respuestas de cada campus y su porcentaje del total (${formatCount(campuses.reduce((sum, c) => sum + c.responses, 0))})`}
        rows={campusShares(campuses)}
        categoryLabel="Campus"
        countLabel="Respuestas"
      />
      <CampusMeans overview={overview} campuses={campuses} />
    </Stack>
  );
}

const CAMPUS_MARKERS = [{ key: 'mean', label: 'Promedio del campus', color: '#1565C0', shape: 'dot' as const }];

/**
 * Each campus's mean against the mean of every campus of the report (the
 * norm, with its n): on an axis near the means, and as a difference in words.
 * A campus below the small-group rule shows no mean; the norm is the report's
 * own figure, already past the rule.
 */
function CampusMeans({ overview, campuses }: { overview: ReportOverview; campuses: readonly CampusRow[] }) {
  const norm = overallAverage(overview.questionnaires);
  if (!campuses.some((c) => c.average != null) || norm == null) return null;
  const normName = 'todos los campus';
  // The norm's n is said once, in the description; each row says its own.
  const summary = (c: CampusRow) =>
    c.average == null
      ? `Oculto: ${overview.withheldExplanation}`
      : `${formatAverage(c.average)} · ${differenceText(c.average, norm, normName)} · ${formatCount(c.responses)} respuestas`;
  const columns: ReportColumn<CampusRow>[] = [
    { key: 'campus', label: 'Campus', value: (c) => c.campus.nombre },
    { key: 'responses', label: 'Respuestas', numeric: true, value: (c) => c.responses, render: (c) => formatCount(c.responses) },
    { key: 'average', label: 'Promedio', numeric: true, value: (c) => c.average, render: (c) => formatAverage(c.average) },
    {
      key: 'difference',
      label: `Diferencia con ${normName}`,
      numeric: true,
      value: (c) => (c.average == null ? null : c.average - norm),
      render: (c) => (c.average == null ? '—' : signedDifference(c.average, norm)),
    },
  ];
  return (
    <FigureShell
      title="Promedio por campus"
      description={`Promedio de todos los campus: ${formatAverage(norm)} (n = ${formatCount(overview.totals.published)} respuestas)`}
      empty={false}
      chart={
        <MeanDotPlot
          rows={campuses.map((c) => ({ key: String(c.campus.id), label: c.campus.nombre, values: { mean: c.average }, summary: summary(c) }))}
          markers={CAMPUS_MARKERS}
          reference={{ value: norm, label: `Promedio de todos los campus (${formatAverage(norm)})` }}
        />
      }
      table={<ReportTable caption="Promedio por campus" columns={columns} rows={campuses} rowKey={(c) => String(c.campus.id)} paged={false} />}
    />
  );
}

/** The kind's own panel, when its kind registers one (kinds/kind-panels.ts). */
export function KindReport({ filters, overview }: { filters: ReportFilters; overview: ReportOverview }) {
  const entry = KIND_PANELS[overview.kind.id];
  if (!entry) return null;
  return (
    <Suspense fallback={<LoadingBlock text="Cargando reporte…" />}>
      <entry.Panel filters={filters} overview={overview} />
    </Suspense>
  );
}
