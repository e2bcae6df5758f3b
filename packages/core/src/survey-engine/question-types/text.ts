/** A free text of at most 100, 255 or 1000 characters (spec §5), listed apart in the reports. */
import { TEXT_LIMITS, type TextItem } from '../types';
import type { QuestionType } from './question-type';
import { COMMENTS, OTHER_TEXTS, text as writtenText } from './synthetic';
import { textRule } from './text-rule';

export const text: QuestionType<TextItem> = {
  ...textRule,
  // A gated text asks which 'Otro' was meant.
  syntheticAnswer: (item, { random }) => writtenText(item.maxLength, random, item.gate ? OTHER_TEXTS : COMMENTS),
  testAnswer: (item) => `Respuesta de prueba a ${item.id}`.slice(0, item.maxLength),
  gateValues: () => null,
  structureProblems: (item) =>
    (TEXT_LIMITS as readonly number[]).includes(item.maxLength) ? [] : [`text limit ${item.maxLength} is not one of ${TEXT_LIMITS.join(', ')}`],
  aggregation: 'texts',
  counted: () => [],
  reportValues: () => [],
  widestAnswer: (item) => ({ type: 'string', units: item.maxLength }),
};
