import type { ReportsFreshness } from '@encuestas/core/api/reports';
import { BUSINESS_TIME_ZONE, lazyFormatter } from '@encuestas/core/dates';

const dayFormatter = lazyFormatter('es-MX', { timeZone: BUSINESS_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const timeFormatter = lazyFormatter('es-MX', { timeZone: BUSINESS_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A replica this far behind gets a word that later answers may be missing; less is within the minute shown. */
const BEHIND_MS = 60_000;

/**
 * The line under a report's title when its figures come from a read replica
 * (GET /reports/freshness): when they were current, in Mexico City time.
 * Null when they come from the primary (current, so nothing to say).
 */
export function figuresFreshnessNote(freshness: ReportsFreshness | undefined, now: Date = new Date()): string | null {
  if (!freshness || freshness.source === 'primary') return null;
  if (freshness.asOf === null) return 'Cifras de una copia de lectura: lo registrado recientemente puede tardar en aparecer.';
  const asOf = new Date(freshness.asOf);
  const when = `${dayFormatter().format(asOf)} ${timeFormatter().format(asOf)}`;
  const behind = !freshness.current && now.getTime() - asOf.getTime() >= BEHIND_MS;
  return behind ? `Cifras al ${when} (copia de lectura); lo registrado después puede tardar en aparecer.` : `Cifras al ${when} (copia de lectura)`;
}
