/** Single and multiple choice's answer rules and estimates (the rest of the types: ./choice.ts). */
import type { Answers, Catalogs, ChoiceItem, ItemOf } from '../types';
import { INVALID_OPTION_MESSAGE, type QuestionRule } from './question-type';

/** The values the answer may take; null when the catalogue is not provided (the value's shape is still checked). */
function allowedValues(item: ChoiceItem, catalogs: Catalogs, answers: Answers): string[] | null {
  const other = item.otherOption ? [item.otherOption.value] : [];
  if (item.options) return [...item.options.map((o) => o.value), ...other];
  if (!item.catalog) return other;
  const entries = catalogs[item.catalog];
  if (!entries) return null;
  const parent = item.catalogParentItem ? answers[item.catalogParentItem] : undefined;
  return [...entries.filter((e) => parent === undefined || e.parent === String(parent)).map((e) => e.value), ...other];
}

export const singleRule: QuestionRule<ItemOf<'single'>> = {
  answerErrors(item, value, { catalogs, answers }) {
    if (typeof value !== 'string') return [INVALID_OPTION_MESSAGE];
    const allowed = allowedValues(item, catalogs, answers);
    return allowed === null || allowed.includes(value) ? [] : [INVALID_OPTION_MESSAGE];
  },
  estimateSeconds: (item) => (item.catalog ? 12 : 8),
};

export const multipleRule: QuestionRule<ItemOf<'multiple'>> = {
  answerErrors(item, value, { catalogs, answers }) {
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return [INVALID_OPTION_MESSAGE];
    if (new Set(value).size !== value.length) return ['Hay opciones repetidas'];
    const allowed = allowedValues(item, catalogs, answers);
    if (allowed !== null && value.some((v) => !allowed.includes(v))) return [INVALID_OPTION_MESSAGE];
    if (item.minSelected !== undefined && value.length < item.minSelected) return [`El mínimo de opciones es ${item.minSelected}`];
    if (item.maxSelected !== undefined && value.length > item.maxSelected) return [`El máximo de opciones es ${item.maxSelected}`];
    return [];
  },
  estimateSeconds: () => 12,
};
