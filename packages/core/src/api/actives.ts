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

/**
 * POST /actives/copy-previous: the applications of the term before
 * `periodoId` copied into it. `preview` only answers what would be created;
 * `fromPeriodoId` is the previous term the preview showed, so a term added
 * in between is never copied unseen; `campusId` narrows the copy to one campus.
 */
export const copyPreviousTermSchema = z.object({
  periodoId: idFromTextSchema('Elige el periodo'),
  fromPeriodoId: optionalIdSchema,
  campusId: optionalIdSchema,
  preview: z.boolean().optional().default(false),
});
export type CopyPreviousTermRequest = z.input<typeof copyPreviousTermSchema>;

export interface TermSummary {
  id: number;
  nombre: string;
  fecha_inicio: string;
  fecha_fin: string;
}

/** Why a survey type of a previous application is not copied. */
export type SkippedCycleReason = 'exists' | 'notGranted' | 'campusDisabled' | 'offAtCampus';

/** One application of the previous term and what its copy gets. */
export interface TermCopyItem {
  /** The previous term's application. */
  source: { id: number; start_active: string; end_active: string };
  campus: { id: number; nombre: string };
  /** The copy's days in the new term. */
  start_active: string;
  end_active: string;
  /** Survey types the copy gets; none: nothing is created for this application. */
  cicles: { id: number; name: string }[];
  skipped: { id: number; name: string; reason: SkippedCycleReason }[];
}

export interface TermCopyPlan {
  from: TermSummary;
  to: TermSummary;
  /** Days every copy is moved by: whole weeks, so a Monday stays a Monday. */
  shift_days: number;
  items: TermCopyItem[];
  /** Applications of the previous term at campuses the user is not granted: never copied. */
  not_granted_campus_actives: number;
}

export interface CopyPreviousTermResponse {
  plan: TermCopyPlan;
  /** The applications created (none for a preview, or when everything already exists). */
  actives: Active[];
}

export const SKIPPED_CYCLE_LABELS: Record<SkippedCycleReason, string> = {
  exists: 'ya está en el periodo',
  notGranted: 'sin acceso',
  campusDisabled: 'campus deshabilitado',
  offAtCampus: 'deshabilitado en el campus',
};
