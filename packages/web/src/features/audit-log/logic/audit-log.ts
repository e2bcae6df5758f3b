import type { AuditActor, AuditLogEntry, ListAuditLogQuery } from '@encuestas/core/api/audit';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import { pagingQuery, type Paging } from '../../../components/paging/paging';
import { DIRECTORY_ENTITY_INFO } from '../../directory-import';

/** Spanish names of the recorded actions; an action not listed shows its code. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  enable: 'Habilitación',
  disable: 'Deshabilitación',
  'set-access': 'Cambio de permisos',
  'change-password': 'Cambio de contraseña',
  'suggestion-box': 'Apertura o cierre del buzón',
  close: 'Cierre',
  contact: 'Marcado como contactado',
  import: 'Importación',
  login: 'Inicio de sesión',
  'login-failed': 'Inicio de sesión fallido',
  'login-throttled': 'Inicio de sesión frenado por intentos fallidos',
  'institution-sign-in-failed': 'Inicio de sesión con la cuenta de la institución rechazado',
  logout: 'Cierre de sesión',
  'password-reset-requested': 'Solicitud de restablecimiento de contraseña',
  'password-reset': 'Restablecimiento de contraseña',
  'send-reminders': 'Envío de recordatorios',
  rename: 'Cambio de nombre',
  cycles: 'Cambio de tipos de encuesta',
};

export function actionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/** The action filter's options, in Spanish alphabetical order. */
export function actionOptions(actions: readonly string[]): { value: string; label: string }[] {
  return actions
    .map((value) => ({ value, label: actionLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

const ENTITY_LABELS: Readonly<Record<string, string>> = {
  user: 'Usuario',
  permission_group: 'Grupo de permisos',
  periodo: 'Periodo Power Campus',
  active: 'Periodo de encuestas',
  campus: 'Campus',
  suggestion: 'Sugerencia',
  nom035_referral: 'Canalización NOM-035',
  reminder_job: 'Recordatorios',
  respondent: 'Persona encuestada',
  institution: 'Institución',
};

const DIRECTORY_PREFIX = 'directory:';

/** 'Usuario', 'Directorio: alumnos'; an entity not listed shows its code. */
export function entityLabel(entity: string): string {
  if (entity.startsWith(DIRECTORY_PREFIX)) {
    const name = entity.slice(DIRECTORY_PREFIX.length);
    const info = DIRECTORY_ENTITY_INFO.find((e) => e.entity === name);
    return `Directorio: ${(info?.label ?? name).toLowerCase()}`;
  }
  return ENTITY_LABELS[entity] ?? entity;
}

/** 'Usuario #12', or just 'Directorio: alumnos' when the entry names no single record. */
export function entityText(entry: Pick<AuditLogEntry, 'entity' | 'entity_id'>): string {
  const label = entityLabel(entry.entity);
  return entry.entity_id ? `${label} #${entry.entity_id}` : label;
}

/** Who made the change; an entry without a known user (a failed login) says so. */
export function actorName(actor: AuditActor | null): string {
  return actor ? actor.full_name || actor.email : 'Sin usuario';
}

function summaryValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const primitives = value.every((item) => item === null || typeof item !== 'object');
    if (primitives) return value.map(summaryValue).join(', ');
    return `${value.length} ${value.length === 1 ? 'elemento' : 'elementos'}`;
  }
  if (typeof value === 'object') return '{…}';
  return String(value);
}

/** The details on one line ('email: ana@x.mx · avalible: no'), cut with '…' past `max` characters. */
export function detailsSummary(details: Record<string, unknown> | null | undefined, max = 80): string {
  const text = Object.entries(details ?? {})
    .map(([key, value]) => `${key}: ${summaryValue(value)}`)
    .join(' · ')
    .replace(/\s+/g, ' ');
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Whether an entry has details worth opening in full. */
export function hasDetails(entry: Pick<AuditLogEntry, 'details'>): boolean {
  return Object.keys(entry.details ?? {}).length > 0;
}

/** The details as indented JSON, for the detail dialog. */
export function detailsJson(details: Record<string, unknown> | null | undefined): string {
  return JSON.stringify(details ?? {}, null, 2);
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
