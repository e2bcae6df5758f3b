/** Averages computed by hand on the 1–5 scale (Excelente 5 … Mala 1, 'No aplica' left out), 15 rating items. */
import { describe, expect, it } from 'vitest';
import type { Answers, RatingValue } from '../../survey-engine/types';
import { teacherResultGroup } from './results';
import { scoreTeacher, scoreTeacherEvaluation, TEACHER_RATING_ITEM_IDS } from './scoring';

/** A response whose first rating items take `leading` in order and the rest `rest`. */
function response(leading: RatingValue[], rest: RatingValue): Answers {
  return Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id, i) => [id, leading[i] ?? rest]));
}
const times = (n: number, value: RatingValue): RatingValue[] => Array.from({ length: n }, () => value);

describe('score of one evaluation', () => {
  it('has 15 scored items: every rating item, not "would recommend" nor the comment', () => {
    expect(TEACHER_RATING_ITEM_IDS).toHaveLength(15);
    expect(TEACHER_RATING_ITEM_IDS).toContain('overallRating');
    expect(TEACHER_RATING_ITEM_IDS).not.toContain('wouldRecommend');
  });

  it.each<[string, Answers, number | null, string | null, number]>([
    ['all Excelente', response([], 'excelente'), 5, 'destacados', 15],
    ['all Muy buena', response([], 'muyBuena'), 4, 'suficientes', 15],
    ['all Buena', response([], 'buena'), 3, 'insuficientes', 15],
    ['all Mala', response([], 'mala'), 1, 'insuficientes', 15],
    ['8 Excelente, 7 Muy buena: 68/15 = 4.53', response(times(8, 'excelente'), 'muyBuena'), 68 / 15, 'destacados', 15],
    ['7 Excelente, 8 Muy buena: 67/15 = 4.47', response(times(7, 'excelente'), 'muyBuena'), 67 / 15, 'suficientes', 15],
    ['Excelente and Muy buena, the rest No aplica: 9/2 = 4.5', response(['excelente', 'muyBuena'], 'na'), 4.5, 'destacados', 2],
    ['Muy buena and Buena, the rest No aplica: 7/2 = 3.5', response(['muyBuena', 'buena'], 'na'), 3.5, 'suficientes', 2],
    ['Muy buena, Buena, Buena, Regular, rest No aplica: 12/4 = 3', response(['muyBuena', 'buena', 'buena', 'regular'], 'na'), 3, 'insuficientes', 4],
    ['10 Muy buena, 5 Regular: 50/15 = 3.33', response(times(10, 'muyBuena'), 'regular'), 50 / 15, 'insuficientes', 15],
    ['everything No aplica', response([], 'na'), null, null, 0],
    ['no answers', {}, null, null, 0],
  ])('%s', (_, answers, average, group, rated) => {
    const score = scoreTeacherEvaluation(answers);
    if (average === null) expect(score.average).toBeNull();
    else expect(score.average).toBeCloseTo(average, 10);
    // The group at the default cut points (results.ts).
    expect(score.average === null ? null : teacherResultGroup(score.average)).toBe(group);
    expect(score.rated).toBe(rated);
  });

  it('ignores answers that are not ratings of the questionnaire', () => {
    const answers = { ...response(['excelente'], 'na'), wouldRecommend: 'no', comments: 'mala', unknown: 'mala' };
    expect(scoreTeacherEvaluation(answers)).toEqual({ average: 5, rated: 1 });
  });
});

describe('score of a teacher over many evaluations', () => {
  it('averages each evaluation’s average, so a student with many No aplica weighs as much as any other', () => {
    // Per evaluation: 5 and 3, mean 4. Pooling the 16 ratings instead would give (5 + 45) / 16 = 3.125.
    const result = scoreTeacher([response(['excelente'], 'na'), response([], 'buena')]);
    expect(result).toEqual({ average: 4, responses: 2 });
  });

  it.each<[string, Answers[], number | null, string | null, number]>([
    ['three evaluations 5, 5, 4 → 14/3 = 4.67', [response([], 'excelente'), response([], 'excelente'), response([], 'muyBuena')], 14 / 3, 'destacados', 3],
    ['5 and 3 plus one with nothing rated → 4', [response([], 'excelente'), response([], 'buena'), response([], 'na')], 4, 'suficientes', 2],
    ['4 and 2 → 3', [response([], 'muyBuena'), response([], 'regular')], 3, 'insuficientes', 2],
    ['no evaluations', [], null, null, 0],
  ])('%s', (_, responses, average, group, count) => {
    const result = scoreTeacher(responses);
    if (average === null) expect(result.average).toBeNull();
    else expect(result.average).toBeCloseTo(average, 10);
    expect(result.average === null ? null : teacherResultGroup(result.average)).toBe(group);
    expect(result.responses).toBe(count);
  });
});
