import { describe, expect, it } from 'vitest';
import type { CycleSummary } from '@encuestas/core/api/reports';
import { cycleSummaryText } from './cycle-summary';

const summary = (figures: Partial<CycleSummary>): CycleSummary => ({
  cycle: { id: 1, name: 'Encuesta de Servicios A', surveyKind: 'alumnos/serviciosA' },
  kind: { title: 'Servicios A' },
  published: 0,
  held: 0,
  expected: null,
  respondents: null,
  responseRate: null,
  ...figures,
});

describe('cycleSummaryText', () => {
  it('gives the responses and the response rate with the people behind it', () => {
    expect(cycleSummaryText(summary({ published: 1234, expected: 2000, respondents: 1500, responseRate: 0.75 }))).toBe(
      '1,234 respuestas publicadas · respondieron 1,500 de 2,000 personas (75%)',
    );
  });

  it('gives the responses alone when nobody is expected, in the singular for one', () => {
    expect(cycleSummaryText(summary({ published: 1, expected: 0, respondents: 0, responseRate: null }))).toBe('1 respuesta publicada');
  });
});
