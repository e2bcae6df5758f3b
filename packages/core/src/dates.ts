/** Dates of the business live in America/Mexico_City (spec §9). */
export const BUSINESS_TIME_ZONE = 'America/Mexico_City';

/**
 * A formatter made on first use: the first Intl formatter of a page loads the
 * browser's locale data, ~15 ms of a phone's first paint, which pages that
 * show no date (the sign-in page) need not pay.
 */
export function lazyFormatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(locale, options));
}

const isoDayFormatter = lazyFormatter('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let cachedMinute = Number.NaN;
let cachedDay = '';

/**
 * The calendar day (YYYY-MM-DD) that `instant` falls on in Mexico City. The
 * day changes only on a whole minute (its offsets have been whole hours since 1922), so
 * the last minute's answer is kept: every submission asks, and formatting
 * through Intl costs more than the rest of its date handling.
 */
export function mexicoCityDay(instant: Date = new Date()): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute !== cachedMinute) {
    cachedDay = isoDayFormatter().format(instant);
    cachedMinute = minute;
  }
  return cachedDay;
}

export type ActiveStatus = 'upcoming' | 'inProgress' | 'finished';

/**
 * Status of a survey application from its start and end days. The end day
 * counts through 23:59:59.999 Mexico City time, which is the same as comparing
 * calendar days in that zone.
 */
export function activeStatus(
  startDay: string,
  endDay: string,
  now: Date = new Date(),
): ActiveStatus {
  const today = mexicoCityDay(now);
  if (today < startDay) return 'upcoming';
  if (today <= endDay) return 'inProgress';
  return 'finished';
}

/** YYYY-MM-DD that is a real calendar date. */
export function isIsoDay(value: string): boolean {
  // Year 0000 is a JavaScript date but not a PostgreSQL one (it counts 1 BC).
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The first and last days a YYYY-MM-DD day can name. */
const FIRST_DAY = '0001-01-01';
const LAST_DAY = '9999-12-31';

/**
 * Adds whole days to a YYYY-MM-DD day, kept within 0001-01-01 … 9999-12-31:
 * past them a date has no four-digit year (an application saved to end
 * 9999-12-31 and copied to a later term keeps that end).
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const moved = date.toISOString().slice(0, 10);
  if (!isIsoDay(moved)) return days > 0 ? LAST_DAY : FIRST_DAY;
  return moved;
}

/** DD/MM/YYYY, as dates are shown to people in Mexico. */
export function displayDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** «12 de marzo de 2027»: a day in a sentence. */
export function longDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${Number(date)} de ${MONTHS[Number(month) - 1]} de ${year}`;
}

const wallClockFormatter = lazyFormatter('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Mexico City's offset from UTC at `instant`, in milliseconds (−6 h today; −5 h in past summers). */
function mexicoCityOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    wallClockFormatter().formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  );
  const wallClockAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  // The formatter drops milliseconds, so compare with the instant's whole second.
  return wallClockAsUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a YYYY-MM-DD day begins in Mexico City, so a day's range is
 * [start of day, start of the next day). Daylight saving there always
 * changed at 02:00, so midnight existed exactly once on every day.
 */
export function mexicoCityDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - mexicoCityOffsetMs(utcMidnight);
  return new Date(utcMidnight - mexicoCityOffsetMs(guess));
}
