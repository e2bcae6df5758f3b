/** 'Sí' or 'No'; gates open on it (NOM-035's Guía I). */
import { YES_NO_LABELS, YES_NO_VALUES, type YesNoItem } from '../types';
import type { QuestionType } from './question-type';
import { labelled, longest } from './scale';
import { yesNoRule } from './yes-no-rule';

export const yesNo: QuestionType<YesNoItem> = {
  ...yesNoRule,
  syntheticAnswer: (_item, { random, options }) => (random() < options.yesRate ? 'yes' : 'no'),
  // 'yes' opens the gates; the tests answer 'no' where they want them closed.
  testAnswer: () => 'yes',
  gateValues: () => YES_NO_VALUES,
  structureProblems: () => [],
  aggregation: 'counts',
  counted: (_item, answer) => (typeof answer === 'string' ? [{ value: answer, points: null }] : []),
  reportValues: () => labelled(YES_NO_VALUES, YES_NO_LABELS),
  widestAnswer: () => ({ type: 'string', units: longest(YES_NO_VALUES) }),
};
