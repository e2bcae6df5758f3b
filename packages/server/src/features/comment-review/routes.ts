import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import {
  commentDecisionAnswerSchema,
  commentDecisionBodySchema,
  commentDecisionParamsSchema,
  commentReviewApplicationsSchema,
  commentReviewParamsSchema,
  commentReviewQuerySchema,
  commentReviewQueueSchema,
} from '@encuestas/core/api/comment-review';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { commentReviewApplications, commentReviewQueue, decideComment } from './service';

/**
 * The comment review queue of an application (issue 21), for 'Revisar
 * Comentarios' with the application's campus and teacher evaluation granted.
 * Reads and writes the primary: a decision must show at once.
 */
export function commentReviewRoutes(db: Database, settings: { minGroupSize: number }): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'admin' as const, permission: PERMISSIONS.reviewComments };
    app.get(
      '/comment-review',
      { config, schema: { tags: ['comment-review'], response: answers({ 200: commentReviewApplicationsSchema }) } },
      async (request) => commentReviewApplications(db, requireAdmin(request)),
    );
    app.get(
      '/comment-review/:activeId',
      { config, schema: { tags: ['comment-review'], params: commentReviewParamsSchema, querystring: commentReviewQuerySchema, response: answers({ 200: commentReviewQueueSchema }) } },
      async (request) => commentReviewQueue(db, requireAdmin(request), settings.minGroupSize, request.params.activeId, request.query),
    );
    app.put(
      '/comment-review/:activeId/comments/:key',
      {
        config,
        schema: { tags: ['comment-review'], params: commentDecisionParamsSchema, body: commentDecisionBodySchema, response: answers({ 200: commentDecisionAnswerSchema }) },
      },
      async (request) => decideComment(db, requireAdmin(request), settings.minGroupSize, request.params.activeId, request.params.key, request.body),
    );
  };
}
