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

export interface Campus {
  id: number;
  nombre: string;
  /** False for a disabled campus (GET /campus, /campus/permissions): kept in lists, offered no new application. */
  avalible?: boolean;
}

export interface Cicle {
  id: number;
  name: string;
  survey_kind: string;
}
