import type { CampusTotal, PeriodTrend, ReportItem, ReportOverview } from '@encuestas/core/api/reports';
import type { ChartData } from './chart-data';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-03-05' → '05/03/2026' (the table and the axis show Mexican day order). */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** '2026-03' → 'mar 2026'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

export function dailyChart(daily: ReportOverview['daily'], noun = 'Respuestas'): ChartData {
  return {
    categories: daily.map((d) => dayLabel(d.day)),
    series: [{ key: 'responses', label: noun, values: daily.map((d) => d.n) }],
  };
}

export function monthlyChart(monthly: ReportOverview['monthly'], noun = 'Respuestas'): ChartData {
  return {
    categories: monthly.map((m) => monthLabel(m.month)),
    series: [{ key: 'responses', label: noun, values: monthly.map((m) => m.n) }],
  };
}

/** Responses per campus (spec §1: campuses in a chart), with each campus's average in the table. */
export function campusesChart(campuses: readonly CampusTotal[]): ChartData {
  return {
    categories: campuses.map((c) => c.campus.nombre),
    series: [{ key: 'responses', label: 'Respuestas', values: campuses.map((c) => c.responses) }],
  };
}

/** A choice (inline options or a catalogue): its options share no scale, so it gets a chart of its own (choiceChart). */
export function isChoiceItem(item: Pick<ReportItem, 'type'>): boolean {
  return item.type === 'single' || item.type === 'multiple';
}

/** Bars a choice's chart draws (a catalogue answered with hundreds of municipios); its table lists every answer. */
export const CHOICE_CHART_BARS = 15;

/** One choice's answers as horizontal bars, most chosen first ('Otro' takes its place by count; ties keep the options' order). */
export function choiceChart(item: ReportItem): ChartData {
  const sorted = [...item.distribution].sort((a, b) => b.n - a.n);
  return {
    categories: sorted.map((d) => d.label),
    series: [{ key: 'responses', label: 'Respuestas', values: sorted.map((d) => d.n) }],
  };
}

/** The first `n` categories of a chart (the table beside it keeps them all). */
export function firstCategories(data: ChartData, n: number): ChartData {
  if (data.categories.length <= n) return data;
  return {
    categories: data.categories.slice(0, n),
    series: data.series.map((series) => ({ ...series, values: series.values.slice(0, n) })),
    ...(data.categoryColors ? { categoryColors: data.categoryColors.slice(0, n) } : {}),
  };
}

/** Responses in each period of the trend (oldest first, ending with this one). */
export function trendResponsesChart(trend: readonly PeriodTrend[]): ChartData {
  return {
    categories: trend.map((t) => t.periodo.nombre),
    series: [{ key: 'responses', label: 'Respuestas', values: trend.map((t) => t.responses) }],
  };
}

/** Each section's average across periods: a line per section. */
export function trendAveragesChart(trend: readonly PeriodTrend[], sections: readonly { id: string; title: string }[]): ChartData {
  return {
    categories: trend.map((t) => t.periodo.nombre),
    series: sections.map((section) => ({
      key: section.id,
      label: section.title,
      values: trend.map((t) => (t.withheld ? null : (t.sections.find((s) => s.id === section.id)?.average ?? null))),
    })),
  };
}
