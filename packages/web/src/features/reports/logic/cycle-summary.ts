import type { CycleSummary } from '@encuestas/core/api/reports';
import { formatCount, formatPercent } from './chart-data';

/** 'N respuestas · X % de respuesta (R de E personas)'; the rate only when someone is expected. */
export function cycleSummaryText(summary: CycleSummary): string {
  const responses = summary.published === 1 ? '1 respuesta' : `${formatCount(summary.published)} respuestas`;
  if (summary.responseRate == null || summary.expected == null || summary.respondents == null) return responses;
  return `${responses} · ${formatPercent(summary.responseRate)} de respuesta (${formatCount(summary.respondents)} de ${formatCount(summary.expected)} personas)`;
}
