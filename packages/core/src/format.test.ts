import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatAverage, formatChange, formatCount, formatCountShare, formatPercent, shareOf } from './format';

describe('es-MX number formats', () => {
  it('writes counts with thousands commas and no decimals', () => {
    expect(formatCount(1050)).toBe('1,050');
    expect(formatCount(0)).toBe('0');
  });
  it('writes percentages as CLDR es-MX does, with at most one decimal', () => {
    expect(formatPercent(0.745)).toBe('74.5%');
    expect(formatPercent(0.74)).toBe('74%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(null)).toBe('—');
  });
  it('writes a count and its share of a base, «12 · 34.3%», and the count alone when nobody answered', () => {
    expect(formatCountShare(12, shareOf(12, 35))).toBe('12 · 34.3%');
    expect(formatCountShare(1050, shareOf(1050, 1050))).toBe('1,050 · 100%');
    expect(shareOf(0, 0)).toBeNull();
    expect(formatCountShare(0, shareOf(0, 0))).toBe('0');
  });
  it('writes means with two decimals', () => {
    expect(formatAverage(3.6)).toBe('3.60');
    expect(formatAverage(null)).toBe('—');
  });
  it('writes a change of means signed, with a true minus sign, and no sign for none', () => {
    expect(formatChange(0.12)).toBe('+0.12');
    expect(formatChange(-0.05)).toBe('\u22120.05');
    expect(formatChange(0)).toBe('0.00');
    expect(formatChange(-0.001)).toBe('0.00');
    expect(formatChange(null)).toBe('—');
  });
  it('picks the singular for one', () => {
    expect(countOf(1, 'respuesta', 'respuestas')).toBe('1 respuesta');
    expect(countOf(1050, 'respuesta', 'respuestas')).toBe('1,050 respuestas');
  });
});

describe('the same figures as es-MX Intl.NumberFormat (format.ts writes them out)', () => {
  const intl = {
    count: new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 }),
    percent: new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 }),
    average: new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    change: new Intl.NumberFormat('es-MX', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }),
  };
  // Counts and sums up to millions, ratios around 0-1 with halves and thirds, means and their differences.
  const values = fc.oneof(
    fc.integer({ min: -5_000_000, max: 50_000_000 }),
    fc.double({ min: -2e7, max: 2e7, noNaN: true }),
    fc.double({ min: -2, max: 2, noNaN: true }),
    fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 5000 })).map(([n, base]) => n / base),
    fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 1000 + 0.0005),
    fc.constantFrom(0, -0, 0.745, 0.0015, 0.0095, 1.005, 2.675, -0.005, 0.995, 0.9995, 999.5, 1e6 - 0.5, 1e21, 1.5e-7, -0.4),
  );

  it('counts, percentages, means and signed differences', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(formatCount(value)).toBe(intl.count.format(value));
        expect(formatPercent(value)).toBe(intl.percent.format(value));
        expect(formatAverage(value)).toBe(intl.average.format(value));
        expect(formatChange(value)).toBe(intl.change.format(value).replace('-', '\u2212'));
      }),
      { numRuns: 5000 },
    );
  });
});
