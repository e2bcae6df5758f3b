/**
 * The availability lists of spec §3 as the respondent's list reads them.
 * Kept apart from surveys.ts (which re-exports it) because it needs no zod:
 * the list page loads this and no validation code (its types come from
 * surveys.ts's schemas, type-only).
 */

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

// The schema of an available survey is in surveys.ts (zod); its type comes from there, erased from this module's code.
export type { AvailableSurvey } from './surveys';
import type { AvailableSurvey } from './surveys';

export type Availability = Record<AvailabilityList, AvailableSurvey[]>;

// The survey pages show these two; they are here (no zod) so those pages load no schema code.
export const ALREADY_ANSWERED_MESSAGE = 'Esta encuesta ya fue respondida. ¡Gracias por participar!';
export const SURVEY_NOT_AVAILABLE_MESSAGE = 'Esta encuesta no está disponible en este momento.';
