/** PowerCampus period names: four digits then one or two capital letters (spec §5). */
export const PERIOD_NAME_PATTERN = /^\d{4}[A-Z]{1,2}$/;
export const PERIOD_NAME_MESSAGE = 'El periodo debe tener el formato válido de Power Campus (Ej: 2021A)';

export function isPeriodName(value: string): boolean {
  return PERIOD_NAME_PATTERN.test(value);
}
