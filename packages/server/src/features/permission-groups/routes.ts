import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers, idParamSchema, pageQuerySchema } from '@encuestas/core/api/common';
import { permissionGroupAnswerSchema, permissionGroupSchema, permissionGroupsPageSchema } from '@encuestas/core/api/users';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { createGroup, deleteGroup, listGroups, updateGroup } from './service';

export function permissionGroupRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/permissions-groups',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewUsers },
        schema: { tags: ['users'], querystring: pageQuerySchema, response: answers({ 200: permissionGroupsPageSchema }) },
      },
      async (request) => listGroups(db, request.query),
    );

    app.post(
      '/permissions-groups',
      { config: { auth: 'admin', permission: PERMISSIONS.manageUsers }, schema: { tags: ['users'], body: permissionGroupSchema, response: answers({ 201: permissionGroupAnswerSchema }) } },
      async (request, reply) =>
        reply.status(201).send({ permissions_group: await createGroup(db, requireAdmin(request), request.body) }),
    );

    app.put(
      '/permissions-groups/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, body: permissionGroupSchema, response: answers({ 200: permissionGroupAnswerSchema }) },
      },
      async (request) => ({ permissions_group: await updateGroup(db, requireAdmin(request), request.params.id, request.body) }),
    );

    app.delete(
      '/permissions-groups/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, response: answers({ 204: z.undefined().describe('Grupo eliminado') }) },
      },
      async (request, reply) => {
        await deleteGroup(db, requireAdmin(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
