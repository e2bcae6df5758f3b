import { z } from 'zod';
import { isIsoDay } from '../dates';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import { idFromTextSchema, MAX_ID } from '../validation';

/** Pages are 1-based on the wire (the UI's zero-based page plus one, spec §9). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'La página debe ser 1 o mayor').max(MAX_ID, 'Página no válida').default(1),
  perPage: z.coerce.number().int().min(1).max(100, 'Máximo 100 registros por página').default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const idParamSchema = z.object({ id: idFromTextSchema() });

export const optionalIdSchema = idFromTextSchema().optional();

export const INVALID_DAY_MESSAGE = 'Escribe una fecha válida con el formato AAAA-MM-DD';

/** YYYY-MM-DD that is a real date; an invalid one stops the object's own checks. */
export function isoDaySchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .min(1, { message: requiredMessage, abort: true })
    .refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true });
}

/** The lists' page sizes live without zod in paging.ts (the screens import them there). */
export { DEFAULT_PAGE_SIZE, PERIODS_ROWS_PER_PAGE_OPTIONS, ROWS_PER_PAGE_OPTIONS } from './paging';

/** Every failure's answer (core/errors.ts): `{ error: { code, message, fields? } }`. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
    }),
  });

/**
 * A route's `response` schemas: its success answer(s) by status plus the error shape for every 4xx and 5xx,
 * so the OpenAPI description (/api/docs) lists what a client can receive, not only what it sends.
 */
export function answers<const Success extends Record<number, z.ZodType>>(success: Success) {
  return { ...success, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/** The answer of routes that confirm with a Spanish sentence. */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/**
 * A query string's schema as a client fills it: its input type, with the numbers the server coerces from text
 * (z.coerce, input `unknown`) typed as numbers.
 */
export type QueryInput<Schema extends z.ZodType> = {
  [Key in keyof z.input<Schema>]: unknown extends z.input<Schema>[Key] ? number : z.input<Schema>[Key];
};
