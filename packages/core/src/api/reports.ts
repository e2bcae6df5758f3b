/**
 * The contract of the generic report engine (docs/reports.md, "Report API"):
 * the filters every report endpoint takes and the shapes of the generic
 * reports. Kind-specific reports (teacher evaluation, NOM-035, new intake,
 * suggestion box) add their own shapes in their kind's folder
 * (survey-kinds/<kind>/report-contract.ts) on top of the same filters.
 */
import { z } from 'zod';
import type { ItemType } from '../survey-engine/types';
import { SURVEY_KINDS, type SurveyKindId } from '../survey-kinds';
import { textSchema, idFromTextSchema } from '../validation';
import { INVALID_DAY_MESSAGE, optionalIdSchema } from './common';
import { respondentTypeSchema } from './respondents';
import { isIsoDay } from '../dates';
import { BREAKDOWN_SEGMENTS, BREAKDOWN_SEGMENT_MESSAGE, BREAKDOWN_VALUE_MESSAGE, REPORT_CYCLE_MESSAGE, REPORT_PERIOD_MESSAGE, REPORT_RANGE_MESSAGE, TEXTS_PAGE_SIZE, TEXT_CURSOR_MESSAGE, TEXT_ITEM_MESSAGE } from './report-constants';

/** The contract's constants and texts live without zod in report-constants.ts (the report screens import them there). */
export {
  REPORT_CYCLE_MESSAGE,
  REPORT_PERIOD_MESSAGE,
  REPORT_RANGE_MESSAGE,
  BREAKDOWN_SEGMENTS,
  BREAKDOWN_SEGMENT_MESSAGE,
  BREAKDOWN_VALUE_MESSAGE,
  TEXT_ITEM_MESSAGE,
  TEXT_CURSOR_MESSAGE,
  TEXTS_PAGE_SIZE,
  withheldExplanation,
  unlistedTextsNote,
  WHOLE_PERIOD_NOTE,
  NO_APPLICATION_MESSAGE,
  heldResponsesMessage,
} from './report-constants';
export type { BreakdownSegment } from './report-constants';

/** An optional Mexico City day (YYYY-MM-DD): a report's `from` and `to`. */
export const optionalDay = z
  .string({ error: INVALID_DAY_MESSAGE })
  .refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true })
  .optional();

/**
 * Which responses a report covers: a survey type (cycle) and a period, at one
 * campus (the report by campus) or at every campus the user holds (the report
 * by cycle). Query-string names are the spec's (`cicleId`, `periodoId`, `campusId`).
 */
export const reportScopeShape = {
  cicleId: idFromTextSchema(REPORT_CYCLE_MESSAGE),
  periodoId: idFromTextSchema(REPORT_PERIOD_MESSAGE),
  campusId: optionalIdSchema,
};
/** The scope alone: the query of the reports that never cross with days (a teacher's figures, NOM-035, a breakdown by school). */
export const reportScopeQuerySchema = z.object(reportScopeShape);

/**
 * The scope plus an optional range of Mexico City days (inclusive). The range
 * applies to totals, daily and monthly counts and the distributions of the
 * overview only: breakdowns, comments and teacher results never cross with
 * days (a day beside a group or a teacher could single someone out).
 */
export const reportQuerySchema = z
  .object({ ...reportScopeShape, from: optionalDay, to: optionalDay })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, { path: ['to'], message: REPORT_RANGE_MESSAGE });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportFilter = z.output<typeof reportQuerySchema>;

/** GET /reports/breakdown: one row per plan or per plan and group. */
export const breakdownQuerySchema = z.object({
  ...reportScopeShape,
  segment: z.enum(BREAKDOWN_SEGMENTS, { error: BREAKDOWN_SEGMENT_MESSAGE }),
});
export type BreakdownQuery = z.input<typeof breakdownQuerySchema>;

/** GET /reports/breakdown/items: one plan's or group's items; `value` is a row's `value` as the breakdown returned it. */
export const breakdownItemsQuerySchema = breakdownQuerySchema.extend({
  value: textSchema({ error: BREAKDOWN_VALUE_MESSAGE }).min(1, BREAKDOWN_VALUE_MESSAGE).max(200, BREAKDOWN_VALUE_MESSAGE),
});
export type BreakdownItemsQuery = z.input<typeof breakdownItemsQuerySchema>;

/** GET /reports/texts: one text item's answers (comments or an 'other' list), keyset-paged. */
export const textsQuerySchema = z.object({
  ...reportScopeShape,
  item: textSchema({ error: TEXT_ITEM_MESSAGE }).min(1, TEXT_ITEM_MESSAGE).max(100, TEXT_ITEM_MESSAGE),
  search: textSchema().trim().max(200, 'La búsqueda admite hasta 200 caracteres').optional(),
  /** The `next` of the previous page. */
  after: z.uuid({ error: TEXT_CURSOR_MESSAGE }).optional(),
  limit: z.coerce.number().int().min(1, 'Pide al menos un comentario').max(100, 'Máximo 100 comentarios por página').default(TEXTS_PAGE_SIZE),
});
export type TextsQuery = z.input<typeof textsQuerySchema>;

/** GET /reports/summary: a campus's survey types in a period, each with its totals (the campus's survey types page). */
export const summaryQuerySchema = z.object({
  periodoId: reportScopeShape.periodoId,
  campusId: idFromTextSchema('Elige el campus'),
});
export type SummaryQuery = z.input<typeof summaryQuerySchema>;

// ------------------------------------------------------------------ generic response shapes

/** The kinds as their registry lists them (a schema needs the values, not only the type). */
export const surveyKindIdSchema = z.enum(SURVEY_KINDS.map((k) => k.id) as [SurveyKindId, ...SurveyKindId[]]);

/** A campus or period as reports name them. */
export const namedCampusSchema = z.object({ id: z.number(), nombre: z.string() });
export const namedPeriodSchema = z.object({ id: z.number(), nombre: z.string() });

export const reportScopeInfoSchema = z.object({
  cycle: z.object({ id: z.number(), name: z.string(), surveyKind: surveyKindIdSchema }),
  periodo: namedPeriodSchema,
  /** The campus asked for, or null for the report by cycle (every campus the user holds). */
  campusId: z.number().nullable(),
  /** Campuses with an application of the cycle in the period, within the user's grants. */
  campuses: z.array(namedCampusSchema),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** No application in scope: every figure is zero, `emptyMessage` says why. */
  empty: z.boolean(),
  emptyMessage: z.string().nullable(),
});
export type ReportScopeInfo = z.infer<typeof reportScopeInfoSchema>;

/** A value of an item with its label ('No aplica' included; it stays out of averages). */
export const valueCountSchema = z.object({ value: z.string(), label: z.string(), n: z.number() });
export type ValueCount = z.infer<typeof valueCountSchema>;

/** The item types a report shows figures of (text items are lists: ReportTextList). */
const REPORT_ITEM_TYPES = ['rating', 'frequency', 'yesNo', 'single', 'multiple', 'number'] as const satisfies readonly Exclude<ItemType, 'text'>[];

export const reportItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(REPORT_ITEM_TYPES),
  /** Every value of the item's scale or options (zeros included), then values seen that the options lack (numbers). */
  distribution: z.array(valueCountSchema),
  /** Mean points (rating 1–5, scored frequency) or mean number; null when nothing carries points or when withheld. */
  average: z.number().nullable(),
  /** Answers in the average. */
  scored: z.number(),
  /**
   * What a choice's percentages are of: the people who answered the item (the sum of its counts), but for a
   * multiple choice, where a person counts under every option picked and the aggregates count options, not
   * people, the responses in the report's scope (the item's shares are then of everyone who answered the survey).
   */
  shareBase: z.number(),
  /** Below the small-group rule: distribution empty, average null. */
  withheld: z.boolean(),
  /** A choice with an 'Otro' option: the text item asked after it (its list in `texts`), else null. */
  otherList: z.string().nullable(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

/** A text item: listed, its answers read with GET /reports/texts. */
export const reportTextListSchema = z.object({
  id: z.string(),
  text: z.string(),
  sectionId: z.string(),
  /** Answers in the list (the whole period; a count, never withheld). */
  total: z.number(),
  /** Fewer than the small-group rule: the list cannot be opened. */
  withheld: z.boolean(),
});
export type ReportTextList = z.infer<typeof reportTextListSchema>;

export const reportSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Mean over the section's scored answers; null when none or withheld. */
  average: z.number().nullable(),
  scored: z.number(),
  items: z.array(reportItemSchema),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

export const reportQuestionnaireSchema = z.object({ id: z.string(), version: z.number(), title: z.string(), sections: z.array(reportSectionSchema) });
export type ReportQuestionnaire = z.infer<typeof reportQuestionnaireSchema>;

/** A section's average by id (null: withheld or unscored). */
export const sectionAverageSchema = z.object({ id: z.string(), average: z.number().nullable() });

export const periodTrendSchema = z.object({
  periodo: namedPeriodSchema,
  responses: z.number(),
  /** Section averages in the questionnaire's section order (null: withheld or unscored). */
  sections: z.array(sectionAverageSchema),
  withheld: z.boolean(),
});
export type PeriodTrend = z.infer<typeof periodTrendSchema>;

export const campusTotalSchema = z.object({ campus: namedCampusSchema, responses: z.number(), average: z.number().nullable(), withheld: z.boolean() });
export type CampusTotal = z.infer<typeof campusTotalSchema>;

/** A kind-specific report the web can link to (registry.ts). */
export const kindReportLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** API path under the prefix, taking the same scope filters. */
  endpoint: z.string(),
});
export type KindReportLink = z.infer<typeof kindReportLinkSchema>;

export const dayCountSchema = z.object({ day: z.string(), n: z.number() });
export const monthCountSchema = z.object({ month: z.string(), n: z.number() });

/** GET /reports/overview */
export const reportOverviewSchema = z.object({
  scope: reportScopeInfoSchema,
  kind: z.object({ id: surveyKindIdSchema, title: z.string(), respondent: z.union([respondentTypeSchema, z.literal('any')]) }),
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  totals: z.object({
    /** Published responses (in the date range when one is given); held ones are not in it (report-figures.ts). */
    published: z.number(),
    /** Submitted, not yet published: not in `published` nor in any answer figure, already in `respondents` and the rate. */
    held: z.number(),
    heldMessage: z.string().nullable(),
    /** Active people of the respondent type at the scope's campuses (null for the suggestion box); whole period. */
    expected: z.number().nullable(),
    /** Of them, how many completed, held answers included (whole period). */
    respondents: z.number().nullable(),
    /** respondents / expected, 0..1; null when nobody is expected. */
    responseRate: z.number().nullable(),
  }),
  daily: z.array(dayCountSchema),
  monthly: z.array(monthCountSchema),
  /** Only when the scope spans several campuses (spec §1: campuses in a chart). */
  campuses: z.array(campusTotalSchema).nullable(),
  /** Empty for kinds not answered with one generic questionnaire (NOM-035: risk levels; suggestion box). */
  questionnaires: z.array(reportQuestionnaireSchema),
  texts: z.array(reportTextListSchema),
  /** Previous periods of the same campuses and cycle answered on the same questionnaire version, oldest first, ending with this one. */
  trend: z.array(periodTrendSchema),
  extraReports: z.array(kindReportLinkSchema),
});
export type ReportOverview = z.infer<typeof reportOverviewSchema>;

export const breakdownRowSchema = z.object({
  /** Pass back as `value` to GET /reports/breakdown/items. */
  value: z.string(),
  plan: z.string(),
  grupo: z.string().nullable(),
  responses: z.number(),
  average: z.number().nullable(),
  withheld: z.boolean(),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

/** GET /reports/breakdown */
export const breakdownReportSchema = z.object({
  scope: reportScopeInfoSchema,
  segment: z.enum(BREAKDOWN_SEGMENTS),
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  rows: z.array(breakdownRowSchema),
  /** Rows withheld by the small-group rule. */
  withheldRows: z.number(),
});
export type BreakdownReport = z.infer<typeof breakdownReportSchema>;

/** GET /reports/breakdown/items */
export const breakdownItemsReportSchema = z.object({
  scope: reportScopeInfoSchema,
  segment: z.enum(BREAKDOWN_SEGMENTS),
  value: z.string(),
  plan: z.string(),
  grupo: z.string().nullable(),
  responses: z.number(),
  withheld: z.boolean(),
  withheldExplanation: z.string(),
  questionnaires: z.array(reportQuestionnaireSchema),
});
export type BreakdownItemsReport = z.infer<typeof breakdownItemsReportSchema>;

/** A comment as a report lists it: the text alone, no plan, group or day beside it, which could narrow who wrote it. */
export const reportTextSchema = z.object({ id: z.string(), text: z.string() });

/** GET /reports/texts */
export const textsReportSchema = z.object({
  item: z.object({ id: z.string(), text: z.string() }),
  /** Texts matching the filter (and search) that may be read. */
  total: z.number(),
  /**
   * Texts of the list that are never read: they belong to a group below the
   * small-group rule (one application's, or one teacher's at it), which the
   * whole list would otherwise give away by subtraction (docs/privacy.md).
   */
  unlisted: z.number(),
  /** unlistedTextsNote when `unlisted` is above 0, else null. */
  unlistedNote: z.string().nullable(),
  /** Total below the small-group rule: no texts are sent. */
  withheld: z.boolean(),
  withheldExplanation: z.string(),
  texts: z.array(reportTextSchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type TextsReport = z.infer<typeof textsReportSchema>;

/** One survey type applied at the campus in the period: the overview's totals, nothing else. */
export const cycleSummarySchema = z.object({
  cycle: z.object({ id: z.number(), name: z.string(), surveyKind: surveyKindIdSchema }),
  kind: z.object({ title: z.string() }),
  /** Published responses (the whole period). */
  published: z.number(),
  /** Submitted, not yet published. */
  held: z.number(),
  /** As ReportOverview's totals: null for a kind answered by anyone. */
  expected: z.number().nullable(),
  respondents: z.number().nullable(),
  responseRate: z.number().nullable(),
});
export type CycleSummary = z.infer<typeof cycleSummarySchema>;

/** GET /reports/summary: only the cycles granted to the user, by name. */
export const campusReportSummarySchema = z.object({ campus: namedCampusSchema, periodo: namedPeriodSchema, cycles: z.array(cycleSummarySchema) });
export type CampusReportSummary = z.infer<typeof campusReportSummarySchema>;

// ------------------------------------------------------------------ where the figures are read

/**
 * GET /reports/freshness: where the report endpoints read their figures and
 * how current they are. 'primary': where answers are written, so current
 * (no REPORTS_DATABASE_URL, or the replica is down and reads fell back).
 * 'replica': a read replica (docs/operations.md, "Reports from a read replica").
 */
export const reportsFreshnessSchema = z.object({
  source: z.enum(['primary', 'replica']),
  /** Every answer published before this instant (ISO) is in the figures; null from the primary, or when the replica cannot say. */
  asOf: z.string().nullable(),
  /** Whether the figures held all the primary had written when asked. */
  current: z.boolean(),
});
export type ReportsFreshness = z.infer<typeof reportsFreshnessSchema>;
