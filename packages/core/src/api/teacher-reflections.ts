/**
 * A teacher's reflection on a class's released results, «Lo que haré con estos resultados» (issue 21;
 * docs/privacy.md, "A teacher's reflection"): written by the teacher signed in as a respondent, for a class of a
 * term whose results are released, and shown to the students who evaluate that teacher in a later term.
 */
import { z } from 'zod';
import { idFromTextSchema, textSchema } from '../validation';
import { teacherSelfParamsSchema } from './teacher-results';

/** About a paragraph or two: what a student reads on a phone before evaluating. */
export const REFLECTION_MAX_LENGTH = 1000;
export const REFLECTION_TOO_LONG_MESSAGE = `Tu texto puede tener hasta ${REFLECTION_MAX_LENGTH} caracteres: acórtalo un poco.`;
export const CLASS_NOT_FOUND_MESSAGE = 'No se encontró esa clase.';
export const OWN_CLASSES_ONLY_MESSAGE = 'Solo puedes escribir sobre tus propias clases.';
export const CLASS_NOT_EVALUATED_MESSAGE = 'Esta clase no tuvo evaluación docente: no hay resultados sobre los cuales escribir.';

/** /respondents/teachers/{teacherId}/classes/{classId}/reflection */
export const teacherClassParamsSchema = teacherSelfParamsSchema.extend({ classId: idFromTextSchema(CLASS_NOT_FOUND_MESSAGE) });

/** PUT …/reflection: the text, trimmed; an empty one deletes the reflection. */
export const reflectionBodySchema = z.object({
  text: textSchema({ error: 'Escribe el texto de tu reflexión' }).trim().max(REFLECTION_MAX_LENGTH, REFLECTION_TOO_LONG_MESSAGE),
});
export type ReflectionBody = z.input<typeof reflectionBodySchema>;

export const savedReflectionSchema = z.object({
  text: z.string(),
  /** ISO instants: first written, last saved. */
  writtenAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReflection = z.infer<typeof savedReflectionSchema>;

/** PUT …/reflection: the reflection as saved, or null once deleted. */
export const reflectionAnswerSchema = z.object({ reflection: savedReflectionSchema.nullable() });
export type ReflectionAnswer = z.infer<typeof reflectionAnswerSchema>;

/** One class of the term and the teacher's reflection on it (null: none written). */
export const classReflectionSchema = z.object({
  classId: z.number(),
  name: z.string(),
  plan: z.string(),
  grupo: z.string(),
  reflection: savedReflectionSchema.nullable(),
});
export type ClassReflection = z.infer<typeof classReflectionSchema>;

/** GET /respondents/teachers/{teacherId}/results/{activeId}/reflections: the term's classes of the teacher. */
export const termReflectionsAnswerSchema = z.object({ maxLength: z.number(), classes: z.array(classReflectionSchema) });
export type TermReflectionsAnswer = z.infer<typeof termReflectionsAnswerSchema>;

