import type { CampusTotal, ReportItem } from '@encuestas/core/api/reports';
import { shareOf } from '@encuestas/core/format';

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

/** Each campus's responses as a share of the report's (spec §1: campuses in a chart). */
export function campusShares(campuses: readonly CampusTotal[]): ShareRow[] {
  const total = campuses.reduce((sum, c) => sum + c.responses, 0);
  return campuses.map((c) => ({ key: String(c.campus.id), label: c.campus.nombre, n: c.responses, share: shareOf(c.responses, total) }));
}
