/**
 * NOM-035 numeral 7.8: the aggregate summary of an application's results
 * that the campus published to its workers (issue 22, docs/nom035.md), read
 * by the campus's staff and teachers in their respondent area. The campus as
 * a whole only (no breakdown by area), each guide only with at least
 * MIN_GROUP_SIZE workers, the level of each score and never a score's
 * distribution; the program's actions as measure, area and state, never a
 * person. Also the back office's warning before 7.9 is due.
 */
import { z } from 'zod';
import { idFromTextSchema } from '../validation';

export const NOM035_RESULTS_STAFF_ONLY = 'Esta sección es solo para el personal y los docentes del campus.';
export const NOM035_RESULTS_NOT_PUBLISHED = 'El campus no ha publicado estos resultados de la NOM-035.';

export const staffResultsParamsSchema = z.object({ activeId: idFromTextSchema(NOM035_RESULTS_NOT_PUBLISHED) });

/** GET /respondents/nom035/results: the summaries published to the signed-in worker's campus, newest first. */
export const staffPublicationsSchema = z.object({
  publications: z.array(z.object({ activeId: z.number(), periodo: z.string(), publishedOn: z.string() })),
});
export type StaffPublications = z.infer<typeof staffPublicationsSchema>;

/** A score's level: its key, the norm's name and its colour (never the only sign: the name goes beside it). */
const levelSchema = z.object({ key: z.string(), label: z.string(), color: z.string() });
const groupSchema = z.object({ name: z.string(), level: levelSchema });

/** GET /respondents/nom035/results/{activeId}: one published summary. */
export const staffResultsSchema = z.object({
  campus: z.string(),
  periodo: z.string(),
  startActive: z.string(),
  endActive: z.string(),
  /** Mexico City day the campus published it. */
  publishedOn: z.string(),
  minGroupSize: z.number(),
  /** The guides answered by at least minGroupSize workers (a smaller one is left out, not shown empty). */
  guides: z.array(
    z.object({
      title: z.string(),
      workers: z.number(),
      final: levelSchema,
      categories: z.array(groupSchema),
      domains: z.array(groupSchema),
    }),
  ),
  /** What the campus is doing about it (the 8.4 program): measure, area and state, never who is responsible. */
  actions: z.array(z.object({ measure: z.string(), area: z.string(), answers: z.string(), dueOn: z.string(), state: z.string() })),
});
export type StaffResults = z.infer<typeof staffResultsSchema>;

/** GET /nom035/next-evaluations: the user's campuses whose next evaluation (7.9) is due within `warnDays` or overdue. */
export const nextEvaluationsSchema = z.object({
  today: z.string(),
  warnDays: z.number(),
  campuses: z.array(z.object({ campus: z.object({ id: z.number(), nombre: z.string() }), dueOn: z.string(), overdue: z.boolean() })),
});
export type NextEvaluations = z.infer<typeof nextEvaluationsSchema>;
