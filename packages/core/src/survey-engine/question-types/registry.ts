/**
 * Item type → its module. A mapped Record, so an item type without a module
 * (or a module of the wrong item) does not compile.
 */
import type { Item, ItemOf, ItemType } from '../types';
import { multiple, single } from './choice';
import { frequency } from './frequency';
import { number } from './number';
import type { QuestionType } from './question-type';
import { rating } from './rating';
import { text } from './text';
import { yesNo } from './yes-no';

export const QUESTION_TYPES: { [T in ItemType]: QuestionType<ItemOf<T>> } = {
  rating,
  frequency,
  yesNo,
  single,
  multiple,
  text,
  number,
};

/** The module of an item's type, typed for the item (the Record's entries are checked one by one above). */
export function questionType(item: Item): QuestionType<Item> {
  return QUESTION_TYPES[item.type] as QuestionType<Item>;
}

/**
 * Items whose answers the report counts by value (aggregation 'counts'); the
 * others are listed apart as free texts. registry.test.ts holds this type in
 * step with the modules' `aggregation`.
 */
export type CountedItem = Exclude<Item, { type: 'text' }>;
export const isCounted = (item: Item): item is CountedItem => questionType(item).aggregation === 'counts';
