import { describe, expect, it } from 'vitest';
import type { Item } from '../types';
import { isCounted, QUESTION_TYPES } from './registry';

describe('question types registry', () => {
  it('lists text apart from the counted types, as CountedItem says', () => {
    const listedApart = Object.entries(QUESTION_TYPES).flatMap(([type, module]) => (module.aggregation === 'texts' ? [type] : []));
    expect(listedApart).toEqual(['text']);
    expect(isCounted({ id: 'a', type: 'text', text: 'A', maxLength: 255 } satisfies Item)).toBe(false);
    expect(isCounted({ id: 'b', type: 'number', text: 'B' } satisfies Item)).toBe(true);
  });

  it('reports a rating with its «No aplica» only where the item offers it', () => {
    expect(QUESTION_TYPES.rating.reportValues({ id: 'r', type: 'rating', text: 'R', allowNa: false })?.map((v) => v.value)).not.toContain('na');
    expect(QUESTION_TYPES.rating.reportValues({ id: 'r', type: 'rating', text: 'R' })?.at(-1)).toEqual({ value: 'na', label: 'No aplica' });
  });
});
