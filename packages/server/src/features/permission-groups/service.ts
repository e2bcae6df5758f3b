/** Permission groups: a named set of permissions given to users at once. */
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PermissionGroup } from '@encuestas/core/api/users';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { permissionGroupPermissions, permissionGroups, permissions, userPermissionGroups } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { audit } from '../audit/service';
import {
  actorCovers,
  assertActorCovers,
  assertAdministratorRemains,
  loadAccessScopes,
  lockUserManagement,
  type AdminPrincipal,
} from '../users/service';

const GROUP_NOT_FOUND = 'No se encontró el grupo de permisos.';
const GROUP_HOLDS_MORE = 'No puedes modificar ni eliminar un grupo que incluye permisos que tú no tienes.';
const MEMBER_HOLDS_MORE = 'No puedes modificar ni eliminar un grupo al que pertenece un usuario con más permisos o accesos que tú.';
const duplicateName = (name: string) => fieldError('name', `Ya existe un grupo llamado ${name}`);

export interface PermissionGroupInput {
  name: string;
  description: string;
  permissions: string[];
}

export async function loadGroups(db: Database, ids: number[]): Promise<PermissionGroup[]> {
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

export async function listGroups(db: Database, query: { page: number; perPage: number }) {
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: permissionGroups.id })
      .from(permissionGroups)
      .orderBy(asc(permissionGroups.name))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(permissionGroups),
  ]);
  return {
    permissions_groups: await loadGroups(db, ids.map((r) => r.id)),
    total_permisions_groups: total?.n ?? 0,
  };
}

async function writeGroupPermissions(tx: Database, groupId: number, names: string[]): Promise<void> {
  await tx.delete(permissionGroupPermissions).where(eq(permissionGroupPermissions.groupId, groupId));
  if (names.length === 0) return;
  const rows = await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names));
  await tx.insert(permissionGroupPermissions).values(rows.map((p) => ({ groupId, permissionId: p.id })));
}

/** 422 when a group would hold a permission its author does not hold. */
function assertPermissionsHeld(actor: AdminPrincipal, names: string[]): void {
  const notHeld = names.filter((name) => !actor.permissions.includes(name));
  if (notHeld.length) {
    throw fieldError('permissions', `Solo puedes incluir en un grupo permisos que tú tienes; no tienes: ${notHeld.join(', ')}`);
  }
}

/**
 * Changing or deleting a group changes its members' access at once, so the
 * actor must hold every permission of the group and cover every member:
 * otherwise they could strip or inflate users they may not manage.
 */
async function assertMayChangeGroup(tx: Database, actor: AdminPrincipal, groupId: number): Promise<void> {
  const [group] = await tx.select({ id: permissionGroups.id }).from(permissionGroups).where(eq(permissionGroups.id, groupId));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const held = await tx
    .select({ name: permissions.name })
    .from(permissionGroupPermissions)
    .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
    .where(eq(permissionGroupPermissions.groupId, groupId));
  assertActorCovers(actor, { permissions: held.map((p) => p.name), campusIds: [], cycleIds: [], planGrants: [] }, GROUP_HOLDS_MORE);
  const members = await tx.select({ userId: userPermissionGroups.userId }).from(userPermissionGroups).where(eq(userPermissionGroups.groupId, groupId));
  const scopes = await loadAccessScopes(tx, members.map((m) => m.userId));
  if ([...scopes.values()].some((scope) => !actorCovers(actor, scope))) throw new AppError('FORBIDDEN', MEMBER_HOLDS_MORE);
}

export async function createGroup(db: Database, actor: AdminPrincipal, input: PermissionGroupInput): Promise<PermissionGroup> {
  assertPermissionsHeld(actor, input.permissions);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [group] = await tx
        .insert(permissionGroups)
        .values({ name: input.name, description: input.description })
        .returning({ id: permissionGroups.id });
      await writeGroupPermissions(tx, group!.id, input.permissions);
      await audit(tx, { actorUserId: actor.user.id, action: 'create', entity: 'permission_group', entityId: group!.id, details: { ...input } });
      return group!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  const [group] = await loadGroups(db, [id]);
  return group!;
}

export async function updateGroup(db: Database, actor: AdminPrincipal, id: number, input: PermissionGroupInput): Promise<PermissionGroup> {
  try {
    await db.transaction(async (tx) => {
      const locked = await lockUserManagement(tx, actor.user.id);
      await assertMayChangeGroup(tx, locked, id);
      assertPermissionsHeld(locked, input.permissions);
      const [current] = await loadGroups(tx, [id]);
      await tx.update(permissionGroups).set({ name: input.name, description: input.description }).where(eq(permissionGroups.id, id));
      await writeGroupPermissions(tx, id, input.permissions);
      await assertAdministratorRemains(tx);
      const before = current ? { name: current.name, description: current.description, permissions: current.permissions } : undefined;
      await audit(tx, { actorUserId: actor.user.id, action: 'update', entity: 'permission_group', entityId: id, details: { ...input, ...(before ? { before } : {}) } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
  const [group] = await loadGroups(db, [id]);
  return group!;
}

export async function deleteGroup(db: Database, actor: AdminPrincipal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockUserManagement(tx, actor.user.id);
    await assertMayChangeGroup(tx, locked, id);
    // Its last name stays in the entry, so the Bitácora can name what was deleted.
    const [gone] = await tx.delete(permissionGroups).where(eq(permissionGroups.id, id)).returning({ name: permissionGroups.name });
    await assertAdministratorRemains(tx);
    await audit(tx, { actorUserId: actor.user.id, action: 'delete', entity: 'permission_group', entityId: id, details: gone ? { name: gone.name } : {} });
  });
}
