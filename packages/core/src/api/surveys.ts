import { z } from 'zod';
import { idSchema, textSchema } from '../validation';

// The availability contract lives in a module without zod, so the list of surveys loads no validation code.
export {
  ALREADY_ANSWERED_MESSAGE,
  AVAILABILITY_FLAGS,
  AVAILABILITY_LISTS,
  SURVEY_NOT_AVAILABLE_MESSAGE,
  type Availability,
  type AvailabilityList,
  type AvailableSurvey,
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
export interface SubmitResponseResult {
  /** NOM-035 Guía I: the worker will be contacted for a clinical evaluation. */
  referral?: boolean;
}

