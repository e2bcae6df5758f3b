/** How often, from 'Siempre' to 'Nunca'; scored per item where the item gives scores (NOM-035). */
import { FREQUENCY_LABELS, FREQUENCY_VALUES, type FrequencyItem } from '../types';
import { frequencyRule } from './frequency-rule';
import type { QuestionType } from './question-type';
import { labelled, longest } from './scale';
import { grade } from './synthetic';

export const frequency: QuestionType<FrequencyItem> = {
  ...frequencyRule,
  syntheticAnswer: (_item, { random, options }) => FREQUENCY_VALUES[grade(options.mood, random)],
  testAnswer: () => 'almostAlways',
  gateValues: () => FREQUENCY_VALUES,
  structureProblems: () => [],
  aggregation: 'counts',
  counted: (item, answer) => (typeof answer === 'string' ? [{ value: answer, points: item.scores?.[answer as keyof typeof item.scores] ?? null }] : []),
  reportValues: () => labelled(FREQUENCY_VALUES, FREQUENCY_LABELS),
  widestAnswer: () => ({ type: 'string', units: longest(FREQUENCY_VALUES) }),
};
