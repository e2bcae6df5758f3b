/**
 * How numbers are written to people, on every screen, PDF and spreadsheet
 * caption (issue 20: one format, es-MX): counts with thousands commas
 * (1,050), percentages as CLDR writes them for Mexico (74.5%, at most one
 * decimal), means with two decimals (3.61). Dates: `displayDay` in dates.ts.
 */
/** Made on first use, as `lazyFormatter` in dates.ts and for the same reason (a phone's first paint). */
function lazyNumberFormatter(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let formatter: Intl.NumberFormat | undefined;
  return () => (formatter ??= new Intl.NumberFormat('es-MX', options));
}

const count = lazyNumberFormatter({ maximumFractionDigits: 0 });
const percent = lazyNumberFormatter({ style: 'percent', maximumFractionDigits: 1 });
const average = lazyNumberFormatter({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const change = lazyNumberFormatter({ minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** 1,050 */
export const formatCount = (value: number): string => count().format(value);

/** 74.5% from a ratio (0.745); '—' when there is no ratio (nobody expected). */
export const formatPercent = (ratio: number | null): string => (ratio === null ? '—' : percent().format(ratio));

/** `n` of `base` as a ratio (formatPercent's input); null when the base is empty (nobody answered). */
export const shareOf = (n: number, base: number): number | null => (base > 0 ? n / base : null);

/** «12 · 34.3%»: a count and its share of a base, on screens and in PDFs; the count alone when there is no share. */
export const formatCountShare = (n: number, share: number | null): string => (share === null ? formatCount(n) : `${formatCount(n)} · ${formatPercent(share)}`);

/** 3.61; '—' when there is no mean (no answers, or hidden by the small-group rule). */
export const formatAverage = (value: number | null): string => (value === null ? '—' : average().format(value));

/** A difference of means, signed: «+0.12», «−0.05» (a true minus sign), «0.00»; '—' when there is none. */
export const formatChange = (value: number | null): string => (value === null ? '—' : change().format(value).replace('-', '\u2212'));

/** «1 respuesta», «1,050 respuestas»: a count with its noun in singular or plural. */
export const countOf = (value: number, singular: string, plural: string): string =>
  value === 1 ? `1 ${singular}` : `${formatCount(value)} ${plural}`;
