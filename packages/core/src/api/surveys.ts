import { z } from 'zod';
import { idSchema, textSchema } from '../validation';
import { AVAILABILITY_LISTS, type AvailabilityList } from './availability';
import { surveyKindIdSchema } from './reports';

// The availability contract lives in a module without zod, so the list of surveys loads no validation code.
export {
  ALREADY_ANSWERED_MESSAGE,
  AVAILABILITY_FLAGS,
  AVAILABILITY_LISTS,
  SURVEY_NOT_AVAILABLE_MESSAGE,
  type Availability,
  type AvailabilityList,
} from './availability';

export const submitResponseSchema = z.object({
  activeId: idSchema('Falta el periodo de encuestas'),
  cicleId: idSchema('Falta el tipo de encuesta'),
  subject: textSchema().max(20).default(''),
  /** Generated once per form by the client; a retry with the same key returns the first result. */
  idempotencyKey: textSchema({ error: 'Falta la clave de envío' }).min(8).max(100),
  answers: z.record(z.string(), z.unknown()),
});
export type SubmitResponseRequest = z.input<typeof submitResponseSchema>;

/** The answer to a submission (201) or its replay (200). No date: completions keep none (docs/privacy.md). */
export const submitResponseResultSchema = z.object({
  /** NOM-035 Guía I: the worker will be contacted for a clinical evaluation. */
  referral: z.boolean().optional(),
});
export type SubmitResponseResult = z.infer<typeof submitResponseResultSchema>;

export const availableSurveySchema = z.object({
  activeId: z.number(),
  cicleId: z.number(),
  cicleName: z.string(),
  kind: surveyKindIdSchema,
  /** Last day to answer (YYYY-MM-DD, inclusive). */
  endActive: z.string(),
  /** What is answered within the cycle: a class id for teacher evaluation, the NOM-035 guide, '' otherwise. */
  subject: z.string(),
  done: z.boolean(),
  /** About how long answering takes (core estimatedMinutes over what is left to answer). */
  estimatedMinutes: z.number(),
  /** Teacher evaluation: position in the student's list (the route's {index}), class and teacher. */
  index: z.number().optional(),
  className: z.string().optional(),
  teacher: z.object({ id: z.number(), full_name: z.string() }).optional(),
  /**
   * Teacher evaluation: what the teacher wrote they would do with the results of an earlier term
   * (features/teacher-reflections), shown before the student starts; absent when they wrote nothing.
   */
  reflection: z.object({ text: z.string(), periodo: z.object({ id: z.number(), nombre: z.string() }) }).optional(),
});
export type AvailableSurvey = z.infer<typeof availableSurveySchema>;
export type EarlierReflection = NonNullable<AvailableSurvey['reflection']>;

const availableSurveysSchema = z.array(availableSurveySchema);
/** GET /respondents/availability: every list of spec §3. */
export const availabilityAnswerSchema = z.object(
  Object.fromEntries(AVAILABILITY_LISTS.map((list) => [list, availableSurveysSchema])) as Record<AvailabilityList, typeof availableSurveysSchema>,
);
/** GET /respondents/availability/{list}: one list, under its name (a 204 when empty). */
export const availabilityListAnswerSchema = z.object(
  Object.fromEntries(AVAILABILITY_LISTS.map((list) => [list, availableSurveysSchema.optional()])) as Record<AvailabilityList, z.ZodOptional<typeof availableSurveysSchema>>,
);
