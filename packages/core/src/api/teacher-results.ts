/**
 * What a teacher signed in as a respondent sees of their own evaluation (issue 21; docs/privacy.md,
 * "What a teacher sees"): while an application runs, how many students of each class answered (counts only,
 * none for a class under the small-group rule); from the application's results release day, their own results
 * as the back office's teacher report shows them, with the trend over their earlier terms, and the comments a
 * reviewer published (redacted ones in their redacted words only; docs/privacy.md, "Comment review").
 */
import { z } from 'zod';
import { displayDay } from '../dates';
import { countOf } from '../format';
import { teacherReportSchema } from '../survey-kinds/alumnos-evaluacion-docente/report-contract';
import { TEACHER_RESULT_GROUPS, type TeacherResultGroup } from '../survey-kinds/alumnos-evaluacion-docente/results';
import { idFromTextSchema } from '../validation';
import { namedCampusSchema, namedPeriodSchema } from './reports';

export const TEACHERS_ONLY_MESSAGE = 'Esta sección es solo para docentes.';
export const OWN_RESULTS_ONLY_MESSAGE = 'Solo puedes consultar tus propios resultados, no los de otra persona.';
export const TEACHER_TERM_NOT_FOUND_MESSAGE = 'No se encontraron resultados tuyos de esa aplicación.';
/** 403 while an application that waits for the review still has comments of this teacher to review. */
export const RESULTS_AWAIT_REVIEW_MESSAGE = 'Tus resultados estarán disponibles en cuanto se terminen de revisar los comentarios de tus estudiantes.';
export const NO_COMMENTS_MESSAGE = 'No hay comentarios publicados para ti en este periodo.';

/** Beside the published comments while others are still being reviewed (an application that releases what was reviewed). */
export function commentsInReviewNote(inReview: number): string {
  const count = countOf(inReview, 'comentario sigue', 'comentarios siguen');
  return `${count} en revisión: se mostrarán aquí cuando se revisen.`;
}

/** Beside a comment several students wrote in the same words. */
export const sameWordsLabel = (copies: number): string => `lo escribieron ${countOf(copies, 'estudiante', 'estudiantes')}`;

/** Why no comment is listed when the teacher's comments are fewer than the small-group rule. */
export function commentsWithheldNote(minGroupSize: number): string {
  return `Los comentarios no se muestran: son menos de ${minGroupSize} y con tan pocos se podría saber quién escribió cada uno.`;
}

/** Before the release day (403, with the day, so the page can say it too). */
export function resultsNotReleasedMessage(day: string): string {
  return `Tus resultados estarán disponibles el ${displayDay(day)}.`;
}

/** /respondents/teachers/{teacherId}/…: a teacher's own id (any other answers 403). */
export const teacherSelfParamsSchema = z.object({ teacherId: idFromTextSchema(OWN_RESULTS_ONLY_MESSAGE) });
export const teacherTermParamsSchema = teacherSelfParamsSchema.extend({ activeId: idFromTextSchema(TEACHER_TERM_NOT_FOUND_MESSAGE) });

const namedCycleSchema = z.object({ id: z.number(), name: z.string() });

/** One class of an open application: its students expected and those who evaluated it; null under the small-group rule. */
export const teacherClassProgressSchema = z.object({
  classId: z.number(),
  name: z.string(),
  plan: z.string(),
  grupo: z.string(),
  expected: z.number().nullable(),
  answered: z.number().nullable(),
  withheld: z.boolean(),
});
export type TeacherClassProgress = z.infer<typeof teacherClassProgressSchema>;

export const teacherApplicationProgressSchema = z.object({
  activeId: z.number(),
  cycle: namedCycleSchema,
  periodo: namedPeriodSchema,
  campus: namedCampusSchema,
  end_active: z.string(),
  results_release_day: z.string(),
  classes: z.array(teacherClassProgressSchema),
});
export type TeacherApplicationProgress = z.infer<typeof teacherApplicationProgressSchema>;

/** GET /respondents/teachers/{teacherId}/classes */
export const teacherProgressAnswerSchema = z.object({
  applications: z.array(teacherApplicationProgressSchema),
  minGroupSize: z.number(),
  withheldExplanation: z.string(),
});
export type TeacherProgressAnswer = z.infer<typeof teacherProgressAnswerSchema>;

/** A term the teacher was evaluated in: one campus's teacher evaluation in one period. */
export const teacherTermSchema = z.object({
  /** The application that names the term (the latest of the period's at the campus). */
  activeId: z.number(),
  cycle: namedCycleSchema,
  periodo: namedPeriodSchema,
  campus: namedCampusSchema,
  /** The latest release day of the period's applications at the campus: the results cover them all. */
  results_release_day: z.string(),
  released: z.boolean(),
});
export type TeacherTerm = z.infer<typeof teacherTermSchema>;

/** GET /respondents/teachers/{teacherId}/results: newest first. */
export const teacherTermsAnswerSchema = z.object({ terms: z.array(teacherTermSchema) });
export type TeacherTermsAnswer = z.infer<typeof teacherTermsAnswerSchema>;

/** A teacher's own group, in the singular the issue names it (the back office's lists are plural). */
export const OWN_GROUP_LABELS: Record<TeacherResultGroup, string> = { destacados: 'Destacado', suficientes: 'Suficiente', insuficientes: 'Insuficiente' };

const teacherResultGroupSchema = z.enum(TEACHER_RESULT_GROUPS.map((g) => g.key) as [TeacherResultGroup, ...TeacherResultGroup[]]);

/** The teacher's mean in one released term at the same campus; null (withheld) under the small-group rule. */
export const teacherTrendPointSchema = z.object({
  periodo: namedPeriodSchema,
  n: z.number().nullable(),
  mean: z.number().nullable(),
  group: teacherResultGroupSchema.nullable(),
  withheld: z.boolean(),
});
export type TeacherTrendPoint = z.infer<typeof teacherTrendPointSchema>;

/** The back office's report of one teacher, without its comment counts (the comments themselves come reviewed, beside it). */
export const ownTeacherReportSchema = teacherReportSchema.omit({ comments: true, commentsWithheld: true });
export type OwnTeacherReport = z.infer<typeof ownTeacherReportSchema>;

/** GET /respondents/teachers/{teacherId}/results/{activeId} */
export const teacherOwnResultsSchema = z.object({
  term: teacherTermSchema,
  report: ownTeacherReportSchema,
  /** Released terms up to this one, oldest first (this one last). */
  trend: z.array(teacherTrendPointSchema),
  /**
   * The comments a reviewer published, in the words published (a redacted span reads «[…]»), one entry per
   * distinct text with how many students wrote it; ordered by no trait of the answer. Withheld and unreviewed
   * ones never come; empty under the small-group rule.
   */
  comments: z.array(z.object({ text: z.string(), copies: z.number().int(), redacted: z.boolean() })),
  /** Comments still being reviewed (an application that releases what was reviewed): a count only. */
  commentsInReview: z.number().int(),
  /** What to say beside (or instead of) the comments; null when nothing needs saying. */
  commentsNote: z.string().nullable(),
});
export type TeacherOwnResults = z.infer<typeof teacherOwnResultsSchema>;
