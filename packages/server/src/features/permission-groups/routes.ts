import { asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, pageQuerySchema } from '@encuestas/core/api/common';
import { permissionGroupSchema, type PermissionGroup } from '@encuestas/core/api/users';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { permissionGroupPermissions, permissionGroups, permissions, userPermissionGroups } from '../../db/schema';
import { requireAdmin } from '../../http/auth';
import { AppError, fieldError } from '../../http/errors';
import { audit } from '../audit/service';

const GROUP_NOT_FOUND = 'No se encontró el grupo de permisos.';
const duplicateName = (name: string) => fieldError('name', `Ya existe un grupo llamado ${name}`);

async function loadGroups(db: Database, ids: number[]): Promise<PermissionGroup[]> {
  if (ids.length === 0) return [];
  const [groups, links, members] = await Promise.all([
    db.select().from(permissionGroups).where(inArray(permissionGroups.id, ids)).orderBy(asc(permissionGroups.name)),
    db
      .select({ groupId: permissionGroupPermissions.groupId, name: permissions.name })
      .from(permissionGroupPermissions)
      .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
      .where(inArray(permissionGroupPermissions.groupId, ids))
      .orderBy(asc(permissions.name)),
    db
      .select({ groupId: userPermissionGroups.groupId, n: count() })
      .from(userPermissionGroups)
      .where(inArray(userPermissionGroups.groupId, ids))
      .groupBy(userPermissionGroups.groupId),
  ]);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    permissions: links.filter((l) => l.groupId === g.id).map((l) => l.name),
    users_count: members.find((m) => m.groupId === g.id)?.n ?? 0,
  }));
}

async function writeGroupPermissions(db: Database, groupId: number, names: string[]): Promise<void> {
  await db.delete(permissionGroupPermissions).where(eq(permissionGroupPermissions.groupId, groupId));
  if (names.length === 0) return;
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names));
  await db.insert(permissionGroupPermissions).values(rows.map((p) => ({ groupId, permissionId: p.id })));
}

export function permissionGroupRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/permissions-groups',
      {
        config: { auth: 'admin', permission: PERMISSIONS.viewUsers },
        schema: { tags: ['users'], querystring: pageQuerySchema },
      },
      async (request) => {
        const { page, perPage } = request.query;
        const [ids, [total]] = await Promise.all([
          db
            .select({ id: permissionGroups.id })
            .from(permissionGroups)
            .orderBy(asc(permissionGroups.name))
            .limit(perPage)
            .offset((page - 1) * perPage),
          db.select({ n: count() }).from(permissionGroups),
        ]);
        return {
          permissions_groups: await loadGroups(db, ids.map((r) => r.id)),
          total_permisions_groups: total?.n ?? 0,
        };
      },
    );

    app.post(
      '/permissions-groups',
      { config: { auth: 'admin', permission: PERMISSIONS.manageUsers }, schema: { tags: ['users'], body: permissionGroupSchema } },
      async (request, reply) => {
        const input = request.body;
        let id: number;
        try {
          id = await db.transaction(async (tx) => {
            const [group] = await tx
              .insert(permissionGroups)
              .values({ name: input.name, description: input.description })
              .returning({ id: permissionGroups.id });
            await writeGroupPermissions(tx, group!.id, input.permissions);
            return group!.id;
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName(input.name);
          throw error;
        }
        await audit(db, { actorUserId: requireAdmin(request).user.id, action: 'create', entity: 'permission_group', entityId: id, details: { ...input } });
        const [group] = await loadGroups(db, [id]);
        return reply.status(201).send({ permissions_group: group });
      },
    );

    app.put(
      '/permissions-groups/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.manageUsers },
        schema: { tags: ['users'], params: idParamSchema, body: permissionGroupSchema },
      },
      async (request) => {
        const { id } = request.params;
        const input = request.body;
        try {
          await db.transaction(async (tx) => {
            const updated = await tx
              .update(permissionGroups)
              .set({ name: input.name, description: input.description })
              .where(eq(permissionGroups.id, id))
              .returning({ id: permissionGroups.id });
            if (updated.length === 0) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
            await writeGroupPermissions(tx, id, input.permissions);
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw duplicateName(input.name);
          throw error;
        }
        await audit(db, { actorUserId: requireAdmin(request).user.id, action: 'update', entity: 'permission_group', entityId: id, details: { ...input } });
        const [group] = await loadGroups(db, [id]);
        return { permissions_group: group };
      },
    );

    app.delete(
      '/permissions-groups/:id',
      { config: { auth: 'admin', permission: PERMISSIONS.manageUsers }, schema: { tags: ['users'], params: idParamSchema } },
      async (request, reply) => {
        const deleted = await db
          .delete(permissionGroups)
          .where(eq(permissionGroups.id, request.params.id))
          .returning({ id: permissionGroups.id });
        if (deleted.length === 0) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
        await audit(db, { actorUserId: requireAdmin(request).user.id, action: 'delete', entity: 'permission_group', entityId: request.params.id });
        return reply.status(204).send();
      },
    );
  };
}

