/**
 * What a chart and its table both draw from: one category per bar (or point)
 * and one or more series of counts. The table beside a chart is built from
 * the same object, so what a user copies is what the chart shows.
 */
export interface ChartSeries {
  key: string;
  label: string;
  /** One value per category; null when the cell is withheld (small group) or missing. */
  values: readonly (number | null)[];
  color?: string;
}

export interface ChartData {
  categories: readonly string[];
  series: readonly ChartSeries[];
}

/** The axis every count chart carries (spec §9). */
export const COUNT_AXIS_LABEL = 'No. Respuestas';

/** Desktop size of a report chart (spec §9); on narrower screens the chart takes the width it has. */
export const CHART_DESKTOP_SIZE = { width: 1150, height: 500 } as const;

/** Height of a chart given the width it gets: 500 px from 900 px up, shorter (never under 300) below. */
export function chartHeightFor(width: number): number {
  if (width >= 900) return CHART_DESKTOP_SIZE.height;
  return Math.max(300, Math.round(width * 0.8));
}

export interface ChartTableRow {
  category: string;
  cells: (number | null)[];
}

/** The table of a chart: a row per category, a column per series. */
export function chartTableRows(data: ChartData): ChartTableRow[] {
  return data.categories.map((category, index) => ({
    category,
    cells: data.series.map((series) => series.values[index] ?? null),
  }));
}

/** Whether a chart has anything to draw (some non-zero value). */
export function hasChartValues(data: ChartData): boolean {
  return data.series.some((series) => series.values.some((value) => value != null && value > 0));
}

export { formatAverage, formatCount, formatCountShare, formatPercent } from '@encuestas/core/format';
