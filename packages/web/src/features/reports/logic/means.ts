import type { ReportQuestionnaire } from '@encuestas/core/api/reports';
import { formatAverage, formatCount } from '@encuestas/core/format';

/** A mean as shown (two decimals): differences are taken between shown means, so 3.68 − 3.61 reads +0.07. */
const shown = (value: number) => Math.round(value * 100) / 100;

/**
 * «+0.07 sobre el campus», «−0.12 bajo el campus», «igual que el campus»:
 * how far a mean lies from a norm, both as shown.
 */
export function differenceText(value: number, norm: number, normName: string): string {
  const difference = shownDifference(value, norm);
  if (difference === 0) return `igual que ${normName}`;
  return `${signedDifference(value, norm)} ${difference > 0 ? 'sobre' : 'bajo'} ${normName}`;
}

function shownDifference(value: number, norm: number): number {
  return Math.round((shown(value) - shown(norm)) * 100) / 100;
}

/** «+0.07», «−0.12», «0.00»: the difference between two means as shown. */
export function signedDifference(value: number, norm: number): string {
  const difference = shownDifference(value, norm);
  return `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${formatAverage(Math.abs(difference))}`;
}

/** «+0.07 sobre el campus (n = 412)»; a norm withheld or without answers is left out (null). */
export function normText(value: number, norm: { mean: number | null; n: number | null }, normName: string): string | null {
  if (norm.mean == null || norm.n == null) return null;
  return `${differenceText(value, norm.mean, normName)} (n = ${formatCount(norm.n)})`;
}

/**
 * The mean over every scored answer of the report's sections (as each
 * campus's average is taken), null when nothing is scored or shown.
 */
export function overallAverage(questionnaires: readonly ReportQuestionnaire[]): number | null {
  let points = 0;
  let scored = 0;
  for (const section of questionnaires.flatMap((q) => q.sections)) {
    if (section.average == null || section.scored === 0) continue;
    points += section.average * section.scored;
    scored += section.scored;
  }
  return scored > 0 ? points / scored : null;
}

/**
 * The ends of an axis of means that starts near the data, not at 0: the
 * values' range widened by a margin (at least 0.1 each side), on tenths,
 * inside the scale (1 to 5), so 3.53 and 3.73 lie far apart.
 */
export function meanAxis(values: readonly (number | null)[], scale: readonly [number, number] = [1, 5]): [number, number] {
  const present = values.filter((v): v is number => v != null);
  if (present.length === 0) return [scale[0], scale[1]];
  const min = Math.min(...present);
  const max = Math.max(...present);
  const margin = Math.max(0.1, (max - min) * 0.15);
  const low = Math.max(scale[0], Math.floor((min - margin) * 10) / 10);
  const high = Math.min(scale[1], Math.ceil((max + margin) * 10) / 10);
  return [Math.round(low * 10) / 10, Math.round(high * 10) / 10];
}

/** Ticks of a mean axis: tenths on a span up to 1, halves up to 3, whole points beyond. */
export function meanTicks([low, high]: readonly [number, number]): number[] {
  const span = high - low;
  const step = span <= 1 ? 0.1 : span <= 3 ? 0.5 : 1;
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step - 1e-9) * step; tick <= high + 1e-9; tick += step) ticks.push(Math.round(tick * 10) / 10);
  return ticks;
}

/** Where a mean lies on the axis, in percent of its width. */
export function axisPosition(value: number, [low, high]: readonly [number, number]): number {
  return high === low ? 50 : ((value - low) / (high - low)) * 100;
}
