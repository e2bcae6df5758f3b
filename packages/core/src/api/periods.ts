import { z } from 'zod';
import { PERIOD_NAME_MESSAGE, PERIOD_NAME_PATTERN } from '../periods';
import { isoDaySchema } from './common';

export const START_DATE_MESSAGE = 'Seleccione la fecha de inicio';
export const END_DATE_MESSAGE = 'Seleccione la fecha de fin';
export const END_BEFORE_START_MESSAGE = 'La fecha de fin no puede ser anterior a la de inicio';

/** POST /periodos (spec §5, §7). */
export const createPeriodSchema = z
  .object({
    nombre: z
      .string({ error: PERIOD_NAME_MESSAGE })
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(PERIOD_NAME_PATTERN, PERIOD_NAME_MESSAGE)),
    fecha_inicio: isoDaySchema(START_DATE_MESSAGE),
    fecha_fin: isoDaySchema(END_DATE_MESSAGE),
  })
  .refine((p) => p.fecha_fin >= p.fecha_inicio, { path: ['fecha_fin'], message: END_BEFORE_START_MESSAGE });
export type CreatePeriodRequest = z.input<typeof createPeriodSchema>;

export const periodoSchema = z.object({ id: z.number(), nombre: z.string(), fecha_inicio: z.string(), fecha_fin: z.string() });
export type Periodo = z.infer<typeof periodoSchema>;

/** GET /periodos/{id} and POST /periodos. */
export const periodoAnswerSchema = z.object({ periodo: periodoSchema });
export type PeriodoAnswer = z.infer<typeof periodoAnswerSchema>;

/** GET /periodos, newest first. */
export const periodosAnswerSchema = z.object({ periodos: z.array(periodoSchema) });
export type PeriodosAnswer = z.infer<typeof periodosAnswerSchema>;

export const campusSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  /** False for a disabled campus (GET /campus, /campus/permissions): kept in lists, offered no new application. */
  avalible: z.boolean().optional(),
});
export type Campus = z.infer<typeof campusSchema>;

export const cicleSchema = z.object({ id: z.number(), name: z.string(), survey_kind: z.string() });
export type Cicle = z.infer<typeof cicleSchema>;

/** GET /ciclos and /ciclos/permissions. */
export const ciclesAnswerSchema = z.object({ cicles: z.array(cicleSchema) });
export type CiclesAnswer = z.infer<typeof ciclesAnswerSchema>;

/** GET /ciclo/{id}. */
export const cicleAnswerSchema = z.object({ cicle: cicleSchema });
