import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { answerErrors, fillAnswers, questionnaireContract, TEST_CATALOGS } from '../testing';
import { TEACHER_EVALUATION_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

describe('teacher evaluation', () => {
  it('has 15 ratings of the teacher, a yes/no recommendation and an optional comment', () => {
    const items = allItems(q);
    expect(items.filter((i) => i.type === 'rating')).toHaveLength(15);
    expect(items.filter((i) => i.type !== 'rating').map((i) => [i.id, i.type, i.required ?? true])).toEqual([
      ['wouldRecommend', 'yesNo', true],
      ['comments', 'text', false],
    ]);
  });

  it('has no gates: every student answers every item about the class', () => {
    expect(allItems(q).every((i) => i.gate === undefined)).toBe(true);
    expect(q.sections.every((s) => s.gate === undefined)).toBe(true);
  });

  it("accepts 'No aplica' on an item but not on the overall rating", () => {
    const answers = fillAnswers(q, TEST_CATALOGS);
    expect(answerErrors(q, { ...answers, digitalPlatforms: 'na' })).toEqual({});
    expect(answerErrors(q, { ...answers, overallRating: 'na' })).toEqual({ overallRating: ['La respuesta no es una de las opciones'] });
  });
});
