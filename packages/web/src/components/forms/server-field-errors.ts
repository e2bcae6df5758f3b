import { ApiError } from '../../api/api-error';

/**
 * The 422 field messages that belong to a form's own fields, each field's
 * messages joined by commas: `{ email: 'Ya existe un usuario con el correo …' }`.
 * Fields the form does not have are left out (show them with errorMessage()).
 */
export function serverFieldErrors<F extends string>(error: unknown, formFields: readonly F[]): Partial<Record<F, string>> {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.fields) return {};
  const result: Partial<Record<F, string>> = {};
  for (const field of formFields) {
    const messages = (error.fields[field] ?? []).filter((m) => m.trim() !== '');
    if (messages.length > 0) result[field] = messages.join(', ');
  }
  return result;
}

/** Whether a 422 carries messages for any of the form's own fields (those show under their fields, not in an alert). */
export function hasServerFieldErrors(error: unknown, formFields: readonly string[]): boolean {
  return Object.keys(serverFieldErrors(error, formFields)).length > 0;
}
