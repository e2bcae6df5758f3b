import { describe, expect, it } from 'vitest';
import type { ReportItem } from '@encuestas/core/api/reports';
import { barSegments, barStart, likertRow, likertRows, likertScaleOf, shareText, wholePercents } from './logic/likert';
import { rowSummary } from './charts/diverging-bars';

const RATING_LABELS: Record<string, string> = {
  excelente: 'Excelente',
  muyBuena: 'Muy buena',
  buena: 'Buena',
  regular: 'Regular',
  mala: 'Mala',
  na: 'No aplica',
};

function rating(id: string, counts: Partial<Record<keyof typeof RATING_LABELS, number>>, extra: Partial<ReportItem> = {}): ReportItem {
  return {
    id,
    text: `¿Cómo calificas ${id}?`,
    type: 'rating',
    distribution: Object.entries(RATING_LABELS).map(([value, label]) => ({ value, label, n: counts[value] ?? 0 })),
    average: 3.68,
    scored: 0,
    shareBase: Object.values(counts).reduce((sum: number, n) => sum + (n ?? 0), 0),
    withheld: false,
    otherList: null,
    ...extra,
  };
}

describe('whole percents', () => {
  it('add up to exactly 100, the extra points going to the largest remainders', () => {
    // 1/3 each: 33.3 + 33.3 + 33.3 → 34 + 33 + 33 (the tie goes to the first).
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    // 2/7, 2/7, 3/7 = 28.57, 28.57, 42.86 → 29, 28, 43.
    expect(wholePercents([2, 2, 3])).toEqual([29, 28, 43]);
    for (const counts of [[155, 50, 45], [1, 2, 3, 4, 5], [999, 1, 0], [7, 7, 7, 7, 7, 7]]) {
      expect(wholePercents(counts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });

  it('are all zero when nothing was answered, and exact when they can be', () => {
    expect(wholePercents([0, 0, 0])).toEqual([0, 0, 0]);
    expect(wholePercents([155, 50, 45])).toEqual([62, 20, 18]);
  });
});

describe('a rating item as a diverging bar', () => {
  const row = likertRow(rating('biblioteca', { excelente: 100, muyBuena: 55, buena: 50, regular: 30, mala: 15, na: 12 }), '1. Biblioteca', likertScaleOf({ type: 'rating' })!);

  it('groups Excelente and Muy buena as favourable, Buena neutral, Regular and Mala unfavourable', () => {
    expect(row.sides).toEqual({
      favourable: { n: 155, percent: 62 },
      neutral: { n: 50, percent: 20 },
      unfavourable: { n: 45, percent: 18 },
    });
  });

  it("keeps 'No aplica' out of the 100 %", () => {
    expect(row.total).toBe(250);
    expect(row.apart).toBe(12);
    const na = row.options.find((o) => o.value === 'na')!;
    expect(na).toMatchObject({ side: null, n: 12, percent: 0 });
    expect(row.options.filter((o) => o.side != null).reduce((sum, o) => sum + o.percent, 0)).toBe(100);
  });

  it('writes percentages beside counts, favourable first, with the average', () => {
    expect(shareText(row.sides.favourable)).toBe('62% (155)');
    expect(rowSummary(row)).toBe('Favorable 62% (155) · Neutral 20% (50) · Desfavorable 18% (45) · No aplica 12 · Promedio 3.68');
  });

  it('starts the bar so the neutral share straddles the centre line', () => {
    // 100 − 18 − 20/2 = 72 on a 200-point track: neutral runs 90 → 110 around the centre (100).
    expect(barStart(row)).toBe(72);
    expect(barSegments(row)).toEqual([
      { side: 'unfavourable', start: 72, percent: 18 },
      { side: 'neutral', start: 90, percent: 20 },
      { side: 'favourable', start: 110, percent: 62 },
    ]);
  });
});

describe('the scales of a section', () => {
  it('groups frequencies by meaning and names yes/no sides Sí and No with no neutral', () => {
    const frequency: ReportItem = {
      ...rating('x', {}),
      type: 'frequency',
      distribution: [
        { value: 'always', label: 'Siempre', n: 5 },
        { value: 'almostAlways', label: 'Casi siempre', n: 3 },
        { value: 'sometimes', label: 'Algunas veces', n: 1 },
        { value: 'almostNever', label: 'Casi nunca', n: 1 },
        { value: 'never', label: 'Nunca', n: 0 },
      ],
    };
    const yesNo: ReportItem = { ...rating('y', {}), type: 'yesNo', average: null, distribution: [{ value: 'yes', label: 'Sí', n: 7 }, { value: 'no', label: 'No', n: 3 }] };
    const [f, y] = likertRows([frequency, yesNo]);
    expect(f!.sides).toEqual({ favourable: { n: 8, percent: 80 }, neutral: { n: 1, percent: 10 }, unfavourable: { n: 1, percent: 10 } });
    expect(rowSummary(y!)).toBe('Sí 70% (7) · No 30% (3)');
  });

  it('leaves choices and numbers out, numbering the rest as the section does, full text kept', () => {
    const choice: ReportItem = { ...rating('c', {}), type: 'single', text: 'Elige una', distribution: [{ value: 'a', label: 'A', n: 1 }] };
    const long = 'El personal de servicios escolares resolvió mis trámites con rapidez, amabilidad y sin pedirme volver otro día';
    const rows = likertRows([choice, rating('b', { buena: 1 }, { text: long })]);
    expect(rows.map((r) => r.label)).toEqual([`2. ${long}`]);
  });

  it('gives a withheld item no shares', () => {
    const [row] = likertRows([rating('w', {}, { withheld: true, distribution: [], average: null })]);
    expect(row).toMatchObject({ withheld: true, total: 0, apart: 0 });
  });
});
