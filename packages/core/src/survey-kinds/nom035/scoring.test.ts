/**
 * Cases computed by hand from the DOF tables: Guía II Tabla 2 (items 18–33
 * score Siempre=0…Nunca=4, every other item Siempre=4…Nunca=0), Guía III
 * Tabla 5 (35 items scored Siempre=0), thresholds of II.3 c) and III.3 c).
 */
import { describe, expect, it } from 'vitest';
import { buildAnswersSchema } from '../../survey-engine/answers';
import type { Answers, FrequencyValue } from '../../survey-engine/types';
import { GUIDE_DATA, itemId, NOM035_QUESTIONNAIRES, riskGuideFor } from './guides';
import { requiresClinicalEvaluation, riskLevel, scoreRiskGuide } from './scoring';

const FAVOURABLE_II = new Set(Array.from({ length: 16 }, (_, i) => 18 + i)); // items 18–33

/** Guía II answers: every item the same frequency, gates as given. */
function guideTwo(value: FrequencyValue, gates: 'yes' | 'no', overrides: Record<number, FrequencyValue> = {}): Answers {
  const answers: Answers = { servesCustomers: gates, isSupervisor: gates };
  for (let n = 1; n <= 46; n++) {
    if (gates === 'no' && n >= 41) continue;
    answers[itemId(n)] = overrides[n] ?? value;
  }
  return answers;
}

/** Guía II answers scoring 0 everywhere: risk items 'Nunca', favourable items 'Siempre'. */
function guideTwoNoRisk(overrides: Record<number, FrequencyValue> = {}): Answers {
  const answers = guideTwo('never', 'no');
  for (const n of FAVOURABLE_II) answers[itemId(n)] = 'always';
  for (const [n, v] of Object.entries(overrides)) answers[itemId(Number(n))] = v;
  return answers;
}

describe('risk level of a score', () => {
  it.each([
    [0, 'nulo'],
    [19, 'nulo'],
    [20, 'bajo'],
    [44, 'bajo'],
    [45, 'medio'],
    [69, 'medio'],
    [70, 'alto'],
    [89, 'alto'],
    [90, 'muyAlto'],
    [184, 'muyAlto'],
  ])('final score %i of Guía II is %s (a score on a boundary belongs to the upper level)', (score, level) => {
    expect(riskLevel(score, [20, 45, 70, 90])).toBe(level);
  });
});

describe('NOM-035 Guía II scoring', () => {
  it('every answer of the generated questionnaire is valid for its schema', () => {
    const schema = buildAnswersSchema(NOM035_QUESTIONNAIRES.II);
    expect(schema.safeParse(guideTwo('sometimes', 'yes')).success).toBe(true);
    expect(schema.safeParse(guideTwo('sometimes', 'no')).success).toBe(true);
  });

  it('scores 0 (nulo) when every answer is the favourable one', () => {
    const result = scoreRiskGuide('II', guideTwoNoRisk());
    expect(result.final).toEqual({ score: 0, level: 'nulo' });
  });

  it("'Nunca' everywhere with both gates 'No': 16 favourable items × 4 = 64, Medio", () => {
    expect(scoreRiskGuide('II', guideTwo('never', 'no')).final).toEqual({ score: 64, level: 'medio' });
  });

  it("'Siempre' everywhere with both gates 'Sí': 30 risk items × 4 = 120, Muy alto", () => {
    expect(scoreRiskGuide('II', guideTwo('always', 'yes')).final).toEqual({ score: 120, level: 'muyAlto' });
  });

  it("gated items answered 'Siempre' add 6 × 4 to 64: 88, Alto; one more 2 reaches 90, Muy alto", () => {
    const gatedAlways = { 41: 'always', 42: 'always', 43: 'always', 44: 'always', 45: 'always', 46: 'always' } as const;
    expect(scoreRiskGuide('II', guideTwo('never', 'yes', gatedAlways)).final).toEqual({ score: 88, level: 'alto' });
    expect(scoreRiskGuide('II', guideTwo('never', 'yes', { ...gatedAlways, 1: 'sometimes' })).final).toEqual({
      score: 90,
      level: 'muyAlto',
    });
  });

  it("a 'No' at a gate scores its items 0 even if answers to them linger", () => {
    const lingering = { ...guideTwoNoRisk(), q41: 'always', q42: 'always', q43: 'always' };
    expect(scoreRiskGuide('II', lingering).final.score).toBe(0);
    expect(scoreRiskGuide('II', lingering).domains.workload).toEqual({ score: 0, level: 'nulo' });
  });

  it('work environment (items 1–3, cut points 3/5/7/9): 2 + 1 = 3 is Bajo, 2 is Nulo', () => {
    const three = scoreRiskGuide('II', guideTwoNoRisk({ 1: 'sometimes', 2: 'almostNever' }));
    expect(three.categories.workEnvironment).toEqual({ score: 3, level: 'bajo' });
    expect(three.domains.workConditions).toEqual({ score: 3, level: 'bajo' });
    expect(three.final).toEqual({ score: 3, level: 'nulo' });
    const two = scoreRiskGuide('II', guideTwoNoRisk({ 1: 'sometimes' }));
    expect(two.categories.workEnvironment).toEqual({ score: 2, level: 'nulo' });
  });

  it('five risk items at Siempre reach the final boundary 20 (Bajo); 4 + Casi siempre is 19 (Nulo)', () => {
    const five = { 1: 'always', 2: 'always', 3: 'always', 4: 'always', 5: 'always' } as const;
    expect(scoreRiskGuide('II', guideTwoNoRisk(five)).final).toEqual({ score: 20, level: 'bajo' });
    expect(scoreRiskGuide('II', guideTwoNoRisk({ ...five, 5: 'almostAlways' })).final).toEqual({ score: 19, level: 'nulo' });
  });

  it('category sums equal the sums of their domains', () => {
    const result = scoreRiskGuide('II', guideTwo('sometimes', 'yes'));
    for (const domain of GUIDE_DATA.II.domains) expect(result.domains[domain.id]).toBeDefined();
    const activity = ['workload', 'lackOfControl'].reduce((t, d) => t + result.domains[d]!.score, 0);
    expect(result.categories.activityFactors!.score).toBe(activity);
  });
});

describe('NOM-035 Guía III scoring', () => {
  it("'Nunca' everywhere with both gates 'No': 35 favourable items × 4 = 140, exactly the Muy alto boundary", () => {
    const answers: Answers = { servesCustomers: 'no', isSupervisor: 'no' };
    for (let n = 1; n <= 64; n++) answers[itemId(n)] = 'never';
    expect(buildAnswersSchema(NOM035_QUESTIONNAIRES.III).safeParse(answers).success).toBe(true);
    expect(scoreRiskGuide('III', answers).final).toEqual({ score: 140, level: 'muyAlto' });
  });
});

describe('NOM-035 Guía I: referral to clinical evaluation (GR.I)', () => {
  const none = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [itemId(i + 1), 'no']));
  const only = (...yes: number[]) => ({ ...none, ...Object.fromEntries(yes.map((n) => [itemId(n), 'yes'])) });

  it.each([
    ['every answer No', only(), false],
    ['an event but no after-effects', only(1), false],
    ['an event and 1 Sí in section II', only(2, 7), true],
    ['an event and 2 Sí in section III', only(3, 9, 10), false],
    ['an event and 3 Sí in section III', only(3, 9, 10, 11), true],
    ['an event and 1 Sí in section IV', only(4, 16), false],
    ['an event and 2 Sí in section IV', only(4, 16, 20), true],
    ['after-effects without an event', only(7, 9, 10, 11, 16, 17), false],
  ])('%s → %s', (_case, answers, expected) => {
    expect(requiresClinicalEvaluation(answers)).toBe(expected);
  });

  it('asks sections II–IV only after a Sí in section I', () => {
    const schema = buildAnswersSchema(NOM035_QUESTIONNAIRES.I);
    const sectionIOnly = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [itemId(i + 1), 'no']));
    expect(schema.safeParse(sectionIOnly).success).toBe(true);
    expect(schema.safeParse({ ...sectionIOnly, q1: 'yes' }).success).toBe(false);
    expect(schema.safeParse(only(1)).success).toBe(true);
  });
});

describe('which risk questionnaire a campus answers', () => {
  it.each([
    ['auto', 50, 'II'],
    ['auto', 51, 'III'],
    ['II', 300, 'II'],
    ['III', 10, 'III'],
  ] as const)('setting %s with %i workers → Guía %s', (setting, workers, guide) => {
    expect(riskGuideFor(setting, workers)).toBe(guide);
  });
});
