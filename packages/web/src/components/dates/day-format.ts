import { BUSINESS_TIME_ZONE, displayDay, lazyFormatter } from '@encuestas/core/dates';

/** How days are shown and typed in the back office. */
export const DAY_DISPLAY_FORMAT = 'DD/MM/YYYY';

/** '2026-03-15' → '15/03/2026' (core's `displayDay`). Anything else is returned unchanged. */
export function formatIsoDay(day: string | null | undefined): string {
  if (!day) return '';
  const match = /^\d{4}-\d{2}-\d{2}/.exec(day);
  return match ? displayDay(match[0]) : day;
}

const mexicoDateFormatter = lazyFormatter('es-MX', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** An ISO instant as its Mexico City day in es-MX ('2026-03-15T06:00:00Z' → '15/03/2026'). */
export function formatInstantEsMx(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : mexicoDateFormatter().format(date);
}

const mexicoDateTimeFormatter = lazyFormatter('es-MX', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as Mexico City date and time in es-MX ('2026-03-16T05:30:00Z' → '15/03/2026, 23:30:00'). */
export function formatInstantDateTimeEsMx(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : mexicoDateTimeFormatter().format(date);
}
