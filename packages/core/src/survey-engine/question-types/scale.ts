/** Helpers of the types answered with one value of a fixed list (rating, frequency, yes/no). */
import { INVALID_OPTION_MESSAGE } from './question-type';

export const oneOf = (values: readonly string[], value: unknown): string[] =>
  typeof value === 'string' && values.includes(value) ? [] : [INVALID_OPTION_MESSAGE];

export const labelled = (values: readonly string[], labels: Record<string, string>) => values.map((value) => ({ value, label: labels[value]! }));

/** The longest of the values, in UTF-16 units. */
export const longest = (values: readonly string[]) => values.reduce((max, value) => Math.max(max, value.length), 0);
