import type { PeriodTrend, ReportItem, ReportOverview } from '@encuestas/core/api/reports';
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

/** A choice (inline options or a catalogue): its options share no scale, so it gets bars of its own (choiceShares). */
export function isChoiceItem(item: Pick<ReportItem, 'type'>): boolean {
  return item.type === 'single' || item.type === 'multiple';
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
