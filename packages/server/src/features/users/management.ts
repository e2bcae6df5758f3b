/** Back-office user management: list, create, edit, enable/disable, access. */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AdminUser } from '@encuestas/core/api/auth';
import type { UserAccess } from '@encuestas/core/api/users';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { containsPattern } from '../../db/search';
import {
  adminUsers,
  campuses,
  cycles,
  permissionGroups,
  permissions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
  userPermissions,
} from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { assertStrongPassword, hashPassword, passwordUserInputs, verifyPassword } from '../../http/passwords';
import type { TokenService } from '../../http/tokens';
import { audit } from '../audit/service';
import { effectivePermissions, toAdminUserDto, type AdminPrincipal } from './service';

export const USER_NOT_FOUND = 'No se encontró el usuario.';
const duplicateEmail = (email: string) => fieldError('email', `Ya existe un usuario con el correo ${email}`);

export async function listUsers(
  db: Database,
  query: { page: number; perPage: number; search?: string; avalible?: 'true' | 'false' },
): Promise<{ users: AdminUser[]; total_users: number }> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(adminUsers.name, pattern),
        ilike(adminUsers.lastName, pattern),
        ilike(adminUsers.maternalSurName, pattern),
        ilike(adminUsers.email, pattern),
      )!,
    );
  }
  if (query.avalible) conditions.push(eq(adminUsers.avalible, query.avalible === 'true'));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminUsers)
      .where(where)
      .orderBy(desc(adminUsers.createdAt), desc(adminUsers.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(adminUsers).where(where),
  ]);
  // The list shows identity and status; permissions are read per user.
  return { users: rows.map((row) => toAdminUserDto(row, [])), total_users: total?.n ?? 0 };
}

async function findUser(db: Database, id: number) {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

export async function getUserAccess(db: Database, userId: number): Promise<UserAccess> {
  const [effective, direct, groups, campusRows, cycleRows] = await Promise.all([
    effectivePermissions(db, userId),
    db
      .select({ name: permissions.name })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId))
      .orderBy(asc(permissions.name)),
    db
      .select({ id: permissionGroups.id, name: permissionGroups.name })
      .from(userPermissionGroups)
      .innerJoin(permissionGroups, eq(permissionGroups.id, userPermissionGroups.groupId))
      .where(eq(userPermissionGroups.userId, userId))
      .orderBy(asc(permissionGroups.name)),
    db
      .select({ id: campuses.id, nombre: campuses.nombre })
      .from(userCampusGrants)
      .innerJoin(campuses, eq(campuses.id, userCampusGrants.campusId))
      .where(eq(userCampusGrants.userId, userId))
      .orderBy(asc(campuses.id)),
    db
      .select({ id: cycles.id, name: cycles.name })
      .from(userCycleGrants)
      .innerJoin(cycles, eq(cycles.id, userCycleGrants.cycleId))
      .where(eq(userCycleGrants.userId, userId))
      .orderBy(asc(cycles.id)),
  ]);
  return {
    permissions: effective,
    direct_permissions: direct.map((p) => p.name),
    groups,
    campuses: campusRows,
    cicles: cycleRows,
  };
}

export async function getUserDetail(db: Database, id: number): Promise<{ user: AdminUser } & UserAccess> {
  const user = await findUser(db, id);
  const access = await getUserAccess(db, id);
  return { user: toAdminUserDto(user, access.permissions), ...access };
}

export async function createUser(
  db: Database,
  actor: AdminPrincipal,
  input: { name: string; last_name: string; maternal_sur_name: string; email: string; password: string },
): Promise<AdminUser> {
  assertStrongPassword(
    input.password,
    passwordUserInputs({ name: input.name, lastName: input.last_name, maternalSurName: input.maternal_sur_name, email: input.email }),
  );
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email));
  if (existing) throw duplicateEmail(input.email);
  let created;
  try {
    [created] = await db
      .insert(adminUsers)
      .values({
        name: input.name,
        lastName: input.last_name,
        maternalSurName: input.maternal_sur_name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
  await audit(db, { actorUserId: actor.user.id, action: 'create', entity: 'user', entityId: created!.id, details: { email: input.email } });
  return toAdminUserDto(created!, []);
}

export async function updateUser(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  input: { name: string; last_name: string; maternal_sur_name: string; email: string },
): Promise<AdminUser> {
  await findUser(db, id);
  const [clash] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email));
  if (clash && clash.id !== id) throw duplicateEmail(input.email);
  let updated;
  try {
    [updated] = await db
      .update(adminUsers)
      .set({
        name: input.name,
        lastName: input.last_name,
        maternalSurName: input.maternal_sur_name,
        email: input.email,
        updatedAt: new Date(),
      })
      .where(eq(adminUsers.id, id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
  await audit(db, { actorUserId: actor.user.id, action: 'update', entity: 'user', entityId: id, details: { ...input } });
  return toAdminUserDto(updated!, await effectivePermissions(db, id));
}

export async function setAvailability(
  db: Database,
  tokens: TokenService,
  actor: AdminPrincipal,
  id: number,
  avalible: boolean,
): Promise<AdminUser> {
  if (id === actor.user.id && !avalible) {
    throw new AppError('CONFLICT', 'No puedes deshabilitar tu propia cuenta.');
  }
  await findUser(db, id);
  const [updated] = await db
    .update(adminUsers)
    .set({ avalible, updatedAt: new Date() })
    .where(eq(adminUsers.id, id))
    .returning();
  // A disabled user is signed out everywhere at once.
  if (!avalible) await tokens.revokeAllFor('admin', id);
  await audit(db, { actorUserId: actor.user.id, action: avalible ? 'enable' : 'disable', entity: 'user', entityId: id });
  return toAdminUserDto(updated!, await effectivePermissions(db, id));
}

/**
 * Replaces a user's permissions, groups and campus/cycle grants. A manager
 * can hand out only the campuses and cycles they hold themselves.
 */
export async function setUserAccess(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  input: { permissions: string[]; groups: number[]; campusIds: number[]; cicleIds: number[] },
): Promise<UserAccess> {
  await findUser(db, id);
  const current = await getUserAccess(db, id);
  // Grants the manager does not hold stay as they are: a manager may neither
  // hand them out nor silently take them away.
  const keepCampuses = current.campuses.map((c) => c.id).filter((c) => !actor.campusIds.includes(c));
  const keepCycles = current.cicles.map((c) => c.id).filter((c) => !actor.cycleIds.includes(c));
  const newCampuses = input.campusIds.filter((c) => !actor.campusIds.includes(c) && !keepCampuses.includes(c));
  if (newCampuses.length) {
    throw fieldError('campusIds', 'Solo puedes otorgar acceso a los campus a los que tú tienes acceso');
  }
  const newCycles = input.cicleIds.filter((c) => !actor.cycleIds.includes(c) && !keepCycles.includes(c));
  if (newCycles.length) {
    throw fieldError('cicleIds', 'Solo puedes otorgar acceso a los tipos de encuesta a los que tú tienes acceso');
  }
  const campusIds = [...new Set([...input.campusIds.filter((c) => actor.campusIds.includes(c)), ...keepCampuses])];
  const cicleIds = [...new Set([...input.cicleIds.filter((c) => actor.cycleIds.includes(c)), ...keepCycles])];
  const [permissionRows, groupRows] = await Promise.all([
    input.permissions.length
      ? db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, input.permissions))
      : Promise.resolve([]),
    input.groups.length
      ? db.select({ id: permissionGroups.id }).from(permissionGroups).where(inArray(permissionGroups.id, input.groups))
      : Promise.resolve([]),
  ]);
  if (groupRows.length !== input.groups.length) throw fieldError('groups', 'Uno de los grupos de permisos no existe');

  await db.transaction(async (tx) => {
    await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
    await tx.delete(userPermissionGroups).where(eq(userPermissionGroups.userId, id));
    await tx.delete(userCampusGrants).where(eq(userCampusGrants.userId, id));
    await tx.delete(userCycleGrants).where(eq(userCycleGrants.userId, id));
    if (permissionRows.length)
      await tx.insert(userPermissions).values(permissionRows.map((p) => ({ userId: id, permissionId: p.id })));
    if (groupRows.length) await tx.insert(userPermissionGroups).values(groupRows.map((g) => ({ userId: id, groupId: g.id })));
    if (campusIds.length) await tx.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: id, campusId })));
    if (cicleIds.length) await tx.insert(userCycleGrants).values(cicleIds.map((cycleId) => ({ userId: id, cycleId })));
    // Nobody locks themselves out of user management.
    if (id === actor.user.id) {
      const after = await effectivePermissions(tx, id);
      if (!after.includes(PERMISSIONS.manageUsers)) {
        throw new AppError('CONFLICT', 'No puedes quitarte a ti mismo el permiso de gestionar usuarios.');
      }
    }
  });
  await audit(db, { actorUserId: actor.user.id, action: 'set-access', entity: 'user', entityId: id, details: { ...input } });
  return getUserAccess(db, id);
}

export async function changeOwnPassword(
  db: Database,
  tokens: TokenService,
  actor: AdminPrincipal,
  sessionId: string,
  input: { current_password: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(actor.user.passwordHash, input.current_password))) {
    throw fieldError('current_password', 'La contraseña actual no es correcta');
  }
  assertStrongPassword(input.password, passwordUserInputs(actor.user));
  await db
    .update(adminUsers)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
    .where(eq(adminUsers.id, actor.user.id));
  // Other sessions end; the current one goes on.
  await tokens.revokeAllFor('admin', actor.user.id, sessionId);
  await audit(db, { actorUserId: actor.user.id, action: 'change-password', entity: 'user', entityId: actor.user.id });
}
