/**
 * The input rules every API schema shares, so hostile values stop at
 * validation (a 422) instead of reaching the database (a 500):
 * - ids are PostgreSQL `integer` (int4) keys: 1..2,147,483,647;
 * - text never carries NUL (PostgreSQL text and jsonb refuse it) nor a lone
 *   UTF-16 surrogate (not valid Unicode: refused by the database and by UTF-8).
 */
import { z } from 'zod';
import { hasUnsafeCharacters, MAX_ID, unsafeTextMessage } from './input-rules';

// The rules themselves have no zod: respondent pages check them without loading schema code.
export { hasUnsafeCharacters, isId, MAX_ID, unsafeTextMessage } from './input-rules';
export const INVALID_ID_MESSAGE = 'Identificador no válido';

/** An id in a JSON body: a whole number 1..MAX_ID. */
export function idSchema(message: string = INVALID_ID_MESSAGE) {
  return z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

/** An id in a path or query string (text on the wire): the same bounds after conversion. */
export function idFromTextSchema(message: string = INVALID_ID_MESSAGE) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

/**
 * A string that obeys the text rule; chain `.trim()`, `.min()`, `.max()`…
 * after it. A failure stops the string's other checks.
 */
export function textSchema(params?: { error?: string }) {
  return z
    .string(params)
    .refine((value) => !hasUnsafeCharacters(value), { error: (issue) => unsafeTextMessage(issue.path), abort: true });
}
