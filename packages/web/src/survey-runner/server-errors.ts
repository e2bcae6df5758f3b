import { ApiError } from '../api/api-error';
import type { ItemErrors } from './step-navigation';

export interface MappedServerErrors {
  /** Messages of the questionnaire's items, by item id. */
  items: ItemErrors;
  /** Messages that belong to no item of this questionnaire, to show above the form. */
  general: string[];
}

const ANSWER_FIELD = /^answers\.(.+)$/;

/**
 * A 422 of POST /respondents/responses names each bad answer
 * `answers.<itemId>`; those go to their item, the rest to the form.
 */
export function mapSubmissionFieldErrors(
  fields: Record<string, string[]> | undefined,
  itemIds: Iterable<string>,
): MappedServerErrors {
  const known = new Set(itemIds);
  const result: MappedServerErrors = { items: {}, general: [] };
  for (const [field, messages] of Object.entries(fields ?? {})) {
    const clean = (Array.isArray(messages) ? messages : [String(messages)]).filter((m) => m.trim() !== '');
    if (clean.length === 0) continue;
    const itemId = ANSWER_FIELD.exec(field)?.[1];
    if (itemId !== undefined && known.has(itemId)) (result.items[itemId] ??= []).push(...clean);
    else result.general.push(...clean);
  }
  result.general = [...new Set(result.general)];
  return result;
}

export type SubmissionFailure =
  | { type: 'alreadyAnswered'; message: string }
  | { type: 'conflict'; message: string }
  | { type: 'notAvailable'; message: string }
  | { type: 'invalid'; message: string; errors: MappedServerErrors }
  | { type: 'retryable'; message: string };

/**
 * What a failed submission means for the form: 409 already answered (the
 * draft goes), another 409 (Guía I first), 403 not available, 422 answers
 * to fix, and anything else (no connection, 5xx) worth retrying with the
 * same idempotency key.
 */
export function classifySubmissionError(
  error: unknown,
  itemIds: Iterable<string>,
  alreadyAnsweredMessage: string,
): SubmissionFailure {
  if (error instanceof ApiError) {
    if (error.status === 409) {
      return error.message === alreadyAnsweredMessage
        ? { type: 'alreadyAnswered', message: error.message }
        : { type: 'conflict', message: error.message };
    }
    if (error.status === 403) return { type: 'notAvailable', message: error.message };
    if (error.status === 422) {
      return { type: 'invalid', message: error.message, errors: mapSubmissionFieldErrors(error.fields, itemIds) };
    }
    if (error.status === 0) return { type: 'retryable', message: error.message };
    if (error.status === 429 || error.status >= 500) {
      return { type: 'retryable', message: 'No se pudieron registrar las respuestas por un problema del servidor. Siguen guardadas en este dispositivo.' };
    }
    return { type: 'retryable', message: error.message };
  }
  return { type: 'retryable', message: 'Algo salió mal al enviar. Las respuestas siguen guardadas en este dispositivo.' };
}
