/**
 * The contract of the kind-specific reports (docs/reports.md, "Kind-specific
 * reports"): teacher evaluation, NOM-035 and the suggestion box. They take the
 * scope filters of reports.ts; a teacher's figures never take a date range
 * (a teacher or a class beside a day could single a student out).
 */
import { z } from 'zod';
import { isIsoDay } from '../dates';
import type { RiskLevel } from '../survey-kinds/nom035/scoring';
import type { RiskScope } from '../survey-kinds/nom035/results';
import type { TeacherResultGroup } from '../survey-kinds/alumnos-evaluacion-docente/results';
import { idFromTextSchema, textSchema } from '../validation';
import { INVALID_DAY_MESSAGE, optionalIdSchema } from './common';
import { REPORT_RANGE_MESSAGE, reportScopeShape, TEXT_CURSOR_MESSAGE, TEXTS_PAGE_SIZE, type ReportScopeInfo } from './reports';

// ------------------------------------------------------------------ teacher evaluation

/** The teachers' cards are the spec's list of 12 (§9). */
export const TEACHERS_PAGE_SIZE = 12;

/** `docentes` is every evaluated teacher; `aprobados` the Destacados and Suficientes. */
export const TEACHER_LIST_FILTERS = ['docentes', 'destacados', 'suficientes', 'insuficientes', 'aprobados'] as const;
export type TeacherListFilter = (typeof TEACHER_LIST_FILTERS)[number];
export const TEACHER_LIST_FILTER_MESSAGE = 'Elige Docentes, Destacados, Suficientes, Insuficientes o Aprobados';
export const NOT_TEACHER_EVALUATION_MESSAGE = 'Este reporte es solo para la evaluación docente.';
export const TEACHER_NOT_FOUND_MESSAGE = 'No se encontró el docente.';

const pageSchema = z.coerce
  .number({ error: 'La página debe ser 1 o mayor' })
  .int('La página debe ser 1 o mayor')
  .min(1, 'La página debe ser 1 o mayor')
  .max(100_000, 'Página no válida')
  .default(1);

/** GET /reports/teachers */
export const teachersQuerySchema = z.object({
  ...reportScopeShape,
  group: z.enum(TEACHER_LIST_FILTERS, { error: TEACHER_LIST_FILTER_MESSAGE }).default('docentes'),
  page: pageSchema,
});
export type TeachersQuery = z.input<typeof teachersQuerySchema>;

/** GET /reports/teachers/:teacherId and GET /reports/teacher-comments */
export const teacherScopeQuerySchema = z.object(reportScopeShape);
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

export interface TeacherGroupsSetting {
  outstandingMin: number;
  sufficientMin: number;
  /** Spanish: how a teacher is placed, for the report's legend. */
  rule: string;
}

export interface TeacherRow {
  teacher: { id: number; name: string; campusId: number };
  /** 1 = best mean in the scope (ties by id), over the teachers shown. */
  rank: number;
  /** Evaluations that rated something. */
  n: number;
  mean: number;
  /** Sample standard deviation; null with one evaluation. */
  sd: number | null;
  group: TeacherResultGroup;
  approved: boolean;
}

export interface TeacherGroupCount {
  key: 'docentes' | TeacherResultGroup | 'aprobados';
  label: string;
  n: number;
}

/** GET /reports/teachers */
export interface TeachersReport {
  scope: ReportScopeInfo;
  setting: TeacherGroupsSetting;
  minGroupSize: number;
  withheldExplanation: string;
  /** Docentes, Destacados, Suficientes, Insuficientes, Aprobados: teachers shown in each. */
  groups: TeacherGroupCount[];
  /** Teachers with fewer evaluations than minGroupSize: in no list and no group count. */
  withheldTeachers: number;
  group: TeacherListFilter;
  teachers: TeacherRow[];
  /** Teachers in `group`; pages of `perPage` (12). */
  total: number;
  page: number;
  perPage: number;
}

export interface TeacherItemResult {
  id: string;
  text: string;
  /** Excelente … Mala and No aplica, zeros included. */
  distribution: { value: string; label: string; n: number }[];
  average: number | null;
  /** The same item's average over the teacher's campus and over every campus (the norms); null when none. */
  campusAverage: number | null;
  institutionAverage: number | null;
}

export interface TeacherClassResult {
  classId: number;
  name: string;
  plan: string;
  grupo: string;
  /** Null when withheld. */
  n: number | null;
  mean: number | null;
  sd: number | null;
  group: TeacherResultGroup | null;
  withheld: boolean;
}

/** GET /reports/teachers/:teacherId */
export interface TeacherReport {
  scope: ReportScopeInfo;
  setting: TeacherGroupsSetting;
  minGroupSize: number;
  withheldExplanation: string;
  teacher: { id: number; name: string; campusId: number };
  /** Fewer evaluations than minGroupSize: every figure below is null or empty. */
  withheld: boolean;
  n: number | null;
  mean: number | null;
  sd: number | null;
  group: TeacherResultGroup | null;
  approved: boolean | null;
  /** Mean of every evaluation at the teacher's campus, and at every campus. */
  campusMean: number | null;
  institutionMean: number | null;
  items: TeacherItemResult[];
  classes: TeacherClassResult[];
  /** Comments about the teacher (the whole period); read them with GET /reports/teachers/:teacherId/comments. */
  comments: number;
  commentsWithheld: boolean;
}

/** GET /reports/teacher-comments */
export interface TeacherCommentsReport {
  scope: ReportScopeInfo;
  minGroupSize: number;
  withheldExplanation: string;
  /** Teachers whose comments reach minGroupSize, by name. */
  teachers: { teacher: { id: number; name: string; campusId: number }; comments: number }[];
  /** Teachers with comments, but fewer than minGroupSize: not listed. */
  withheldTeachers: number;
  total: number;
  page: number;
  perPage: number;
}

/** GET /reports/teachers/:teacherId/comments */
export interface TeacherTextsReport {
  teacher: { id: number; name: string; campusId: number };
  total: number;
  /** Comments never read: of an application where this teacher has fewer than the small-group rule (TextsReport.unlisted). */
  unlisted: number;
  unlistedNote: string | null;
  withheld: boolean;
  withheldExplanation: string;
  texts: { id: string; text: string }[];
  next: string | null;
}

// ------------------------------------------------------------------ NOM-035

export const NOT_NOM035_MESSAGE = 'Este reporte es solo para la NOM-035.';
export const NOM035_APPLICATION_NOT_FOUND = 'No se encontró la aplicación de la NOM-035.';

/** GET /reports/nom035/applications: the NOM-035 applications of a period (indexSurveys). */
export const nom035IndexQuerySchema = z.object(reportScopeShape);
export const nom035ApplicationParamsSchema = z.object({ id: idFromTextSchema(NOM035_APPLICATION_NOT_FOUND) });

export interface Nom035Application {
  /** The application (active) id: pass to GET /reports/nom035/applications/:id. */
  id: number;
  campus: { id: number; nombre: string };
  periodo: { id: number; nombre: string };
  startActive: string;
  endActive: string;
  /** Workers who answered Guía II or III (published). */
  respondents: number;
  withheld: boolean;
}

/** GET /reports/nom035/applications */
export interface Nom035Index {
  scope: ReportScopeInfo;
  minGroupSize: number;
  applications: Nom035Application[];
  total: number;
}

export interface Nom035LevelInfo {
  key: RiskLevel;
  label: string;
  color: string;
  /** The DOF's action criteria for the level (Guía II Tabla 4 / Guía III Tabla 7). */
  criteria: string;
}

export interface Nom035GroupResult {
  scope: RiskScope;
  /** '' for the final score. */
  key: string;
  name: string;
  categoryId: string | null;
  /** Workers per level with the level's score range (min inclusive, max exclusive, null = open). */
  levels: { level: RiskLevel; min: number; max: number | null; n: number }[];
  /** Mean score of the workers and the level it falls in. */
  averageScore: number;
  averageLevel: RiskLevel;
}

/** GET /reports/nom035/applications/:id: one application (a campus and a period), never one worker. */
export interface Nom035Report {
  application: Nom035Application;
  minGroupSize: number;
  withheldExplanation: string;
  levels: Nom035LevelInfo[];
  /** One entry per guide answered (a campus answers II or III; both if its size crossed 50 during the period). */
  guides: {
    guide: 'II' | 'III';
    title: string;
    respondents: number;
    withheld: boolean;
    /** The final score, then each category and domain in the DOF's order; empty when withheld. */
    groups: Nom035GroupResult[];
  }[];
  /** Why there are no comments (the DOF instrument has no comment item). */
  commentsNote: string;
}

// ------------------------------------------------------------------ suggestion box

/** GET /reports/suggestions: counts of suggestions received, at one campus or every campus the user holds. */
export const suggestionCountsQuerySchema = z
  .object({
    campusId: optionalIdSchema,
    from: z.string({ error: INVALID_DAY_MESSAGE }).refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true }).optional(),
    to: z.string({ error: INVALID_DAY_MESSAGE }).refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true }).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, { path: ['to'], message: REPORT_RANGE_MESSAGE });
export type SuggestionCountsQuery = z.input<typeof suggestionCountsQuerySchema>;

/** GET /reports/suggestions */
export interface SuggestionCounts {
  campuses: { id: number; nombre: string }[];
  from: string | null;
  to: string | null;
  total: number;
  /** Mexico City days, oldest first; only days with suggestions. */
  daily: { day: string; n: number }[];
  /** YYYY-MM, oldest first. */
  monthly: { month: string; n: number }[];
}
