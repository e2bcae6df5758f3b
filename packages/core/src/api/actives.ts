import { z } from 'zod';
import { addDays, type ActiveStatus } from '../dates';
import { isoDaySchema, optionalIdSchema, pageQuerySchema } from './common';
import { END_BEFORE_START_MESSAGE } from './periods';
import { idFromTextSchema } from '../validation';
import { SKIPPED_CYCLE_REASONS } from './active-labels';

export {
  ACTIVE_STATUS_COLORS,
  ACTIVE_STATUS_LABELS,
  NO_RIGHTS_TOOLTIP,
  RESULTS_RELEASE_LABEL,
  SKIPPED_CYCLE_LABELS,
  type SkippedCycleReason,
} from './active-labels';

export const ACTIVE_START_MESSAGE = 'Elige la fecha de inicio de encuestas';
export const ACTIVE_END_MESSAGE = 'Elige la fecha final de encuestas';
export const ACTIVE_CYCLES_MESSAGE = 'Elige al menos un tipo de encuesta';
export const RESULTS_RELEASE_BEFORE_START_MESSAGE = 'La fecha de resultados para docentes no puede ser anterior al inicio de la aplicación';
export const RELEASE_WAITS_FOR_REVIEW_LABEL = 'Los resultados de cada docente esperan la revisión de sus comentarios';

/** The day teachers may read their results of an application: the one chosen, else the day after its window ends. */
export function resultsReleaseDayOf(endDay: string, chosen: string | null | undefined): string {
  return chosen ?? addDays(endDay, 1);
}

export const listActivesQuerySchema = pageQuerySchema.extend({
  campusId: optionalIdSchema,
  periodoId: optionalIdSchema,
});
/** The query with its paging spelled out, as the web sends it (the input's ids are `unknown`: they coerce from text). */
export type ActivesPageQuery = z.output<typeof listActivesQuerySchema>;

const activeFields = {
  startDate: isoDaySchema(ACTIVE_START_MESSAGE),
  endDate: isoDaySchema(ACTIVE_END_MESSAGE),
  cicles: z
    .array(idFromTextSchema(), { error: ACTIVE_CYCLES_MESSAGE })
    .min(1, ACTIVE_CYCLES_MESSAGE)
    .max(50)
    .transform((ids) => [...new Set(ids)]),
  /**
   * When teachers may read their results (issue 21): a day not before the window's start; null for the default
   * (the day after the window ends). Left out, a new application takes the default and an edit keeps what it had,
   * so clients that never send it change nothing.
   */
  resultsReleaseDay: isoDaySchema('Elige la fecha de resultados para docentes').nullable().optional(),
  /**
   * Whether a teacher's results wait until every comment of theirs is reviewed (true), or are released on the day
   * with the reviewed ones only (false). Left out, a new application waits and an edit keeps what it had.
   */
  releaseWaitsForReview: z.boolean({ error: 'Indica si los resultados esperan la revisión de comentarios (sí o no)' }).optional(),
};

/** The refinements every body with the application's days shares. */
function checkDays<S extends z.ZodType<{ startDate: string; endDate: string; resultsReleaseDay?: string | null | undefined }>>(schema: S): S {
  return schema
    .refine((a) => a.endDate >= a.startDate, { path: ['endDate'], message: END_BEFORE_START_MESSAGE })
    .refine((a) => !a.resultsReleaseDay || a.resultsReleaseDay >= a.startDate, { path: ['resultsReleaseDay'], message: RESULTS_RELEASE_BEFORE_START_MESSAGE });
}

/** POST /actives: the spec's payload plus the chosen cycle ids as `cicles`. */
export const createActiveSchema = checkDays(
  z.object({
    campusId: idFromTextSchema('Elige el campus'),
    periodoId: idFromTextSchema('Elige el periodo'),
    ...activeFields,
  }),
);
export type CreateActiveRequest = z.input<typeof createActiveSchema>;

export const ACTIVE_CAMPUSES_MESSAGE = 'Elige al menos un campus';
/** POST /actives/batch: one application per campus, same period, days and cycles, all or none. */
export const createActivesBatchSchema = checkDays(
  z.object({
    campusIds: z
      .array(idFromTextSchema('Elige el campus'), { error: ACTIVE_CAMPUSES_MESSAGE })
      .min(1, ACTIVE_CAMPUSES_MESSAGE)
      .max(100)
      .transform((ids) => [...new Set(ids)]),
    periodoId: idFromTextSchema('Elige el periodo'),
    ...activeFields,
  }),
);
export type CreateActivesBatchRequest = z.input<typeof createActivesBatchSchema>;

/** PUT /actives/{id}: campus and period stay; dates and cycles change. */
export const updateActiveSchema = checkDays(z.object(activeFields));
export type UpdateActiveRequest = z.input<typeof updateActiveSchema>;

const namedSchema = z.object({ id: z.number(), nombre: z.string() });
const cycleNameSchema = z.object({ id: z.number(), name: z.string() });

export const activeSchema = z.object({
  id: z.number(),
  campus_id: z.number(),
  periodo_id: z.number(),
  campus: namedSchema,
  periodo: namedSchema,
  start_active: z.string(),
  end_active: z.string(),
  /** The day teachers may read their results (issue 21): the chosen day, else the day after `end_active`. */
  results_release_day: z.string(),
  /** The day chosen for it; null when it follows the window (the day after `end_active`). */
  results_release_day_chosen: z.string().nullable(),
  /** Whether a teacher's results wait for the review of their comments (issue 21); false: released on the day with the reviewed ones. */
  release_waits_for_review: z.boolean(),
  status: z.enum(['upcoming', 'inProgress', 'finished'] satisfies ActiveStatus[]),
  cicles: z.array(cycleNameSchema),
});
export type Active = z.infer<typeof activeSchema>;

/** GET /active/{id}, POST /actives, PUT /actives/{id}. */
export const activeAnswerSchema = z.object({ active: activeSchema });
export type ActiveAnswer = z.infer<typeof activeAnswerSchema>;

/** GET /active/cicles (applications in progress) and POST /actives/batch. */
export const activesAnswerSchema = z.object({ actives: z.array(activeSchema) });
export type ActivesAnswer = z.infer<typeof activesAnswerSchema>;

/** GET /actives, one page. */
export const activesPageSchema = z.object({ actives: z.array(activeSchema), total_actives: z.number() });
export type ActivesPage = z.infer<typeof activesPageSchema>;

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

export const termSummarySchema = z.object({ id: z.number(), nombre: z.string(), fecha_inicio: z.string(), fecha_fin: z.string() });
export type TermSummary = z.infer<typeof termSummarySchema>;

/** One application of the previous term and what its copy gets. */
export const termCopyItemSchema = z.object({
  /** The previous term's application. */
  source: z.object({ id: z.number(), start_active: z.string(), end_active: z.string() }),
  campus: namedSchema,
  /** The copy's days in the new term. */
  start_active: z.string(),
  end_active: z.string(),
  /** Survey types the copy gets; none: nothing is created for this application. */
  cicles: z.array(cycleNameSchema),
  skipped: z.array(cycleNameSchema.extend({ reason: z.enum(SKIPPED_CYCLE_REASONS) })),
});
export type TermCopyItem = z.infer<typeof termCopyItemSchema>;

export const termCopyPlanSchema = z.object({
  from: termSummarySchema,
  to: termSummarySchema,
  /** Days every copy is moved by: whole weeks, so a Monday stays a Monday. */
  shift_days: z.number(),
  items: z.array(termCopyItemSchema),
  /** Applications of the previous term at campuses the user is not granted: never copied. */
  not_granted_campus_actives: z.number(),
});
export type TermCopyPlan = z.infer<typeof termCopyPlanSchema>;

/** POST /actives/copy-previous: 201 when applications were created, 200 otherwise. */
export const copyPreviousTermResponseSchema = z.object({
  plan: termCopyPlanSchema,
  /** The applications created (none for a preview, or when everything already exists). */
  actives: z.array(activeSchema),
});
export type CopyPreviousTermResponse = z.infer<typeof copyPreviousTermResponseSchema>;

