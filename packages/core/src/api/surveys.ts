import { z } from 'zod';
import type { SurveyKindId } from '../survey-kinds';
import { idSchema, textSchema } from '../validation';

/** The availability lists of spec §3; an empty one is a 204 and that kind shows as not available. */
export const AVAILABILITY_LISTS = [
  'encuestas',
  'encuestasDocente',
  'encuestasTarget',
  'encuestasComunicacionDocente',
  'encuestasAdministrators',
] as const;
export type AvailabilityList = (typeof AVAILABILITY_LISTS)[number];

/** The flag of spec §3 that each list sets when not empty. */
export const AVAILABILITY_FLAGS: Record<AvailabilityList, 'active' | 'teacherActive' | 'targetActive' | 'administratorsActive'> = {
  encuestas: 'active',
  encuestasDocente: 'active',
  encuestasTarget: 'targetActive',
  encuestasComunicacionDocente: 'teacherActive',
  encuestasAdministrators: 'administratorsActive',
};

export interface AvailableSurvey {
  activeId: number;
  cicleId: number;
  cicleName: string;
  kind: SurveyKindId;
  /** Last day to answer (YYYY-MM-DD, inclusive). */
  endActive: string;
  /** What is answered within the cycle: a class id for teacher evaluation, the NOM-035 guide, '' otherwise. */
  subject: string;
  done: boolean;
  /** Teacher evaluation: position in the student's list (the route's {index}), class and teacher. */
  index?: number;
  className?: string;
  teacher?: { id: number; full_name: string };
}

export type Availability = Record<AvailabilityList, AvailableSurvey[]>;

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
export interface SubmitResponseResult {
  /** NOM-035 Guía I: the worker will be contacted for a clinical evaluation. */
  referral?: boolean;
}

export const ALREADY_ANSWERED_MESSAGE = 'Ya respondiste esta encuesta. ¡Gracias por tu participación!';
export const SURVEY_NOT_AVAILABLE_MESSAGE = 'Esta encuesta no está disponible para ti en este momento.';
