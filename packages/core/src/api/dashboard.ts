/**
 * GET /dashboard: the back office's start page ("how are we doing?", issue
 * 20). Participation only, never what anyone answered: per open application
 * (survey type × campus) the people expected and those who answered, held
 * answers included (their completion is written at submission), the days
 * left, and the previous term's final rate beside it.
 */
import { z } from 'zod';
import { respondentTypeSchema } from './respondents';
import { namedCampusSchema, namedPeriodSchema, surveyKindIdSchema } from './reports';

export const DASHBOARD_NOT_PERMITTED =
  'No tienes el permiso «Ver Reportes por Campus» ni «Ver Reportes por Ciclo». Solicítalo a tu administrador.';

/** People expected and those who answered (done: every class of a teacher evaluation), and their ratio. */
export const participationSchema = z.object({
  expected: z.number(),
  answered: z.number(),
  /** answered / expected; null when nobody is expected. */
  rate: z.number().nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

/** One survey type open now at one campus. */
export const dashboardApplicationSchema = z.object({
  cycle: z.object({ id: z.number(), name: z.string(), surveyKind: surveyKindIdSchema }),
  /** The title respondents see. */
  title: z.string(),
  respondent: respondentTypeSchema,
  campus: namedCampusSchema,
  periodo: namedPeriodSchema,
  /** The open window, Mexico City days (YYYY-MM-DD). */
  startDay: z.string(),
  endDay: z.string(),
  /** Whole days from today to the end day (0: it closes today), Mexico City days. */
  daysLeft: z.number(),
  participation: participationSchema,
  /**
   * The same survey type at the same campus in the previous term, as it
   * ended: completions keep no day (docs/privacy.md), so the rate at the same
   * point of its window cannot be known. Null when there was none.
   */
  previous: z.object({ periodo: namedPeriodSchema, participation: participationSchema }).nullable(),
  /** Students' survey types: the plans and groups with people missing, furthest behind first (at most three); empty otherwise. */
  groupsBehind: z.array(z.object({ plan: z.string(), grupo: z.string(), participation: participationSchema })),
});
export type DashboardApplication = z.infer<typeof dashboardApplicationSchema>;

export const dashboardSchema = z.object({
  /** Today in Mexico City. */
  today: z.string(),
  /** The period of the open applications, or else the latest that began: what «Resultados» opens with. Null with no period. */
  periodo: namedPeriodSchema.nullable(),
  /** Open applications within the user's grants, lowest participation first. */
  applications: z.array(dashboardApplicationSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
