import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { formatAverage, formatCount, type ChartData } from './chart-data';

/** Room around the plot: the value axis's ticks and its title on the left, the category labels below. */
export const COUNT_CHART_MARGIN = { top: 12, right: 12, bottom: 30, left: 64 } as const;

/** Colours of the series, in order: one dark grey alone (contrast on white), distinct ones for several. */
export const SERIES_COLORS = ['#37474F', '#C9A400', '#1565C0', '#2E7D32', '#C62828', '#6A1B9A', '#FB8C00', '#00838F', '#8D6E63'];

/** The least space between two category labels, in px. */
const LABEL_GAP = 8;

export interface ValueTick {
  y: number;
  label: string;
}

export interface CategoryLabel {
  x: number;
  text: string;
}

export interface CountBar {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  /** What a pointer resting on the bar reads («05/03/2026 · Respuestas: 12»). */
  title: string;
}

export interface CountLine {
  key: string;
  color: string;
  /** SVG path; a missing value (a withheld period) breaks the line. */
  path: string;
  points: readonly { x: number; y: number; title: string }[];
}

export interface CountChartLayout {
  plot: { left: number; top: number; width: number; height: number };
  ticks: ValueTick[];
  /** The category labels that fit without overlapping (every k-th one); the table lists them all. */
  labels: CategoryLabel[];
  bars: CountBar[];
  lines: CountLine[];
  /** Each series with its colour (drawn above the chart when there are several). */
  legend: { key: string; label: string; color: string }[];
}

export interface CountChartInput {
  data: ChartData;
  width: number;
  height: number;
  shape: 'bars' | 'lines';
  /** Fixed ends of the value axis (means on a 1-5 scale); counts start at 0 and tick on whole numbers. */
  valueRange?: readonly [number, number];
  /** Width of a label in px, as drawn (the chart passes a canvas's measure; tests pass an estimate). */
  measure: (text: string) => number;
}

/**
 * Where everything of a count chart goes (bars by category, or a line per
 * series across categories), computed once from the data and the size the
 * chart gets: d3-scale's scales and ticks, drawn as plain SVG by CountChart.
 * Labels are never cut: where they would overlap, every other (or every k-th)
 * one is written.
 */
export function countChartLayout({ data, width, height, shape, valueRange, measure }: CountChartInput): CountChartLayout {
  const m = COUNT_CHART_MARGIN;
  const plot = { left: m.left, top: m.top, width: Math.max(0, width - m.left - m.right), height: Math.max(0, height - m.top - m.bottom) };
  const values = data.series.flatMap((s) => s.values).filter((v): v is number => v != null);
  const y = scaleLinear()
    .domain(valueRange ? [valueRange[0], valueRange[1]] : [0, Math.max(1, ...values)])
    .range([plot.top + plot.height, plot.top]);
  if (!valueRange) y.nice();
  const tickCount = Math.max(2, Math.floor(plot.height / 50));
  const tickValues = valueRange ? y.ticks(tickCount) : y.ticks(tickCount).filter(Number.isInteger);
  const ticks = tickValues.map((v) => ({ y: y(v), label: valueRange ? formatAverage(v) : formatCount(v) }));
  const format = (v: number) => (valueRange ? formatAverage(v) : formatCount(v));
  const colorOf = (index: number) => data.series[index]?.color ?? SERIES_COLORS[index % SERIES_COLORS.length]!;
  const titleOf = (category: string, seriesIndex: number, value: number) => `${category} · ${data.series[seriesIndex]!.label}: ${format(value)}`;

  let centres: number[];
  let slot: number;
  const bars: CountBar[] = [];
  const lines: CountLine[] = [];
  if (shape === 'bars') {
    const x = scaleBand<number>()
      .domain(data.categories.map((_, i) => i))
      .range([plot.left, plot.left + plot.width])
      .paddingInner(0.2)
      .paddingOuter(0.1);
    const inner = scaleBand<number>()
      .domain(data.series.map((_, i) => i))
      .range([0, x.bandwidth()])
      .paddingInner(data.series.length > 1 ? 0.1 : 0);
    slot = x.step();
    centres = data.categories.map((_, i) => x(i)! + x.bandwidth() / 2);
    const base = y(Math.max(y.domain()[0]!, 0));
    data.series.forEach((series, s) => {
      series.values.forEach((value, i) => {
        if (value == null) return;
        const top = y(value);
        bars.push({
          key: `${series.key}-${i}`,
          x: x(i)! + inner(s)!,
          y: Math.min(top, base),
          width: inner.bandwidth(),
          height: Math.abs(base - top),
          color: colorOf(s),
          title: titleOf(data.categories[i]!, s, value),
        });
      });
    });
  } else {
    const x = scalePoint<number>()
      .domain(data.categories.map((_, i) => i))
      .range([plot.left, plot.left + plot.width])
      .padding(0.5);
    slot = x.step();
    centres = data.categories.map((_, i) => x(i)!);
    data.series.forEach((series, s) => {
      let path = '';
      let drawing = false;
      const points: CountLine['points'][number][] = [];
      series.values.forEach((value, i) => {
        if (value == null) {
          drawing = false;
          return;
        }
        const px = centres[i]!;
        const py = y(value);
        path += `${drawing ? 'L' : 'M'}${round(px)},${round(py)}`;
        drawing = true;
        points.push({ x: px, y: py, title: titleOf(data.categories[i]!, s, value) });
      });
      lines.push({ key: series.key, color: colorOf(s), path, points });
    });
  }
  const legend = data.series.map((series, s) => ({ key: series.key, label: series.label, color: colorOf(s) }));
  return { plot, ticks, labels: visibleLabels(data.categories, centres, slot, width, measure), bars, lines, legend };
}

/**
 * Every k-th label, k the least that keeps the widest label clear of the next
 * one written; a label at either end moves in so that it is not cut by the edge.
 */
function visibleLabels(categories: readonly string[], centres: readonly number[], slot: number, width: number, measure: (text: string) => number): CategoryLabel[] {
  if (categories.length === 0 || slot <= 0) return [];
  const widths = categories.map(measure);
  const every = Math.max(1, Math.ceil((Math.max(...widths) + LABEL_GAP) / slot));
  return categories.flatMap((text, i) => {
    if (i % every !== 0) return [];
    const half = widths[i]! / 2;
    return [{ x: Math.min(Math.max(centres[i]!, half), width - half), text }];
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
