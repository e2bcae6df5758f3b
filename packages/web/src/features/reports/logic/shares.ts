import type { CampusTotal, ReportItem } from '@encuestas/core/api/reports';
import { formatCount, formatPercent } from '@encuestas/core/format';

/**
 * Counts with their share of a base (issue 20: percentages beside counts),
 * for the bars of choices, campuses and teacher groups and their tables.
 */
export interface ShareRow {
  key: string;
  /** Shown whole, wrapping. */
  label: string;
  n: number;
  /** A ratio of the figure's base (formatPercent's input); null when the base is empty. */
  share: number | null;
  color?: string;
}

/** `n` of `base` as a ratio; null when there is no base (nobody answered). */
export function shareOf(n: number, base: number): number | null {
  return base > 0 ? n / base : null;
}

/** «12 · 34.3%»: a count and its share; the count alone when there is no share. */
export function countShareText(n: number, share: number | null): string {
  return share === null ? formatCount(n) : `${formatCount(n)} · ${formatPercent(share)}`;
}

/** Bars a choice's figure draws (a catalogue answered with hundreds of municipios); its table lists every answer. */
export const CHOICE_BARS = 15;

/**
 * A choice's answers, most chosen first ('Otro' takes its place by count; ties keep the options' order),
 * each as a share of its base (ReportItem.shareBase): a multiple choice's shares may add up to more than 100 %.
 */
export function choiceShares(item: Pick<ReportItem, 'distribution' | 'shareBase'>): ShareRow[] {
  return [...item.distribution]
    .sort((a, b) => b.n - a.n)
    .map((d) => ({ key: d.value, label: d.label, n: d.n, share: shareOf(d.n, item.shareBase) }));
}

/** What a choice's percentages are of, said under its title. */
export function choiceBaseText(item: Pick<ReportItem, 'type' | 'shareBase'>): string {
  return item.type === 'multiple'
    ? `Respuestas por opción y porcentaje de quienes respondieron la encuesta (${formatCount(item.shareBase)}); cada persona pudo elegir varias, así que los porcentajes no suman 100 %`
    : `Respuestas por opción y porcentaje de quienes respondieron la pregunta (${formatCount(item.shareBase)})`;
}

/** Each campus's responses as a share of the report's (spec §1: campuses in a chart). */
export function campusShares(campuses: readonly CampusTotal[]): ShareRow[] {
  const total = campuses.reduce((sum, c) => sum + c.responses, 0);
  return campuses.map((c) => ({ key: String(c.campus.id), label: c.campus.nombre, n: c.responses, share: shareOf(c.responses, total) }));
}
