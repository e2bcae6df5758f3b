import type { ReportItem, ValueCount } from '@encuestas/core/api/reports';
import { formatCount, formatPercent } from '@encuestas/core/format';

/**
 * Scale items (ratings, frequencies, yes/no) as 100 % diverging bars: each
 * item's options grouped by what they mean on the scale, the groups as shares
 * of the answers that took a side ('No aplica' apart, never in the 100 %).
 */
export type LikertSide = 'favourable' | 'neutral' | 'unfavourable';

export interface LikertScale {
  /** The option values of each side; an option in none of them is kept apart ('No aplica'). */
  sides: Readonly<Record<LikertSide, readonly string[]>>;
  /** What each side is called on this scale. */
  labels: Readonly<Record<LikertSide, string>>;
}

/** Ratings: Excelente and Muy buena favourable, Buena neutral, Regular and Mala unfavourable. */
const RATING_SCALE: LikertScale = {
  sides: { favourable: ['excelente', 'muyBuena'], neutral: ['buena'], unfavourable: ['regular', 'mala'] },
  labels: { favourable: 'Favorable', neutral: 'Neutral', unfavourable: 'Desfavorable' },
};

/**
 * Frequencies: the generic reports' frequency items are the work-environment
 * statements, every one worded so that 'Siempre' is favourable (its
 * questionnaire scores them Siempre 5 … Nunca 1); NOM-035's, whose direction
 * varies, have a report of their own.
 */
const FREQUENCY_SCALE: LikertScale = {
  sides: { favourable: ['always', 'almostAlways'], neutral: ['sometimes'], unfavourable: ['almostNever', 'never'] },
  labels: { favourable: 'Favorable', neutral: 'Neutral', unfavourable: 'Desfavorable' },
};

/** Yes/no: a question of fact as often as of opinion ('¿Participaste en un viaje?'), so the sides are named Sí and No. */
const YES_NO_SCALE: LikertScale = {
  sides: { favourable: ['yes'], neutral: [], unfavourable: ['no'] },
  labels: { favourable: 'Sí', neutral: 'Neutral', unfavourable: 'No' },
};

const SCALES: Partial<Record<ReportItem['type'], LikertScale>> = { rating: RATING_SCALE, frequency: FREQUENCY_SCALE, yesNo: YES_NO_SCALE };

/** The scale an item is drawn on; null for choices and numbers (their own charts and the averages). */
export function likertScaleOf(item: Pick<ReportItem, 'type'>): LikertScale | null {
  return SCALES[item.type] ?? null;
}

export const LIKERT_SIDES: readonly LikertSide[] = ['unfavourable', 'neutral', 'favourable'];

/** Colours of the sides: the rating colours' meaning (green good, red bad, yellow between); the bar's side says it too. */
export const SIDE_COLORS: Readonly<Record<LikertSide, { fill: string; text: string }>> = {
  favourable: { fill: '#1B5E20', text: '#FFFFFF' },
  neutral: { fill: '#FFD100', text: '#000000' },
  unfavourable: { fill: '#C62828', text: '#FFFFFF' },
};

export interface LikertShare {
  n: number;
  /** Whole percent; the item's shares add up to exactly 100 (largest remainder). */
  percent: number;
}

export interface LikertOption extends LikertShare {
  value: string;
  label: string;
  /** Null for an option kept apart ('No aplica'). */
  side: LikertSide | null;
}

export interface LikertRow {
  id: string;
  /** The full question text, numbered as in the section. */
  label: string;
  withheld: boolean;
  average: number | null;
  sides: Record<LikertSide, LikertShare>;
  /** Every option in the scale's order, with its share of the answers that took a side (0 for those apart). */
  options: LikertOption[];
  /** Answers that took a side: the 100 %. */
  total: number;
  /** Answers kept apart ('No aplica'), not in the 100 %. */
  apart: number;
  scale: LikertScale;
}

/**
 * Whole percents of `counts` over their sum that add up to exactly 100
 * (largest remainder: the floors, then one point more to the largest
 * fractions, ties to the earlier count). All zeros when the sum is 0.
 */
export function wholePercents(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n * 100) / total);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, p) => sum + p, 0);
  const byFraction = exact.map((value, index) => ({ index, fraction: value - floors[index]! })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byFraction) {
    if (missing <= 0) break;
    floors[index]! += 1;
    missing -= 1;
  }
  return floors;
}

function sideOf(scale: LikertScale, value: string): LikertSide | null {
  return LIKERT_SIDES.find((side) => scale.sides[side].includes(value)) ?? null;
}

/** One item's row; the sides' percents add up to 100 and each option's to 100 among themselves. */
export function likertRow(item: ReportItem, label: string, scale: LikertScale): LikertRow {
  const counted = (distribution: readonly ValueCount[]) => distribution.filter((d) => sideOf(scale, d.value) != null);
  const sideCounts = LIKERT_SIDES.map((side) => item.distribution.filter((d) => sideOf(scale, d.value) === side).reduce((sum, d) => sum + d.n, 0));
  const sidePercents = wholePercents(sideCounts);
  const optionPercents = wholePercents(counted(item.distribution).map((d) => d.n));
  let next = 0;
  const options = item.distribution.map((d): LikertOption => {
    const side = sideOf(scale, d.value);
    return { value: d.value, label: d.label, side, n: d.n, percent: side == null ? 0 : optionPercents[next++]! };
  });
  const sides = Object.fromEntries(LIKERT_SIDES.map((side, i) => [side, { n: sideCounts[i]!, percent: sidePercents[i]! }])) as Record<LikertSide, LikertShare>;
  const total = sideCounts.reduce((sum, n) => sum + n, 0);
  const apart = item.distribution.filter((d) => sideOf(scale, d.value) == null).reduce((sum, d) => sum + d.n, 0);
  return { id: item.id, label, withheld: item.withheld, average: item.average, sides, options, total, apart, scale };
}

/** A section's scale items as diverging rows, numbered as the section lists them; choices and numbers are left out. */
export function likertRows(items: readonly ReportItem[]): LikertRow[] {
  return items.flatMap((item, index) => {
    const scale = likertScaleOf(item);
    return scale ? [likertRow(item, `${index + 1}. ${item.text}`, scale)] : [];
  });
}

/**
 * Where a row's bar starts on a track of 200 points whose centre is the
 * scale's middle: the unfavourable share and half the neutral one lie left of
 * the centre, so every item's neutral answers straddle the same line.
 */
export function barStart(row: Pick<LikertRow, 'sides'>): number {
  return 100 - row.sides.unfavourable.percent - row.sides.neutral.percent / 2;
}

/** The bar's segments left to right (unfavourable, neutral, favourable) with where each starts on the 200-point track; empty sides left out. */
export function barSegments(row: Pick<LikertRow, 'sides'>): { side: LikertSide; start: number; percent: number }[] {
  const start = barStart(row);
  const { unfavourable, neutral } = row.sides;
  const starts: Record<LikertSide, number> = { unfavourable: start, neutral: start + unfavourable.percent, favourable: start + unfavourable.percent + neutral.percent };
  return LIKERT_SIDES.filter((side) => row.sides[side].percent > 0).map((side) => ({ side, start: starts[side], percent: row.sides[side].percent }));
}

/** «62% (155)»: a share with its count. */
export function shareText(share: LikertShare): string {
  return `${formatPercent(share.percent / 100)} (${formatCount(share.n)})`;
}

/** The sides a scale has (yes/no has no neutral answer), favourable first, as they are read. */
export function sidesOf(scale: LikertScale): LikertSide[] {
  return (['favourable', 'neutral', 'unfavourable'] as const).filter((side) => scale.sides[side].length > 0);
}
