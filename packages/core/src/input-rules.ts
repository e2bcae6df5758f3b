/**
 * The input rules of ./validation that respondent pages also check, without
 * zod so those pages load no schema library: ids are int4 keys, and text
 * carries no NUL (PostgreSQL text and jsonb refuse it) and no lone UTF-16
 * surrogate (not valid Unicode).
 */

/** Largest value of a PostgreSQL int4 column. */
export const MAX_ID = 2_147_483_647;

/** A whole number 1..MAX_ID (what idSchema accepts). */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule refuses
const UNSAFE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_CHARACTER.test(value);
}

/** The Spanish message of the text rule, naming the field (its path in the request). */
export function unsafeTextMessage(path: readonly PropertyKey[] = []): string {
  const field = path.map(String).join('.');
  return field
    ? `El campo «${field}» contiene caracteres no permitidos (carácter nulo o Unicode no válido).`
    : 'El texto contiene caracteres no permitidos (carácter nulo o Unicode no válido).';
}
