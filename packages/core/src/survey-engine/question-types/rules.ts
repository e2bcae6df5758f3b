/**
 * Item type → its answer rule and estimate (./<type>-rule.ts): what the
 * survey pages need of a type, apart from the rest of it (./registry.ts). A
 * mapped Record, so an item type without a rule does not compile.
 */
import type { Item, ItemOf, ItemType } from '../types';
import { multipleRule, singleRule } from './choice-rule';
import { frequencyRule } from './frequency-rule';
import { numberRule } from './number-rule';
import type { QuestionRule } from './question-type';
import { ratingRule } from './rating-rule';
import { textRule } from './text-rule';
import { yesNoRule } from './yes-no-rule';

export const QUESTION_RULES: { [T in ItemType]: QuestionRule<ItemOf<T>> } = {
  rating: ratingRule,
  frequency: frequencyRule,
  yesNo: yesNoRule,
  single: singleRule,
  multiple: multipleRule,
  text: textRule,
  number: numberRule,
};

/** The rule of an item's type, typed for the item (the Record's entries are checked one by one above). */
export function questionRule(item: Item): QuestionRule<Item> {
  return QUESTION_RULES[item.type] as QuestionRule<Item>;
}
