import { describe, expect, it } from 'vitest';
import type { Item } from '../types';
import { isCounted, QUESTION_TYPES } from './registry';
import { QUESTION_RULES } from './rules';

describe('question types registry', () => {
  it('lists text apart from the counted types, as CountedItem says', () => {
    const listedApart = Object.entries(QUESTION_TYPES).flatMap(([type, module]) => (module.aggregation === 'texts' ? [type] : []));
    expect(listedApart).toEqual(['text']);
    expect(isCounted({ id: 'a', type: 'text', text: 'A', maxLength: 255 } satisfies Item)).toBe(false);
    expect(isCounted({ id: 'b', type: 'number', text: 'B' } satisfies Item)).toBe(true);
  });

  it('gives each type the answer rule and estimate the survey pages check with (rules.ts)', () => {
    for (const [type, module] of Object.entries(QUESTION_TYPES)) {
      const rule = QUESTION_RULES[type as keyof typeof QUESTION_RULES];
      expect(module.answerErrors, type).toBe(rule.answerErrors);
      expect(module.estimateSeconds, type).toBe(rule.estimateSeconds);
    }
    expect(Object.keys(QUESTION_RULES)).toEqual(Object.keys(QUESTION_TYPES));
  });

  it('reports a rating with its «No aplica» only where the item offers it', () => {
    expect(QUESTION_TYPES.rating.reportValues({ id: 'r', type: 'rating', text: 'R', allowNa: false })?.map((v) => v.value)).not.toContain('na');
    expect(QUESTION_TYPES.rating.reportValues({ id: 'r', type: 'rating', text: 'R' })?.at(-1)).toEqual({ value: 'na', label: 'No aplica' });
  });
});
