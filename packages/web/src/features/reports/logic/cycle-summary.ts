import type { CycleSummary } from '@encuestas/core/api/reports';
import { countOf } from '@encuestas/core/format';
import { respondentsOfExpectedText } from '@encuestas/core/report-figures';

/** 'N respuestas publicadas · respondieron R de E personas (X%)'; the people only when someone is expected. */
export function cycleSummaryText(summary: CycleSummary): string {
  const responses = countOf(summary.published, 'respuesta publicada', 'respuestas publicadas');
  const people = summary.expected ? respondentsOfExpectedText(summary) : null;
  return people ? `${responses} · respondieron ${people}` : responses;
}
