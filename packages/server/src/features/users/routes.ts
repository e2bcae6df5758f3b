import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserAnswerSchema } from '@encuestas/core/api/auth';
import { answers, idParamSchema, messageAnswerSchema } from '@encuestas/core/api/common';
import {
  changeOwnPasswordSchema,
  createUserSchema,
  listUsersQuerySchema,
  permissionNamesAnswerSchema,
  planOptionsSchema,
  setAvailabilitySchema,
  setUserAccessSchema,
  updateUserSchema,
  userAccessSchema,
  userDetailSchema,
  usersPageSchema,
} from '@encuestas/core/api/users';
import { ALL_PERMISSION_NAMES, hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import { requireAdmin, requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import {
  changeOwnPassword,
  createUser,
  getUserAccess,
  getUserDetail,
  grantablePlans,
  listUsers,
  setAvailability,
  setUserAccess,
  updateUser,
  type UserManagementDeps,
} from './management';

// Over 80 lines because it is the feature's table of ten routes, each a few lines long: split, they would only be scattered.
export function userRoutes(deps: UserManagementDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.get(
      '/users',
      { config: { auth: 'admin', permission: PERMISSIONS.viewUsers }, schema: { tags: ['users'], querystring: listUsersQuerySchema, response: answers({ 200: usersPageSchema }) } },
      async (request) => listUsers(db, request.query),
    );

    /** A user's effective permissions: one's own always, anyone's with 'Ver Usuarios'. */
    app.get(
      '/users/permissions/:id',
      { config: { auth: 'admin' }, schema: { tags: ['users'], params: idParamSchema, response: answers({ 200: permissionNamesAnswerSchema }) } },
      async (request) => {
        const principal = requireAdmin(request);
        if (request.params.id === principal.user.id) return { permissions: principal.permissions };
        if (!hasPermission(principal.permissions, PERMISSIONS.viewUsers)) {
          throw new AppError('FORBIDDEN', `No tienes el permiso «${PERMISSIONS.viewUsers}». Solicítalo a tu administrador.`);
        }
        await getUserDetail(db, request.params.id); // 404 for an unknown user
        return { permissions: (await getUserAccess(db, request.params.id)).permissions };
      },
    );

    /** The plans of study the signed-in manager may grant, per campus they hold (the access editor's picker). */
    app.get(
      '/users/plan-options',
      { config: { auth: 'admin', permission: PERMISSIONS.viewUsers }, schema: { tags: ['users'], response: answers({ 200: planOptionsSchema }) } },
      async (request) => grantablePlans(db, requireAdmin(request)),
    );

    app.get(
      '/users/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewUsers },
        schema: { tags: ['users'], params: idParamSchema, response: answers({ 200: userDetailSchema }) },
      },
      async (request) => getUserDetail(db, request.params.id),
    );

    app.post(
      '/users',
      { config: { auth: 'admin', permission: PERMISSIONS.manageUsers }, schema: { tags: ['users'], body: createUserSchema, response: answers({ 201: adminUserAnswerSchema }) } },
      async (request, reply) => reply.status(201).send({ user: await createUser(db, requireAdmin(request), request.body) }),
    );

    app.put(
      '/users/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, body: updateUserSchema, response: answers({ 200: adminUserAnswerSchema }) },
      },
      async (request) => ({ user: await updateUser(deps, requireAdmin(request), request.params.id, request.body) }),
    );

    app.put(
      '/users/:id/avalible',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, body: setAvailabilitySchema, response: answers({ 200: adminUserAnswerSchema }) },
      },
      async (request) => ({
        user: await setAvailability(db, requireAdmin(request), request.params.id, request.body.avalible),
      }),
    );

    app.put(
      '/users/:id/access',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, body: setUserAccessSchema, response: answers({ 200: userAccessSchema }) },
      },
      async (request) => setUserAccess(db, requireAdmin(request), request.params.id, request.body),
    );

    app.get('/permissions', { config: { auth: 'admin' }, schema: { tags: ['users'], response: answers({ 200: permissionNamesAnswerSchema }) } }, async () => ({
      permissions: [...ALL_PERMISSION_NAMES],
    }));

    app.put(
      '/admin/password',
      {
        config: { auth: 'admin' },
        schema: { tags: ['auth'], body: changeOwnPasswordSchema, response: answers({ 200: messageAnswerSchema }) },
      },
      async (request) => {
        await changeOwnPassword(db, requireAdmin(request), requireTokenSubject(request).sessionId, request.body);
        return { message: 'Contraseña actualizada correctamente' };
      },
    );
  };
}
