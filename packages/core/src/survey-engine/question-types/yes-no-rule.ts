/** A yes/no's answer rule and estimate (the rest of the type: ./yes-no.ts). */
import { YES_NO_VALUES, type YesNoItem } from '../types';
import type { QuestionRule } from './question-type';
import { oneOf } from './scale';

export const yesNoRule: QuestionRule<YesNoItem> = {
  answerErrors: (_item, value) => oneOf(YES_NO_VALUES, value),
  estimateSeconds: () => 4,
};
