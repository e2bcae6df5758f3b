import { z } from 'zod';
import { apiErrorSchema } from './common';

/** GET /health: the database answers. */
export const healthAnswerSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /health/live: the process answers HTTP. */
export const liveAnswerSchema = z.object({ status: z.literal('ok') });

/** GET /health/ready: the database answers and has every migration this code expects. */
export const readyAnswerSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), migrations: z.literal('ok') });

/** The 503 of the health routes: what is down, and the error in the API's one error shape. */
export const healthDownSchema = z.object({
  status: z.literal('error'),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.literal('pending').optional(),
  error: apiErrorSchema.shape.error,
});
