import type { Item, RatingItem, FrequencyItem } from '@encuestas/core/survey-engine/types';

type ScaleItem = RatingItem | FrequencyItem;

export type AnswerBlock = { type: 'item'; item: Item; number: number } | { type: 'matrix'; items: ScaleItem[]; firstNumber: number };

/** Items that answer on the same scale (same type, 'No aplica' offered or not) can share one matrix. */
function scaleKey(item: Item): string | null {
  if (item.type === 'frequency') return 'frequency';
  if (item.type === 'rating') return item.allowNa === false ? 'rating' : 'rating+na';
  return null;
}

/**
 * How a step's questions are laid out: consecutive questions on the same
 * scale become one matrix (on a wide screen a question per row, on a phone a
 * compact list), every other question one block. Numbers follow the
 * questions shown.
 */
export function answerBlocks(items: readonly Item[], firstNumber: number): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  items.forEach((item, position) => {
    const number = firstNumber + position;
    const key = scaleKey(item);
    const last = blocks[blocks.length - 1];
    if (key) {
      if (last?.type === 'matrix' && scaleKey(last.items[0]!) === key) {
        last.items.push(item as ScaleItem);
        return;
      }
      const previous = items[position - 1];
      // A run of one stays a plain question; its first item becomes a matrix when a second joins.
      if (last?.type === 'item' && previous && scaleKey(previous) === key && last.item === previous) {
        blocks[blocks.length - 1] = { type: 'matrix', items: [previous as ScaleItem, item as ScaleItem], firstNumber: last.number };
        return;
      }
    }
    blocks.push({ type: 'item', item, number });
  });
  return blocks;
}
