/**
 * Item type → what the survey pages do with it: its input component
 * (components/item-inputs.tsx), how the review step writes its answer, and
 * whether the question labels a field. The web side of core's
 * survey-engine/question-types registry; a mapped Record, so an item type
 * left out does not compile.
 */
import type { ReactNode } from 'react';
import {
  FREQUENCY_LABELS,
  RATING_LABELS,
  YES_NO_LABELS,
  type AnswerValue,
  type Answers,
  type Catalogs,
  type ChoiceItem,
  type Item,
  type ItemOf,
  type ItemType,
} from '@encuestas/core/survey-engine/types';
import { LONG_LIST_THRESHOLD, optionsFor } from './catalog-options';
import { ChoiceInput, NumberInput, ScaleInput, TextInput, YesNoInput, type ItemInputProps } from './components/item-inputs';

interface AnswerContext {
  answers: Answers;
  catalogs: Catalogs;
}

export interface QuestionTypeUi<I extends Item> {
  /** A function component (not ComponentType: the choice input serves two item types). */
  Input: (props: ItemInputProps<I>) => ReactNode;
  /** An answer as the respondent chose it (the option's label, the text typed, the number); never called for a blank answer. */
  reviewText(item: I, value: AnswerValue, context: AnswerContext): string;
  /** True when the question labels its input (a text, a number, a search field); false: option cards named by the question (a radiogroup). */
  fieldLabel(item: I, context: AnswerContext): boolean;
}

const labelOf = (labels: Record<string, string>) => (_item: Item, value: AnswerValue) => labels[String(value)] ?? String(value);
const typed = (_item: Item, value: AnswerValue) => String(value);

const choice: QuestionTypeUi<ChoiceItem> = {
  Input: ChoiceInput,
  reviewText(item, value, { answers, catalogs }) {
    const byValue = new Map(optionsFor(item, catalogs, answers).options.map((o) => [o.value, o.label]));
    return (Array.isArray(value) ? value : [String(value)]).map((v) => byValue.get(v) ?? v).join(', ');
  },
  fieldLabel: (item, { answers, catalogs }) => optionsFor(item, catalogs, answers).options.length > LONG_LIST_THRESHOLD,
};

export const QUESTION_TYPES_UI: { [T in ItemType]: QuestionTypeUi<ItemOf<T>> } = {
  rating: { Input: ScaleInput, reviewText: labelOf(RATING_LABELS), fieldLabel: () => false },
  frequency: { Input: ScaleInput, reviewText: labelOf(FREQUENCY_LABELS), fieldLabel: () => false },
  yesNo: { Input: YesNoInput, reviewText: labelOf(YES_NO_LABELS), fieldLabel: () => false },
  single: choice,
  multiple: choice,
  text: { Input: TextInput, reviewText: typed, fieldLabel: () => true },
  number: { Input: NumberInput, reviewText: typed, fieldLabel: () => true },
};

/** The entry of an item's type, typed for the item (the Record's entries are checked one by one above). */
export function questionTypeUi(item: Item): QuestionTypeUi<Item> {
  return QUESTION_TYPES_UI[item.type] as QuestionTypeUi<Item>;
}
