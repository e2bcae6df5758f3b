import { describe, expect, it } from 'vitest';
import { allItems } from '../../survey-engine/answers';
import { questionnaireContract } from '../testing';
import { FAVOURABLE_FREQUENCY_SCORES, WORK_ENVIRONMENT_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

describe('work environment', () => {
  it('covers leadership, teamwork, recognition, physical conditions, work-life balance and training', () => {
    expect(q.sections.map((s) => s.id)).toEqual(['leadership', 'teamwork', 'recognition', 'conditions', 'balance', 'training', 'closing']);
  });

  it('scores every statement Siempre 5 … Nunca 1, like the rating points', () => {
    const statements = allItems(q).filter((i) => i.type === 'frequency');
    expect(statements).toHaveLength(20);
    expect(statements.every((i) => i.scores === FAVOURABLE_FREQUENCY_SCORES)).toBe(true);
    expect(FAVOURABLE_FREQUENCY_SCORES).toEqual({ always: 5, almostAlways: 4, sometimes: 3, almostNever: 2, never: 1 });
  });

  it('closes with a required overall rating and an optional comment', () => {
    expect(q.sections.at(-1)?.items.map((i) => [i.id, i.type, i.required ?? true])).toEqual([
      ['overallEnvironment', 'rating', true],
      ['comments', 'text', false],
    ]);
  });
});
