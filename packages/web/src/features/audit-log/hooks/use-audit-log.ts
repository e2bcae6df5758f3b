import type { ListAuditLogQuery } from '@encuestas/core/api/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAuditActions, fetchAuditActors, fetchAuditLogPage } from '../api/audit-log-api';
import { auditLogKeys } from '../api/audit-log-keys';

/** One page of the log; the previous page stays on screen while the next loads. */
export function useAuditLogPage(query: ListAuditLogQuery) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => fetchAuditLogPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActions() {
  return useQuery({ queryKey: auditLogKeys.actions, queryFn: ({ signal }) => fetchAuditActions(signal) });
}

export function useAuditActors() {
  return useQuery({ queryKey: auditLogKeys.actors, queryFn: ({ signal }) => fetchAuditActors(signal) });
}
