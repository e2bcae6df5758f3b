import type { AuditActor, AuditLogEntry, ListAuditLogQuery } from '@encuestas/core/api/audit';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import { auditActionLabel } from '@encuestas/core/audit-log';
import { pagingQuery, type Paging } from '../../../components/paging/paging';

/** The action's Spanish name (core/src/audit-log.ts); an action not listed shows its code. */
export const actionLabel = auditActionLabel;

/** The action filter's options, in Spanish alphabetical order. */
export function actionOptions(actions: readonly string[]): { value: string; label: string }[] {
  return actions
    .map((value) => ({ value, label: actionLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/** Who made the change; an entry without a known user (a failed login) says so. */
export function actorName(actor: AuditActor | null): string {
  return actor ? actor.full_name || actor.email : 'Sin usuario';
}

/** What a value before reads when an older entry did not record it. */
export const NOT_RECORDED = 'No registrado';

/** The fields on one line ('Final de encuestas: 01/01/2027 → 20/11/2026 · Campus: Puebla'), cut with '…' past `max` characters. */
export function fieldsSummary(entry: Pick<AuditLogEntry, 'changes' | 'facts'>, max = 120): string {
  const text = [
    ...entry.changes.map((change) => `${change.label}: ${change.before ?? NOT_RECORDED} → ${change.after}`),
    ...entry.facts.map((fact) => `${fact.label}: ${fact.value}`),
  ]
    .join(' · ')
    .replace(/\s+/g, ' ');
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Whether an entry has fields worth opening in full. */
export function hasDetails(entry: Pick<AuditLogEntry, 'changes' | 'facts'>): boolean {
  return entry.changes.length > 0 || entry.facts.length > 0;
}

/** What the filter bar holds; null or '' for 'all'. */
export interface AuditLogFilters {
  userId: number | null;
  action: string;
  /** First day (YYYY-MM-DD, Mexico City), included. */
  from: string | null;
  /** Last day (YYYY-MM-DD, Mexico City), included. */
  to: string | null;
}

export const INITIAL_AUDIT_LOG_FILTERS: AuditLogFilters = { userId: null, action: '', from: null, to: null };

/** The message for a 'Hasta' before 'Desde', or null. */
export function dateRangeError(filters: Pick<AuditLogFilters, 'from' | 'to'>): string | null {
  return filters.from && filters.to && filters.to < filters.from ? END_BEFORE_START_MESSAGE : null;
}

/**
 * The GET /audit-log query: the UI's zero-based page plus one and only the
 * filters that narrow the list; a 'Hasta' before 'Desde' is left out (the
 * field shows why) rather than sent for a 422.
 */
export function auditLogQuery(filters: AuditLogFilters, paging: Paging): ListAuditLogQuery {
  const validTo = filters.to && !dateRangeError(filters) ? filters.to : null;
  return {
    ...pagingQuery(paging),
    ...(filters.userId != null ? { userId: filters.userId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(validTo ? { to: validTo } : {}),
  };
}

/** Whether any filter is set (the empty list then says so). */
export function hasActiveFilters(filters: AuditLogFilters): boolean {
  return filters.userId != null || filters.action !== '' || filters.from != null || filters.to != null;
}
