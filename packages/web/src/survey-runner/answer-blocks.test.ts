import { describe, expect, it } from 'vitest';
import type { Item } from '@encuestas/core/survey-engine/types';
import { answerBlocks } from './answer-blocks';

const rating = (id: string, allowNa?: boolean): Item => ({ id, type: 'rating', text: id, ...(allowNa === false ? { allowNa } : {}) });
const frequency = (id: string): Item => ({ id, type: 'frequency', text: id });
const comment: Item = { id: 'c', type: 'text', text: 'c', maxLength: 255 };

const shape = (items: Item[]) =>
  answerBlocks(items, 1).map((b) => (b.type === 'matrix' ? `matrix ${b.firstNumber}:${b.items.map((i) => i.id).join(',')}` : `${b.number}:${b.item.id}`));

describe('answerBlocks', () => {
  it('puts consecutive questions on the same scale in one matrix, numbered in order', () => {
    expect(shape([comment, rating('a'), rating('b'), rating('d'), comment])).toEqual(['1:c', 'matrix 2:a,b,d', '5:c']);
  });

  it('starts a new matrix where the scale changes, and leaves a lone scale question as it is', () => {
    expect(shape([rating('a'), rating('b'), frequency('f'), frequency('g'), rating('x', false)])).toEqual([
      'matrix 1:a,b',
      'matrix 3:f,g',
      '5:x',
    ]);
    expect(shape([rating('a'), rating('b', false)])).toEqual(['1:a', '2:b']);
  });
});
