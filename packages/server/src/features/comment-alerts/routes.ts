import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendAlertAnswerSchema,
  attendAlertBodySchema,
  commentAlertParamsSchema,
  commentAlertsPageSchema,
  commentAlertsQuerySchema,
} from '@encuestas/core/api/comment-alerts';
import { answers } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { attendCommentAlert, listCommentAlerts } from './service';

/**
 * The comment alerts (issue 21), for 'Atender Alertas de Comentarios' within
 * the user's campus and survey-type grants. Reads the primary: an alert
 * folded a moment ago, or one just marked «Atendida», shows at once.
 */
export function commentAlertRoutes(db: Database, settings: { minGroupSize: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'admin' as const, permission: PERMISSIONS.attendCommentAlerts };
    app.get(
      '/comment-alerts',
      { config, schema: { tags: ['comment-alerts'], querystring: commentAlertsQuerySchema, response: answers({ 200: commentAlertsPageSchema }) } },
      async (request) => listCommentAlerts(db, requireAdmin(request), settings.minGroupSize, request.query),
    );
    app.put(
      '/comment-alerts/:activeId/:key',
      {
        config,
        schema: { tags: ['comment-alerts'], params: commentAlertParamsSchema, body: attendAlertBodySchema, response: answers({ 200: attendAlertAnswerSchema }) },
      },
      async (request) => attendCommentAlert(db, requireAdmin(request), settings.minGroupSize, request.params.activeId, request.params.key, request.body),
    );
  };
}
