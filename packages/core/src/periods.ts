/** PowerCampus period names: four digits then one or two capital letters (spec §5). */
export const PERIOD_NAME_PATTERN = /^\d{4}[A-Z]{1,2}$/;
export const PERIOD_NAME_MESSAGE = 'El periodo debe tener el formato válido de Power Campus (Ej: 2021A)';

export function isPeriodName(value: string): boolean {
  return PERIOD_NAME_PATTERN.test(value);
}

/**
 * The period a back-office screen opens with (issue 20: «Resultados» chose
 * none): the latest that began by `today` (YYYY-MM-DD, Mexico City), so the
 * one under way; null when none has begun.
 */
export function currentPeriodo<P extends { fecha_inicio: string }>(periodos: readonly P[], today: string): P | null {
  let current: P | null = null;
  for (const periodo of periodos) if (periodo.fecha_inicio <= today && (!current || periodo.fecha_inicio > current.fecha_inicio)) current = periodo;
  return current;
}
