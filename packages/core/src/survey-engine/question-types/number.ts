/** A number, optionally whole and bounded; the report shows its average only. */
import type { NumberItem } from '../types';
import { numberRule } from './number-rule';
import type { QuestionType } from './question-type';

export const number: QuestionType<NumberItem> = {
  ...numberRule,
  syntheticAnswer(item, { random }) {
    const min = item.min ?? 0;
    const max = item.max ?? min + 100;
    const value = min + random() * (max - min);
    return item.integer === false ? Math.round(value * 10) / 10 : Math.round(value);
  },
  testAnswer: (item) => item.min ?? 1,
  gateValues: () => null,
  structureProblems: () => [],
  aggregation: 'counts',
  counted: (_item, answer) => (typeof answer === 'number' ? [{ value: '', points: answer }] : []),
  reportValues: () => [],
  widestAnswer: () => ({ type: 'number' }),
};
