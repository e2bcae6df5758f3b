/**
 * The audit log ('Bitácora'): read-only, platform-wide, with 'Ver Bitácora'.
 * Entries are not limited to the viewer's campuses (docs/permissions.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActionsAnswerSchema, auditActorsAnswerSchema, auditLogPageSchema, listAuditLogQuerySchema } from '@encuestas/core/api/audit';
import { answers } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { listAuditActions, listAuditActors, listAuditLog } from './log';

export function auditRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'admin', permission: PERMISSIONS.viewAuditLog } as const;

    app.get(
      '/audit-log',
      { config, schema: { tags: ['audit'], querystring: listAuditLogQuerySchema, response: answers({ 200: auditLogPageSchema }) } },
      async (request) => listAuditLog(db, request.query),
    );

    app.get('/audit-log/actions', { config, schema: { tags: ['audit'], response: answers({ 200: auditActionsAnswerSchema }) } }, async () => ({
      actions: await listAuditActions(db),
    }));

    app.get('/audit-log/actors', { config, schema: { tags: ['audit'], response: answers({ 200: auditActorsAnswerSchema }) } }, async () => ({
      actors: await listAuditActors(db),
    }));
  };
}
