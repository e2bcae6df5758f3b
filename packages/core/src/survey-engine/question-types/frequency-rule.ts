/** A frequency's answer rule and estimate (the rest of the type: ./frequency.ts). */
import { FREQUENCY_VALUES, type FrequencyItem } from '../types';
import type { QuestionRule } from './question-type';
import { oneOf } from './scale';

export const frequencyRule: QuestionRule<FrequencyItem> = {
  answerErrors: (_item, value) => oneOf(FREQUENCY_VALUES, value),
  estimateSeconds: () => 5,
};
