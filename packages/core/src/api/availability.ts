/**
 * The availability lists of spec §3 as the respondent's list reads them.
 * Kept apart from surveys.ts (which re-exports it) because it needs no zod:
 * the list page loads this and no validation code.
 */
import type { SurveyKindId } from '../survey-kinds';

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
  /** About how long answering takes (core estimatedMinutes over what is left to answer). */
  estimatedMinutes: number;
  /** Teacher evaluation: position in the student's list (the route's {index}), class and teacher. */
  index?: number;
  className?: string;
  teacher?: { id: number; full_name: string };
}

export type Availability = Record<AvailabilityList, AvailableSurvey[]>;

// The survey pages show these two; they are here (no zod) so those pages load no schema code.
export const ALREADY_ANSWERED_MESSAGE = 'Esta encuesta ya fue respondida. ¡Gracias por participar!';
export const SURVEY_NOT_AVAILABLE_MESSAGE = 'Esta encuesta no está disponible en este momento.';
