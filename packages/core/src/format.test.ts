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
