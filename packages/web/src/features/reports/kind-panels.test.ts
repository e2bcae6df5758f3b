import { describe, expect, it } from 'vitest';
import { TEACHERS_PAGE_SIZE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { type Nom035GroupResult, type Nom035LevelInfo } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/scoring';
import { levelShareRow, levelShareText } from './kinds/nom035/nom035-charts';
import { groupShares, meanHeadline, normRows, pageCount, previousTermText } from './kinds/teacher-evaluation/teacher-results';
import { instituteColumns, leftOutText } from './kinds/new-intake/institute-columns';

describe("teachers' cards", () => {
  it('are paged 12 at a time (spec §9), with one page even when empty', () => {
    expect(TEACHERS_PAGE_SIZE).toBe(12);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('chart the three result groups, leaving out the sums Docentes and Aprobados, each with its share of the three', () => {
    const rows = groupShares([
      { key: 'docentes', label: 'Docentes', n: 10 },
      { key: 'destacados', label: 'Destacados', n: 3 },
      { key: 'suficientes', label: 'Suficientes', n: 5 },
      { key: 'insuficientes', label: 'Insuficientes', n: 2 },
      { key: 'aprobados', label: 'Aprobados', n: 8 },
    ]);
    expect(rows.map((row) => [row.label, row.n, row.share])).toEqual([
      ['Destacados', 3, 0.3],
      ['Suficientes', 5, 0.5],
      ['Insuficientes', 2, 0.2],
    ]);
  });

  it("say the teacher's mean in the previous term and the change, or why there is none", () => {
    const previousPeriodo = { id: 4, nombre: '2026A' };
    expect(previousTermText({ previousPeriodo, previousMean: 3.55, change: 0.13, minGroupSize: 5 })).toBe('Periodo anterior (2026A): 3.55 · cambio +0.13');
    expect(previousTermText({ previousPeriodo, previousMean: 3.8, change: -0.12, minGroupSize: 5 })).toBe('Periodo anterior (2026A): 3.80 · cambio \u22120.12');
    expect(previousTermText({ previousPeriodo, previousMean: null, change: null, minGroupSize: 5 })).toBe(
      'Periodo anterior (2026A): sin promedio; el docente no fue evaluado entonces o tuvo menos de 5 evaluaciones',
    );
    expect(previousTermText({ previousPeriodo: null, previousMean: null, change: null, minGroupSize: 5 })).toBeNull();
  });

  const item = { id: 'clarity', text: 'Explica con claridad', distribution: [], average: 3.8, campusAverage: 3.7, institutionAverage: 3.85 };

  it("put a teacher's mean as its difference from the campus and institution norms, with their n", () => {
    const report = { mean: 3.68, campusMean: 3.61, institutionMean: 3.59, campusN: 412, institutionN: 3210, items: [item] };
    expect(meanHeadline(report)).toBe('3.68 · +0.07 sobre el campus (n = 412) · +0.09 sobre la institución (n = 3,210)');
    expect(normRows(report).map((row) => [row.label, row.summary])).toEqual([
      ['Promedio general', '3.68 · +0.07 sobre el campus · +0.09 sobre la institución'],
      ['1. Explica con claridad', '3.80 · +0.10 sobre el campus · −0.05 bajo la institución'],
    ]);
  });

  it('leave out a norm withheld by the small-group rule', () => {
    const report = { mean: 4.6, campusMean: null, institutionMean: 4.1, campusN: 3, institutionN: 900, items: [] };
    expect(meanHeadline(report)).toBe('4.60 · +0.50 sobre la institución (n = 900)');
    expect(normRows(report)[0]!.values).toEqual({ teacher: 4.6, campus: null, institution: 4.1 });
  });
});

describe('NOM-035 charts', () => {
  const levels: Nom035LevelInfo[] = RISK_LEVELS.map((l) => ({ key: l.key, label: l.label, color: l.color, criteria: '…' }));
  const cuts = [0, 20, 45, 70, 90];
  const group = (name: string, counts: number[]): Nom035GroupResult => ({
    scope: 'category',
    key: name,
    name,
    categoryId: null,
    levels: RISK_LEVELS.map((l, i) => ({ level: l.key, min: cuts[i]!, max: cuts[i + 1] ?? null, n: counts[i]! })),
    averageScore: 30,
    averageLevel: 'medio',
  });

  it('gives each level its spec colour, score range and a share of 100 with its count', () => {
    const row = levelShareRow({ ...group('final', [1, 2, 3, 4, 5]), scope: 'final', key: '' }, levels);
    expect(row.name).toBe('Calificación final');
    expect(row.shares.map((s) => s.color)).toEqual(['skyblue', 'greenyellow', 'yellow', 'orange', 'red']);
    expect(row.shares[0]!.range).toBe('0 a menos de 20');
    expect(row.shares[4]!.range).toBe('90 o más');
    // 1, 2, 3, 4, 5 of 15: 6.7, 13.3, 20, 26.7, 33.3 → 7, 13, 20, 27, 33 (100).
    expect(row.shares.map((s) => s.percent)).toEqual([7, 13, 20, 27, 33]);
    expect(levelShareText(row.shares[3]!)).toBe('Alto 27% (4)');
    expect(row.averageLevel?.label).toBe('Medio');
  });

  it('keeps a category by its full name, never cut', () => {
    const name = 'Falta de control sobre el trabajo';
    expect(levelShareRow(group(name, [0, 1, 2, 0, 3]), levels).name).toBe(name);
  });
});

describe("new intake's opinion by institute", () => {
  const report = {
    sections: [{ id: 'admission', title: 'Tu proceso de admisión' }],
    withheldExplanation: 'Se oculta porque reúne menos de 5 respuestas…',
  };
  const row = (name: string, responses: number, withheld: boolean, average: number | null) => ({
    institute: name.toLowerCase(),
    name,
    responses,
    withheldResponses: withheld ? responses : 0,
    average,
    sections: [{ id: 'admission', average }],
    withheld,
  });

  it('has a column per scored section after the school, its responses and its average', () => {
    expect(instituteColumns(report).map((c) => c.label)).toEqual(['Institución de procedencia', 'Respuestas', 'Promedio', 'Tu proceso de admisión']);
  });

  it('sorts a withheld school as an empty cell, never by the averages it does not send', () => {
    const columns = instituteColumns(report);
    const shown = row('Instituto Oriente', 12, false, 4.25);
    const hidden = row('Colegio Vida Nueva', 3, true, null);
    expect(columns.map((c) => c.value(shown))).toEqual(['Instituto Oriente', 12, 4.25, 4.25]);
    expect(columns.map((c) => c.value(hidden))).toEqual(['Colegio Vida Nueva', 3, null, null]);
  });

  it('says how many responses a school’s averages leave out', () => {
    expect(leftOutText(1)).toBe('1 no entra en los promedios');
    expect(leftOutText(1200)).toBe('1,200 no entran en los promedios');
  });
});
