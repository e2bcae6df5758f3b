import { describe, expect, it } from 'vitest';
import { questionnaireContract } from '../testing';
import { STAFF_COMMUNICATION_GRAPH_SECTIONS, STAFF_COMMUNICATION_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

describe('staff communication', () => {
  it('has three rating sections, the report’s rating, rating2 and rating3, then the comments', () => {
    expect(q.sections.map((s) => s.id)).toEqual([...Object.values(STAFF_COMMUNICATION_GRAPH_SECTIONS), 'closing']);
    for (const section of q.sections.slice(0, 3)) {
      expect(section.items.every((i) => i.type === 'rating'), section.id).toBe(true);
    }
  });

  it('asks the preferred channel and the comment as optional questions', () => {
    expect(q.sections.at(-1)?.items.map((i) => [i.id, i.required])).toEqual([
      ['preferredChannel', false],
      ['comments', false],
    ]);
  });
});
