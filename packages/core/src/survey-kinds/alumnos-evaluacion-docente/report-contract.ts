/**
 * The contract of the teacher evaluation's own reports (docs/reports.md, "Kind-specific
 * reports"): they take the scope filters of api/reports.ts; a teacher's figures never take a date range
 * (a teacher or a class beside a day could single a student out).
 */
import { z } from 'zod';
import { TEACHER_RESULT_GROUPS, type TeacherResultGroup } from './results';
import { idFromTextSchema, textSchema } from '../../validation';
import { TEACHER_LIST_FILTERS, TEACHER_LIST_FILTER_MESSAGE, TEACHER_NOT_FOUND_MESSAGE, TEACHER_SORT_KEYS, TEACHER_SORT_MESSAGE, SORT_ORDERS, SORT_ORDER_MESSAGE, TEACHER_SEARCH_MESSAGE } from './report-constants';
import { namedCampusSchema, namedPeriodSchema, reportScopeInfoSchema, reportScopeQuerySchema, reportScopeShape, reportTextSchema, TEXT_CURSOR_MESSAGE, TEXTS_PAGE_SIZE, valueCountSchema } from '../../api/reports';

/** The list's constants and texts live without zod in report-constants.ts (the report screens import them there). */
export { TEACHERS_PAGE_SIZE, TEACHER_LIST_FILTERS, TEACHER_LIST_FILTER_MESSAGE, NOT_TEACHER_EVALUATION_MESSAGE, TEACHER_NOT_FOUND_MESSAGE, TEACHER_SORT_KEYS, TEACHER_SORT_MESSAGE, SORT_ORDERS, SORT_ORDER_MESSAGE, TEACHER_SEARCH_MESSAGE, defaultSortOrder } from './report-constants';
export type { TeacherListFilter, TeacherSortKey, SortOrder } from './report-constants';

const pageSchema = z.coerce
  .number({ error: 'La página debe ser 1 o mayor' })
  .int('La página debe ser 1 o mayor')
  .min(1, 'La página debe ser 1 o mayor')
  .max(100_000, 'Página no válida')
  .default(1);

/** The ranking's search, sort and order (GET /reports/teachers and its file). */
export const teacherListShape = {
  group: z.enum(TEACHER_LIST_FILTERS, { error: TEACHER_LIST_FILTER_MESSAGE }).default('docentes'),
  /** Words of the teacher's name, accents and case aside («jose» finds «José»). */
  search: textSchema().trim().max(100, TEACHER_SEARCH_MESSAGE).optional(),
  sort: z.enum(TEACHER_SORT_KEYS, { error: TEACHER_SORT_MESSAGE }).default('rank'),
  order: z.enum(SORT_ORDERS, { error: SORT_ORDER_MESSAGE }).optional(),
};

/** GET /reports/teachers */
export const teachersQuerySchema = z.object({
  ...reportScopeShape,
  ...teacherListShape,
  page: pageSchema,
});
export type TeachersQuery = z.input<typeof teachersQuerySchema>;

/** GET /reports/teachers/:teacherId and GET /reports/teacher-comments */
export const teacherScopeQuerySchema = reportScopeQuerySchema;
export const teacherParamsSchema = z.object({ teacherId: idFromTextSchema(TEACHER_NOT_FOUND_MESSAGE) });

/** GET /reports/teacher-comments: teachers with their number of comments, by name, 12 a page. */
export const teacherCommentsQuerySchema = z.object({ ...reportScopeShape, page: pageSchema });

/** GET /reports/teachers/:teacherId/comments: one teacher's comments, keyset-paged. */
export const teacherTextsQuerySchema = z.object({
  ...reportScopeShape,
  search: textSchema().trim().max(200, 'La búsqueda admite hasta 200 caracteres').optional(),
  after: z.uuid({ error: TEXT_CURSOR_MESSAGE }).optional(),
  limit: z.coerce.number().int().min(1, 'Pide al menos un comentario').max(100, 'Máximo 100 comentarios por página').default(TEXTS_PAGE_SIZE),
});

const teacherResultGroupSchema = z.enum(TEACHER_RESULT_GROUPS.map((g) => g.key) as [TeacherResultGroup, ...TeacherResultGroup[]]);

export const teacherGroupsSettingSchema = z.object({
  outstandingMin: z.number(),
  sufficientMin: z.number(),
  /** Spanish: how a teacher is placed, for the report's legend. */
  rule: z.string(),
});
export type TeacherGroupsSetting = z.infer<typeof teacherGroupsSettingSchema>;

export const reportTeacherSchema = z.object({ id: z.number(), name: z.string(), campusId: z.number() });

export const teacherRowSchema = z.object({
  teacher: reportTeacherSchema,
  /** 1 = best mean in the scope (ties by id), over the teachers shown. */
  rank: z.number(),
  /** Evaluations that rated something. */
  n: z.number(),
  mean: z.number(),
  /** Sample standard deviation; null with one evaluation. */
  sd: z.number().nullable(),
  group: teacherResultGroupSchema,
  approved: z.boolean(),
  /** The teacher's campus (the report by cycle lists every campus the user holds). */
  campus: namedCampusSchema,
  /**
   * The same teacher's mean in `previousPeriodo` at the same campuses; null when
   * none, or when fewer than minGroupSize evaluated them then (the same rule as now).
   */
  previousMean: z.number().nullable(),
  /** mean − previousMean, each rounded to two decimals as shown; null whenever previousMean is. */
  change: z.number().nullable(),
});
export type TeacherRow = z.infer<typeof teacherRowSchema>;

export const teacherGroupCountSchema = z.object({
  key: z.union([z.literal('docentes'), teacherResultGroupSchema, z.literal('aprobados')]),
  label: z.string(),
  n: z.number(),
});
export type TeacherGroupCount = z.infer<typeof teacherGroupCountSchema>;

/** GET /reports/teachers */
export const teachersReportSchema = z.object({
  scope: reportScopeInfoSchema,
  setting: teacherGroupsSettingSchema,
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  /** Docentes, Destacados, Suficientes, Insuficientes, Aprobados: teachers shown in each. */
  groups: z.array(teacherGroupCountSchema),
  /** Teachers with fewer evaluations than minGroupSize: in no list and no group count. */
  withheldTeachers: z.number(),
  group: z.enum(TEACHER_LIST_FILTERS),
  /** The search applied (trimmed), null for none; the sort and order applied. */
  search: z.string().nullable(),
  sort: z.enum(TEACHER_SORT_KEYS),
  order: z.enum(SORT_ORDERS),
  /** The period compared with: the last one before this with the same survey type at these campuses; null when none. */
  previousPeriodo: namedPeriodSchema.nullable(),
  teachers: z.array(teacherRowSchema),
  /** Teachers in `group` matching `search`; pages of `perPage` (12). */
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type TeachersReport = z.infer<typeof teachersReportSchema>;

export const teacherItemResultSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** Excelente … Mala and No aplica, zeros included. */
  distribution: z.array(valueCountSchema),
  average: z.number().nullable(),
  /** The same item's average over the teacher's campus and over every campus (the norms); null when none. */
  campusAverage: z.number().nullable(),
  institutionAverage: z.number().nullable(),
});
export type TeacherItemResult = z.infer<typeof teacherItemResultSchema>;

export const teacherClassResultSchema = z.object({
  classId: z.number(),
  name: z.string(),
  plan: z.string(),
  grupo: z.string(),
  /** Null when withheld. */
  n: z.number().nullable(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  group: teacherResultGroupSchema.nullable(),
  withheld: z.boolean(),
});
export type TeacherClassResult = z.infer<typeof teacherClassResultSchema>;

/** GET /reports/teachers/:teacherId */
export const teacherReportSchema = z.object({
  scope: reportScopeInfoSchema,
  setting: teacherGroupsSettingSchema,
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  teacher: reportTeacherSchema,
  /** Fewer evaluations than minGroupSize: every figure below is null or empty. */
  withheld: z.boolean(),
  n: z.number().nullable(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  group: teacherResultGroupSchema.nullable(),
  approved: z.boolean().nullable(),
  /** Mean of every evaluation at the teacher's campus, and at every campus (the norms); null below the small-group rule. */
  campusMean: z.number().nullable(),
  institutionMean: z.number().nullable(),
  /** Evaluations behind each norm (counts are never withheld). */
  campusN: z.number(),
  institutionN: z.number(),
  /** The term compared with, as in the ranking (TeachersReport.previousPeriodo); null when there is none. */
  previousPeriodo: namedPeriodSchema.nullable(),
  /** The teacher's mean then at the report's campuses, and mean − it (as the ranking's); null below the small-group rule or not evaluated. */
  previousMean: z.number().nullable(),
  change: z.number().nullable(),
  items: z.array(teacherItemResultSchema),
  classes: z.array(teacherClassResultSchema),
  /** Comments about the teacher (the whole period); read them with GET /reports/teachers/:teacherId/comments. */
  comments: z.number(),
  commentsWithheld: z.boolean(),
});
export type TeacherReport = z.infer<typeof teacherReportSchema>;

/** GET /reports/teacher-comments */
export const teacherCommentsReportSchema = z.object({
  scope: reportScopeInfoSchema,
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
  /** Teachers whose comments reach minGroupSize, by name. */
  teachers: z.array(z.object({ teacher: reportTeacherSchema, comments: z.number() })),
  /** Teachers with comments, but fewer than minGroupSize: not listed. */
  withheldTeachers: z.number(),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type TeacherCommentsReport = z.infer<typeof teacherCommentsReportSchema>;

/** GET /reports/teachers/:teacherId/comments */
export const teacherTextsReportSchema = z.object({
  teacher: reportTeacherSchema,
  total: z.number(),
  /** Comments never read: of an application where this teacher has fewer than the small-group rule (TextsReport.unlisted). */
  unlisted: z.number(),
  unlistedNote: z.string().nullable(),
  withheld: z.boolean(),
  withheldExplanation: z.string(),
  texts: z.array(reportTextSchema),
  next: z.string().nullable(),
});
export type TeacherTextsReport = z.infer<typeof teacherTextsReportSchema>;
