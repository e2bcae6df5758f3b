import type { ListAuditLogQuery } from '@encuestas/core/api/audit';

/** React Query keys of the 'Bitácora' screen. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: ListAuditLogQuery) => ['audit-log', 'list', query] as const,
  actions: ['audit-log', 'actions'] as const,
  actors: ['audit-log', 'actors'] as const,
};
