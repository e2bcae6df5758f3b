/**
 * The headline figures of every report (docs/reports.md, "Headline figures"):
 * one name, one label and one explanation each, used by every screen, PDF and
 * spreadsheet, so the same figure reads the same everywhere (issue 20).
 *
 * How they relate: a submitted response is first held («en proceso») and
 * later published in an anonymous batch. The person who sent it counts as
 * having answered from the moment they submit (their completion is recorded
 * then), so «Personas que respondieron» and the response rate include people
 * whose answers are still in process, while «Respuestas publicadas» (and every
 * chart, average and table of answers) count published responses only.
 */
import type { ReportItem } from './api/reports';
import { countOf, formatCount, formatPercent } from './format';

export type HeadlineFigure = 'published' | 'held' | 'respondents' | 'expected' | 'responseRate' | 'workers';

export interface FigureDefinition {
  /** The label on every screen, PDF and spreadsheet. */
  label: string;
  /** One true sentence: what is counted. */
  explanation: string;
}

export const HEADLINE_FIGURES: Readonly<Record<HeadlineFigure, FigureDefinition>> = {
  published: {
    label: 'Respuestas publicadas',
    explanation: 'Respuestas que ya cuentan en las gráficas, promedios y tablas; no incluye las que están en proceso.',
  },
  held: {
    label: 'En proceso',
    explanation:
      'Respuestas enviadas que aún no se publican: se publican en grupos para que nadie pueda ligar una respuesta con quien la envió, y entonces se suman a las respuestas publicadas.',
  },
  respondents: {
    label: 'Personas que respondieron',
    explanation: 'Personas de la lista esperada que ya enviaron sus respuestas, incluidas aquellas cuyas respuestas están en proceso.',
  },
  expected: {
    label: 'Personas esperadas',
    explanation: 'Personas activas del directorio a quienes se dirige la encuesta en los campus del reporte.',
  },
  responseRate: {
    label: 'Tasa de respuesta',
    explanation: 'Personas que respondieron entre personas esperadas (incluye a quienes tienen respuestas en proceso).',
  },
  workers: {
    label: 'Trabajadores evaluados',
    explanation:
      'Trabajadores con respuestas publicadas a la Guía de referencia II o III: cada uno cuenta una vez, aunque también haya respondido la Guía I.',
  },
};

/**
 * NOM-035's responses are guides answered: a worker who answered Guía I and
 * Guía II (or III) adds two published responses and one worker.
 */
export const NOM035_PUBLISHED_EXPLANATION =
  'Cada guía respondida cuenta como una respuesta (Guía I y Guía II o III): un trabajador suele sumar dos. Los trabajadores se cuentan en «Trabajadores evaluados».';

/** The explanation of «Respuestas publicadas» for a kind (NOM-035 counts guides). */
export function publishedExplanation(surveyKind: string): string {
  return surveyKind === 'administrativos/norma' ? NOM035_PUBLISHED_EXPLANATION : HEADLINE_FIGURES.published.explanation;
}

/** 'N respuestas en proceso' (a count only, never their content). */
export function heldResponsesMessage(n: number): string {
  return countOf(n, 'respuesta en proceso', 'respuestas en proceso');
}

/**
 * Beside the figures when some responses are held: what is true of them
 * (they count in the people who answered and the rate, not yet in the
 * published responses); null when none are held.
 */
export function heldResponsesNote(n: number): string | null {
  if (n <= 0) return null;
  return `${heldResponsesMessage(n)}: se publican en grupos para que nadie pueda ligar una respuesta con quien la envió. Ya cuentan en las personas que respondieron y en la tasa de respuesta; se sumarán a las respuestas publicadas cuando se publiquen.`;
}

/** The totals every report shares (ReportOverview['totals'], CycleSummary). */
export interface HeadlineTotals {
  published: number;
  held: number;
  expected: number | null;
  respondents: number | null;
  responseRate: number | null;
}

/** «782 de 1,050 personas (74.5%)»; null when nobody is expected (the suggestion box). */
export function respondentsOfExpectedText(totals: HeadlineTotals): string | null {
  if (totals.expected == null || totals.respondents == null) return null;
  const rate = totals.responseRate == null ? '' : ` (${formatPercent(totals.responseRate)})`;
  return `${formatCount(totals.respondents)} de ${countOf(totals.expected, 'persona', 'personas')}${rate}`;
}

/** The headline figures as label and written value, in their order (PDF lines; expected and respondents only where someone is expected). */
export function headlineFigureRows(totals: HeadlineTotals): [string, string][] {
  const rows: [string, string][] = [[HEADLINE_FIGURES.published.label, formatCount(totals.published)]];
  rows.push([HEADLINE_FIGURES.held.label, formatCount(totals.held)]);
  if (totals.expected != null && totals.respondents != null) {
    rows.push([HEADLINE_FIGURES.respondents.label, formatCount(totals.respondents)]);
    rows.push([HEADLINE_FIGURES.expected.label, formatCount(totals.expected)]);
    rows.push([HEADLINE_FIGURES.responseRate.label, formatPercent(totals.responseRate)]);
  }
  return rows;
}

/**
 * What a choice's percentages are of, under its title on screen, in the PDF
 * and in the spreadsheet's note (ReportItem.shareBase): who answered the
 * question, or for a multiple choice everyone who answered the survey.
 */
export function choiceBaseText(item: Pick<ReportItem, 'type' | 'shareBase'>): string {
  return item.type === 'multiple'
    ? `Respuestas por opción y porcentaje de quienes respondieron la encuesta (${formatCount(item.shareBase)}); cada persona pudo elegir varias, así que los porcentajes no suman 100 %`
    : `Respuestas por opción y porcentaje de quienes respondieron la pregunta (${formatCount(item.shareBase)})`;
}
