/** A number, optionally whole and bounded; the report shows its average only. */
import type { NumberItem } from '../types';
import type { QuestionType } from './question-type';

export const number: QuestionType<NumberItem> = {
  answerErrors(item, value) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return ['La respuesta debe ser un número'];
    if (item.integer && !Number.isInteger(value)) return ['La respuesta debe ser un número entero'];
    if (item.min !== undefined && value < item.min) return [`El valor mínimo es ${item.min}`];
    if (item.max !== undefined && value > item.max) return [`El valor máximo es ${item.max}`];
    return [];
  },
  estimateSeconds: () => 8,
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
