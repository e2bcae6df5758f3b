import { describe, expect, it } from 'vitest';
import type { ReportItem } from '@encuestas/core/api/reports';
import { formatCountShare } from '@encuestas/core/format';
import { choiceBaseText } from '@encuestas/core/report-figures';
import { campusShares, choiceShares } from './logic/shares';

const choice = (counts: [string, number][], shareBase: number, type: 'single' | 'multiple' = 'single'): ReportItem => ({
  id: 'transportationMode',
  text: '¿Cómo llegas?',
  type,
  distribution: counts.map(([label, n]) => ({ value: label.toLowerCase(), label, n })),
  average: null,
  scored: 0,
  shareBase,
  withheld: false,
  otherList: 'transportationModeOther',
});

describe('counts beside their shares', () => {
  it("sorts a choice's answers by count, 'Otro' in its place, ties in the options' order, each a share of who answered", () => {
    const rows = choiceShares(choice([['Auto', 2], ['Camión', 9], ['Otro', 4], ['Bicicleta', 2]], 17));
    expect(rows.map((row) => [row.label, formatCountShare(row.n, row.share)])).toEqual([
      ['Camión', '9 · 52.9%'],
      ['Otro', '4 · 23.5%'],
      ['Auto', '2 · 11.8%'],
      ['Bicicleta', '2 · 11.8%'],
    ]);
  });

  it("takes a multiple choice's shares of everyone who answered the survey, so they may add up to more than 100 %, and says so", () => {
    const item = choice([['Facebook', 8], ['Instagram', 6], ['Radio', 2]], 10, 'multiple');
    expect(choiceShares(item).map((row) => row.share)).toEqual([0.8, 0.6, 0.2]);
    expect(choiceBaseText(item)).toBe(
      'Respuestas por opción y porcentaje de quienes respondieron la encuesta (10); cada persona pudo elegir varias, así que los porcentajes no suman 100 %',
    );
    expect(choiceBaseText(choice([], 35))).toBe('Respuestas por opción y porcentaje de quienes respondieron la pregunta (35)');
  });

  it("gives each campus its share of the report's responses", () => {
    const rows = campusShares([
      { campus: { id: 1, nombre: 'Puebla' }, responses: 30, average: 3.9, withheld: false },
      { campus: { id: 2, nombre: 'Mérida' }, responses: 10, average: null, withheld: true },
    ]);
    expect(rows.map((row) => [row.label, row.share])).toEqual([
      ['Puebla', 0.75],
      ['Mérida', 0.25],
    ]);
  });
});
