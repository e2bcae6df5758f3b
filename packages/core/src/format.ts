/**
 * How numbers are written to people, on every screen, PDF and spreadsheet
 * caption (issue 20: one format, es-MX): counts with thousands commas
 * (1,050), percentages as CLDR writes them for Mexico (74.5%, at most one
 * decimal), means with two decimals (3.61). Dates: `displayDay` in dates.ts.
 */
import { groupThousands } from './thousands';

/**
 * Written out instead of Intl.NumberFormat: a page's first number formatter
 * loads the locale's number data, 45-56 ms of the back office's opening tasks
 * in Lighthouse's traces (issue 20), for formats this small. The same figures
 * as es-MX's Intl.NumberFormat, which format.test.ts checks over random values:
 * thousands grouped with commas, '.' before the decimals, and Intl's rounding,
 * which is on the number's shortest decimal form (String(0.0095) is '0.0095',
 * so 1%, where toFixed's exact binary value gives 0.9%), half away from zero.
 */

/**
 * `value` × 10^`shift` (2 for a percentage), at most `maxDecimals` and at least
 * `minDecimals` decimals; '-' when negative, as Intl's default sign display.
 */
function decimal(value: number, maxDecimals: number, minDecimals = 0, shift = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const [, whole = '', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)))!;
  let digits = whole + fraction;
  // How many of `digits` stand before the decimal point.
  let point = whole.length + Number(exponent) + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  const kept = point + maxDecimals;
  digits = digits.padEnd(kept + 1, '0');
  let rounded = digits.slice(0, kept);
  if (digits[kept]! >= '5') {
    const up = (BigInt(rounded || '0') + 1n).toString().padStart(rounded.length, '0');
    if (up.length > rounded.length) point += 1;
    rounded = up;
  }
  const integer = rounded.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = rounded.slice(point).replace(/0+$/, '').padEnd(minDecimals, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(integer)}${decimals ? `.${decimals}` : ''}`;
}

/** 1,050 */
export const formatCount = (value: number): string => decimal(value, 0);

/** 74.5% from a ratio (0.745); '—' when there is no ratio (nobody expected). */
export const formatPercent = (ratio: number | null): string => (ratio === null ? '—' : `${decimal(ratio, 1, 0, 2)}%`);

/** `n` of `base` as a ratio (formatPercent's input); null when the base is empty (nobody answered). */
export const shareOf = (n: number, base: number): number | null => (base > 0 ? n / base : null);

/** «12 · 34.3%»: a count and its share of a base, on screens and in PDFs; the count alone when there is no share. */
export const formatCountShare = (n: number, share: number | null): string => (share === null ? formatCount(n) : `${formatCount(n)} · ${formatPercent(share)}`);

/** 3.61; '—' when there is no mean (no answers, or hidden by the small-group rule). */
export const formatAverage = (value: number | null): string => (value === null ? '—' : decimal(value, 2, 2));

/** A difference of means, signed: «+0.12», «−0.05» (a true minus sign), «0.00»; '—' when there is none. */
export function formatChange(value: number | null): string {
  if (value === null) return '—';
  const size = decimal(Math.abs(value), 2, 2);
  // Intl's signDisplay 'exceptZero': no sign where the rounded figure is zero.
  if (!/[1-9]/.test(size)) return size;
  return `${value < 0 ? '\u2212' : '+'}${size}`;
}

/** «1 respuesta», «1,050 respuestas»: a count with its noun in singular or plural. */
export const countOf = (value: number, singular: string, plural: string): string =>
  value === 1 ? `1 ${singular}` : `${formatCount(value)} ${plural}`;
