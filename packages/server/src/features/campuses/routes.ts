import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campusAnswerSchema,
  campusAvailabilityBodySchema,
  campusCyclesAnswerSchema,
  campusCyclesBodySchema,
  campusNameBodySchema,
  campusesAnswerSchema,
  grantedCampusesSchema,
} from '@encuestas/core/api/campuses';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import {
  createCampus,
  getCampus,
  grantedCampusCycles,
  grantedCampuses,
  listCampuses,
  renameCampus,
  setCampusCycles,
  setCampusEnabled,
} from './service';

export function campusRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/campus', { config: { auth: 'admin' }, schema: { tags: ['campus'], response: answers({ 200: campusesAnswerSchema }) } }, async () => ({
      campuses: await listCampuses(db),
    }));

    // allCampuses tells a screen whether 'Todos los campus' is true for this user, or only their granted ones.
    app.get('/campus/permissions', { config: { auth: 'admin' }, schema: { tags: ['campus'], response: answers({ 200: grantedCampusesSchema }) } }, async (request) =>
      grantedCampuses(db, requireAdmin(request)),
    );

    app.get(
      '/campus/:id',
      { config: { auth: 'admin' }, schema: { tags: ['campus'], params: idParamSchema, response: answers({ 200: campusAnswerSchema }) } },
      async (request) => ({ campus: await getCampus(db, requireAdmin(request), request.params.id) }),
    );

    app.post(
      '/campus',
      { config: { auth: 'admin', permission: PERMISSIONS.manageCampuses }, schema: { tags: ['campus'], body: campusNameBodySchema, response: answers({ 201: campusAnswerSchema }) } },
      async (request, reply) => reply.status(201).send({ campus: await createCampus(db, requireAdmin(request), request.body.nombre) }),
    );

    app.put(
      '/campus/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampuses },
        schema: { tags: ['campus'], params: idParamSchema, body: campusNameBodySchema, response: answers({ 200: campusAnswerSchema }) },
      },
      async (request) => ({ campus: await renameCampus(db, requireAdmin(request), request.params.id, request.body.nombre) }),
    );

    app.put(
      '/campus/:id/avalible',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampuses },
        schema: { tags: ['campus'], params: idParamSchema, body: campusAvailabilityBodySchema, response: answers({ 200: campusAnswerSchema }) },
      },
      async (request) => ({ campus: await setCampusEnabled(db, requireAdmin(request), request.params.id, request.body.avalible) }),
    );

    app.get(
      '/campus/:id/ciclos',
      { config: { auth: 'admin' }, schema: { tags: ['campus'], params: idParamSchema, response: answers({ 200: campusCyclesAnswerSchema }) } },
      async (request) => ({ cicles: await grantedCampusCycles(db, requireAdmin(request), request.params.id) }),
    );

    app.put(
      '/campus/:id/ciclos',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageCampusCycles },
        schema: { tags: ['campus'], params: idParamSchema, body: campusCyclesBodySchema, response: answers({ 200: campusCyclesAnswerSchema }) },
      },
      async (request) => ({ cicles: await setCampusCycles(db, requireAdmin(request), request.params.id, request.body.cicles) }),
    );
  };
}
