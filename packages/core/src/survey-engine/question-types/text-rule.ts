/** A free text's answer rule and estimate (the rest of the type: ./text.ts). */
import type { TextItem } from '../types';
import type { QuestionRule } from './question-type';

export const textRule: QuestionRule<TextItem> = {
  answerErrors(item, value) {
    if (typeof value !== 'string') return ['La respuesta debe ser un texto'];
    return value.length > item.maxLength ? [`Máximo ${item.maxLength} caracteres`] : [];
  },
  estimateSeconds: (item) => (item.multiline ? 40 : 15),
};
