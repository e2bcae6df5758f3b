/**
 * Every range boundary of both guides: the score just below a cut point is in
 * the lower level, the cut point itself in the upper one (II.3 c), III.3 c));
 * the listed ranges agree with riskLevel; Guía II's are spec §9's figures.
 */
import { describe, expect, it } from 'vitest';
import guia3 from './data/guia3.json';
import { ACTION_CRITERIA, riskGroups, riskRanges } from './results';
import { RISK_LEVELS, riskLevel } from './scoring';
import { GUIDE_DATA } from './guides';

const cutsOf = (guide: 'II' | 'III', scope: string, key: string): number[] => {
  const t = GUIDE_DATA[guide].thresholds;
  return scope === 'final' ? t.final : scope === 'category' ? t.categories[key]! : t.domains[key]!;
};

describe('NOM-035 levels', () => {
  it('are named and coloured as spec §4 says', () => {
    expect(RISK_LEVELS.map((l) => [l.label, l.color])).toEqual([
      ['Nulo o despreciable', 'skyblue'],
      ['Bajo', 'greenyellow'],
      ['Medio', 'yellow'],
      ['Alto', 'orange'],
      ['Muy alto', 'red'],
    ]);
  });

  it('carry the DOF action criteria, one Spanish text per level, the same in Guía II and Guía III', () => {
    expect(Object.keys(ACTION_CRITERIA).sort()).toEqual(RISK_LEVELS.map((l) => l.key).sort());
    expect(ACTION_CRITERIA).toEqual(guia3.actionCriteria.byLevel);
    expect(ACTION_CRITERIA.nulo).toBe('El riesgo resulta despreciable por lo que no se requiere medidas adicionales.');
    expect(ACTION_CRITERIA.muyAlto).toMatch(/^Se requiere realizar el análisis de cada categoría y dominio/);
  });
});

describe('Guía II ranges are spec §9’s', () => {
  it.each([
    ['final', '', [20, 45, 70, 90]],
    ['category', 'workEnvironment', [3, 5, 7, 9]],
    ['category', 'activityFactors', [10, 20, 30, 40]],
    ['category', 'workTimeOrganization', [4, 6, 9, 12]],
    ['category', 'leadershipAndRelations', [10, 18, 28, 38]],
    ['domain', 'workConditions', [3, 5, 7, 9]],
    ['domain', 'workload', [12, 16, 20, 24]],
    ['domain', 'lackOfControl', [5, 8, 11, 14]],
    ['domain', 'workday', [1, 2, 4, 6]],
    ['domain', 'workFamilyInterference', [1, 2, 4, 6]],
    ['domain', 'leadership', [3, 5, 8, 11]],
    ['domain', 'relationships', [5, 8, 11, 14]],
    ['domain', 'violence', [7, 10, 13, 16]],
  ] as const)('%s %s: %j', (scope, key, cuts) => {
    const ranges = riskRanges('II', scope, key);
    expect(ranges.map((r) => [r.min, r.max])).toEqual([
      [0, cuts[0]],
      [cuts[0], cuts[1]],
      [cuts[1], cuts[2]],
      [cuts[2], cuts[3]],
      [cuts[3], null],
    ]);
  });

  it('lists the final score, 4 categories and 8 domains', () => {
    expect(riskGroups('II').map((g) => g.scope)).toEqual(['final', ...Array(4).fill('category'), ...Array(8).fill('domain')]);
    expect(riskGroups('III')).toHaveLength(1 + 5 + 10);
  });
});

describe.each(['II', 'III'] as const)('every range boundary of Guía %s', (guide) => {
  const cases = riskGroups(guide).flatMap((group) =>
    cutsOf(guide, group.scope, group.key).flatMap((cut, index) => [
      { name: `${group.scope} ${group.key || 'final'}: ${cut - 1}`, group, score: cut - 1, level: RISK_LEVELS[index]!.key },
      { name: `${group.scope} ${group.key || 'final'}: ${cut}`, group, score: cut, level: RISK_LEVELS[index + 1]!.key },
    ]),
  );

  it.each(cases)('$name is $level', ({ group, score, level }) => {
    expect(riskLevel(score, cutsOf(guide, group.scope, group.key))).toBe(level);
    const range = riskRanges(guide, group.scope, group.key).find((r) => score >= r.min && (r.max === null || score < r.max));
    expect(range?.level).toBe(level);
  });
});

it('refuses a category the guide does not have', () => {
  expect(() => riskRanges('II', 'category', 'organizationalEnvironment')).toThrow(/no category/);
});
