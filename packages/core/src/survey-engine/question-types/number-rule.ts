/** A number's answer rule and estimate (the rest of the type: ./number.ts). */
import type { NumberItem } from '../types';
import type { QuestionRule } from './question-type';

export const numberRule: QuestionRule<NumberItem> = {
  answerErrors(item, value) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return ['La respuesta debe ser un número'];
    if (item.integer && !Number.isInteger(value)) return ['La respuesta debe ser un número entero'];
    if (item.min !== undefined && value < item.min) return [`El valor mínimo es ${item.min}`];
    if (item.max !== undefined && value > item.max) return [`El valor máximo es ${item.max}`];
    return [];
  },
  estimateSeconds: () => 8,
};
