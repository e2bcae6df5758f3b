import { z } from 'zod';
import type { ActiveStatus } from '../dates';
import { isoDaySchema, optionalIdSchema, pageQuerySchema } from './common';
import { END_BEFORE_START_MESSAGE } from './periods';
import { idFromTextSchema } from '../validation';

export const ACTIVE_START_MESSAGE = 'Elige la fecha de inicio de encuestas';
export const ACTIVE_END_MESSAGE = 'Elige la fecha final de encuestas';
export const ACTIVE_CYCLES_MESSAGE = 'Elige al menos un tipo de encuesta';

export const listActivesQuerySchema = pageQuerySchema.extend({
  campusId: optionalIdSchema,
  periodoId: optionalIdSchema,
});
export type ListActivesQuery = z.input<typeof listActivesQuerySchema>;

const activeFields = {
  startDate: isoDaySchema(ACTIVE_START_MESSAGE),
  endDate: isoDaySchema(ACTIVE_END_MESSAGE),
  cicles: z
    .array(idFromTextSchema(), { error: ACTIVE_CYCLES_MESSAGE })
    .min(1, ACTIVE_CYCLES_MESSAGE)
    .max(50)
    .transform((ids) => [...new Set(ids)]),
};

/** POST /actives: the spec's payload plus the chosen cycle ids as `cicles`. */
export const createActiveSchema = z
  .object({
    campusId: idFromTextSchema('Elige el campus'),
    periodoId: idFromTextSchema('Elige el periodo'),
    ...activeFields,
  })
  .refine((a) => a.endDate >= a.startDate, { path: ['endDate'], message: END_BEFORE_START_MESSAGE });
export type CreateActiveRequest = z.input<typeof createActiveSchema>;

export const ACTIVE_CAMPUSES_MESSAGE = 'Elige al menos un campus';
/** POST /actives/batch: one application per campus, same period, days and cycles, all or none. */
export const createActivesBatchSchema = z
  .object({
    campusIds: z
      .array(idFromTextSchema('Elige el campus'), { error: ACTIVE_CAMPUSES_MESSAGE })
      .min(1, ACTIVE_CAMPUSES_MESSAGE)
      .max(100)
      .transform((ids) => [...new Set(ids)]),
    periodoId: idFromTextSchema('Elige el periodo'),
    ...activeFields,
  })
  .refine((a) => a.endDate >= a.startDate, { path: ['endDate'], message: END_BEFORE_START_MESSAGE });
export type CreateActivesBatchRequest = z.input<typeof createActivesBatchSchema>;

/** PUT /actives/{id}: campus and period stay; dates and cycles change. */
export const updateActiveSchema = z
  .object(activeFields)
  .refine((a) => a.endDate >= a.startDate, { path: ['endDate'], message: END_BEFORE_START_MESSAGE });
export type UpdateActiveRequest = z.input<typeof updateActiveSchema>;

export interface Active {
  id: number;
  campus_id: number;
  periodo_id: number;
  campus: { id: number; nombre: string };
  periodo: { id: number; nombre: string };
  start_active: string;
  end_active: string;
  status: ActiveStatus;
  cicles: { id: number; name: string }[];
}

export const ACTIVE_STATUS_LABELS: Record<ActiveStatus, string> = {
  upcoming: 'Por Realizar',
  inProgress: 'En aplicación',
  finished: 'Finalizadas',
};

export const ACTIVE_STATUS_COLORS: Record<ActiveStatus, 'info' | 'success' | 'warning'> = {
  upcoming: 'info',
  inProgress: 'success',
  finished: 'warning',
};

export const NO_RIGHTS_TOOLTIP = '¿No puedes realizar cambios? solicita permiso a tu administrador';
