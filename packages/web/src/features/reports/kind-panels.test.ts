import { describe, expect, it } from 'vitest';
import { TEACHERS_PAGE_SIZE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { type Nom035GroupResult, type Nom035LevelInfo } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { RISK_LEVELS } from '@encuestas/core/survey-kinds/nom035/scoring';
import { chartTableRows } from './logic/chart-data';
import { levelChart, levelsStackChart } from './kinds/nom035/nom035-charts';
import { groupsChart, normsChart, pageCount } from './kinds/teacher-evaluation/teacher-results';
import { instituteColumns, leftOutText } from './kinds/new-intake/institute-columns';

describe("teachers' cards", () => {
  it('are paged 12 at a time (spec §9), with one page even when empty', () => {
    expect(TEACHERS_PAGE_SIZE).toBe(12);
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('chart the three result groups, leaving out the sums Docentes and Aprobados', () => {
    const chart = groupsChart([
      { key: 'docentes', label: 'Docentes', n: 10 },
      { key: 'destacados', label: 'Destacados', n: 3 },
      { key: 'suficientes', label: 'Suficientes', n: 5 },
      { key: 'insuficientes', label: 'Insuficientes', n: 2 },
      { key: 'aprobados', label: 'Aprobados', n: 8 },
    ]);
    expect(chart.categories).toEqual(['Destacados', 'Suficientes', 'Insuficientes']);
    expect(chart.series[0]!.values).toEqual([3, 5, 2]);
  });

  it("put a teacher's mean beside the campus's and the institution's", () => {
    expect(chartTableRows(normsChart({ mean: 4.6, campusMean: 4.1, institutionMean: null }))).toEqual([
      { category: 'Docente', cells: [4.6] },
      { category: 'Campus', cells: [4.1] },
      { category: 'Institución', cells: [null] },
    ]);
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

  it('draws each level in its spec colour with its score range', () => {
    const chart = levelChart(group('final', [1, 2, 3, 4, 5]), levels);
    expect(chart.categoryColors).toEqual(['skyblue', 'greenyellow', 'yellow', 'orange', 'red']);
    expect(chart.categories[0]).toBe('Nulo o despreciable (0 a menos de 20)');
    expect(chart.categories[4]).toBe('Muy alto (90 o más)');
    expect(chart.series[0]!.values).toEqual([1, 2, 3, 4, 5]);
  });

  it('stacks categories by level, one coloured series per level', () => {
    const chart = levelsStackChart([group('Ambiente', [5, 0, 0, 0, 0]), group('Liderazgo', [0, 1, 2, 0, 3])], levels);
    expect(chart.series.map((s) => [s.label, s.color, s.values])).toEqual([
      ['Nulo o despreciable', 'skyblue', [5, 0]],
      ['Bajo', 'greenyellow', [0, 1]],
      ['Medio', 'yellow', [0, 2]],
      ['Alto', 'orange', [0, 0]],
      ['Muy alto', 'red', [0, 3]],
    ]);
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
