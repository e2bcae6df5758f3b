import { ApiError, errorMessage } from '../../../api/api-error';
import { createPeriodSchema, type CreatePeriodRequest } from '@encuestas/core/api/periods';

/** The 'Nuevo' tab of 'Periodos Power Campus'. Days are YYYY-MM-DD or null. */
export interface PeriodFormValues {
  nombre: string;
  fecha_inicio: string | null;
  fecha_fin: string | null;
}

export type PeriodField = keyof PeriodFormValues;
export type PeriodFormErrors = Partial<Record<PeriodField, string>>;

export const EMPTY_PERIOD_FORM: PeriodFormValues = { nombre: '', fecha_inicio: null, fecha_fin: null };

export const CREATE_PERIOD_SUCCESS = 'Periodo creado correctamente';
export const CREATE_PERIOD_FAILURE = 'Error al crear el periodo';

/** Period names are typed in capitals (spec §5): '2026a' becomes '2026A' as it is typed. */
export function toPeriodNameInput(raw: string): string {
  return raw.toUpperCase();
}

export function toCreatePeriodRequest(values: PeriodFormValues): CreatePeriodRequest {
  return { nombre: values.nombre, fecha_inicio: values.fecha_inicio ?? '', fecha_fin: values.fecha_fin ?? '' };
}

/** The first message per field from the same schema the server uses. Empty when the form is valid. */
export function periodFormErrors(values: PeriodFormValues): PeriodFormErrors {
  const result = createPeriodSchema.safeParse(toCreatePeriodRequest(values));
  if (result.success) return {};
  const errors: PeriodFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'nombre' || field === 'fecha_inicio' || field === 'fecha_fin') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** Spec §8: the server's field messages joined by commas on 422, otherwise 'Error al crear el periodo'. */
export function createPeriodFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422 && error.fields) return errorMessage(error);
  return CREATE_PERIOD_FAILURE;
}
