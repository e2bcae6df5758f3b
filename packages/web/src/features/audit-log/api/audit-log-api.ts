import type { AuditActionsAnswer, AuditActor, AuditActorsAnswer, AuditLogPage, ListAuditLogQuery } from '@encuestas/core/api/audit';
import { apiRequest } from '../../../api/client';

/** GET /audit-log, one page, newest first. */
export function fetchAuditLogPage(query: ListAuditLogQuery, signal?: AbortSignal): Promise<AuditLogPage> {
  return apiRequest<AuditLogPage>('/audit-log', { query: { ...query }, signal });
}

/** GET /audit-log/actions: every action recorded, for the action filter. */
export async function fetchAuditActions(signal?: AbortSignal): Promise<string[]> {
  return (await apiRequest<AuditActionsAnswer>('/audit-log/actions', { signal })).actions;
}

/** GET /audit-log/actors: the users who appear in the log, for the user filter. */
export async function fetchAuditActors(signal?: AbortSignal): Promise<AuditActor[]> {
  return (await apiRequest<AuditActorsAnswer>('/audit-log/actors', { signal })).actors;
}
