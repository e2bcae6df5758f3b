import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activeAnswerSchema,
  activesAnswerSchema,
  activesPageSchema,
  copyPreviousTermResponseSchema,
  copyPreviousTermSchema,
  createActiveSchema,
  createActivesBatchSchema,
  listActivesQuerySchema,
  updateActiveSchema,
} from '@encuestas/core/api/actives';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { copyPreviousTerm } from './copy-term';
import { createActive, createActives, getActive, listActives, listActivesInProgress, updateActive } from './service';

export function activeRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/active/cicles', { config: { auth: 'admin' }, schema: { tags: ['actives'], response: answers({ 200: activesAnswerSchema }) } }, async (request) => ({
      actives: await listActivesInProgress(db, requireAdmin(request).campusIds),
    }));

    app.get(
      '/actives',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewActives },
        schema: { tags: ['actives'], querystring: listActivesQuerySchema, response: answers({ 200: activesPageSchema }) },
      },
      async (request) => listActives(db, requireAdmin(request), request.query),
    );

    app.get(
      '/active/:id',
      { config: { auth: 'admin', permission: PERMISSIONS.viewActives }, schema: { tags: ['actives'], params: idParamSchema, response: answers({ 200: activeAnswerSchema }) } },
      async (request) => ({ active: await getActive(db, requireAdmin(request), request.params.id) }),
    );

    app.post(
      '/actives',
      { config: { auth: 'admin', permission: PERMISSIONS.createActives }, schema: { tags: ['actives'], body: createActiveSchema, response: answers({ 201: activeAnswerSchema }) } },
      async (request, reply) => {
        const active = await createActive(db, requireAdmin(request), request.body);
        return reply.status(201).send({ active });
      },
    );

    app.post(
      '/actives/batch',
      {
        config: { auth: 'admin', permission: PERMISSIONS.createActives },
        schema: { tags: ['actives'], body: createActivesBatchSchema, response: answers({ 201: activesAnswerSchema }) },
      },
      async (request, reply) => {
        const created = await createActives(db, requireAdmin(request), request.body);
        return reply.status(201).send({ actives: created });
      },
    );

    // One endpoint for the preview and the copy: both need the right to create applications.
    app.post(
      '/actives/copy-previous',
      {
        config: { auth: 'admin', permission: PERMISSIONS.createActives },
        schema: { tags: ['actives'], body: copyPreviousTermSchema, response: answers({ 200: copyPreviousTermResponseSchema, 201: copyPreviousTermResponseSchema }) },
      },
      async (request, reply) => {
        const result = await copyPreviousTerm(db, requireAdmin(request), request.body);
        return reply.status(result.actives.length > 0 ? 201 : 200).send(result);
      },
    );

    app.put(
      '/actives/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.editActives },
        schema: { tags: ['actives'], params: idParamSchema, body: updateActiveSchema, response: answers({ 200: activeAnswerSchema }) },
      },
      async (request) => ({ active: await updateActive(db, requireAdmin(request), request.params.id, request.body) }),
    );
  };
}
