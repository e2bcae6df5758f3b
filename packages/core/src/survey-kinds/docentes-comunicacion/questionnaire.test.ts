import { describe, expect, it } from 'vitest';
import { questionnaireContract } from '../testing';
import { TEACHER_COMMUNICATION_GRAPH_SECTIONS, TEACHER_COMMUNICATION_QUESTIONNAIRE as q } from './questionnaire';

questionnaireContract(q);

describe("teachers' communication", () => {
  it('has one rating section per report graph, in the graphs’ order, then the comments', () => {
    expect(q.sections.map((s) => s.id)).toEqual([...TEACHER_COMMUNICATION_GRAPH_SECTIONS, 'closing']);
    for (const section of q.sections.slice(0, 6)) {
      expect(section.items.every((i) => i.type === 'rating'), section.id).toBe(true);
      expect(section.items.length, section.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('ends with one optional comment of up to 1000 characters', () => {
    expect(q.sections.at(-1)?.items).toEqual([expect.objectContaining({ id: 'comments', type: 'text', maxLength: 1000, required: false })]);
  });
});
