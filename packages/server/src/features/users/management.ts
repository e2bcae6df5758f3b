/** Back-office user management: list, create, edit, enable/disable, access. */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminUser } from '@encuestas/core/api/auth';
import type { PlanOptions, UserAccess } from '@encuestas/core/api/users';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { queryRows, type Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { foldedContains } from '../../db/search';
import {
  adminUsers,
  campuses,
  cycles,
  passwordResetTokens,
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
  userPermissions,
  userPlanGrants,
} from '../../db/schema';
import { sqlList } from '../../db/sql-list';
import { AppError, fieldError } from '../../http/errors';
import { plansByCampus } from '../../http/grants';
import { assertStrongPassword, hashPassword, passwordUserInputs, verifyPassword } from '../../http/passwords';
import { revokeSessions } from '../../http/tokens';
import type { Mailer } from '../../mail/mailer';
import { audit } from '../audit/service';
import {
  assertActorCovers,
  assertAdministratorRemains,
  effectivePermissions,
  loadAccessScopes,
  lockUserManagement,
  plansCovered,
  toAdminUserDto,
  type AdminPrincipal,
  type AdminUserRow,
  type PlanGrant,
} from './service';

/** What the user-management writes need beyond the database. */
export interface UserManagementDeps {
  db: Database;
  mailer: Mailer;
  platformName: string;
  institutionName: string;
  log: FastifyBaseLogger;
}

export const USER_NOT_FOUND = 'No se encontró el usuario.';
const duplicateEmail = (email: string) => fieldError('email', `Ya existe un usuario con el correo ${email}`);

export async function listUsers(
  db: Database,
  query: { page: number; perPage: number; search?: string; avalible?: 'true' | 'false' },
): Promise<{ users: AdminUser[]; total_users: number }> {
  const conditions: SQL[] = [];
  if (query.search) {
    const search = query.search;
    conditions.push(or(...[adminUsers.name, adminUsers.lastName, adminUsers.maternalSurName, adminUsers.email].map((column) => foldedContains(column, search)))!);
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

async function findUser(db: Database, id: number): Promise<AdminUserRow> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  if (!user) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

export async function getUserAccess(db: Database, userId: number): Promise<UserAccess> {
  const [effective, direct, groups, campusRows, cycleRows, planRows] = await Promise.all([
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
    db
      .select({ campusId: userPlanGrants.campusId, plan: userPlanGrants.plan })
      .from(userPlanGrants)
      .where(eq(userPlanGrants.userId, userId))
      .orderBy(asc(userPlanGrants.campusId), asc(userPlanGrants.plan)),
  ]);
  return {
    permissions: effective,
    direct_permissions: direct.map((p) => p.name),
    groups,
    campuses: campusRows,
    cicles: cycleRows,
    plans: planRows,
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
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminUsers)
        .values({
          name: input.name,
          lastName: input.last_name,
          maternalSurName: input.maternal_sur_name,
          email: input.email,
          passwordHash,
        })
        .returning();
      await audit(tx, { actorUserId: actor.user.id, action: 'create', entity: 'user', entityId: row!.id, details: { email: input.email } });
      return row!;
    });
    return toAdminUserDto(created, []);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
}

/** 403 unless the actor holds every permission, campus and cycle the target holds. */
async function assertMayManage(tx: Database, actor: AdminPrincipal, targetId: number): Promise<void> {
  const scopes = await loadAccessScopes(tx, [targetId]);
  assertActorCovers(actor, scopes.get(targetId)!);
}

/** Unused reset links of a user stop working (marked used, so the hourly e-mail limit still counts them). */
async function revokePendingResetLinks(tx: Database, userId: number): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Edits a user's name and e-mail. A new e-mail signs the user out everywhere,
 * voids their pending reset links and tells the old address, so a takeover
 * through the e-mail cannot go unnoticed.
 */
export async function updateUser(
  deps: UserManagementDeps,
  actor: AdminPrincipal,
  id: number,
  input: { name: string; last_name: string; maternal_sur_name: string; email: string },
): Promise<AdminUser> {
  const { db } = deps;
  let before: AdminUserRow;
  let updated: AdminUserRow;
  try {
    [before, updated] = await db.transaction(async (tx) => {
      const locked = await lockUserManagement(tx, actor.user.id);
      const target = await findUser(tx, id);
      await assertMayManage(tx, locked, id);
      const [clash] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email));
      if (clash && clash.id !== id) throw duplicateEmail(input.email);
      const [row] = await tx
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
      const emailChanged = row!.email !== target.email;
      if (emailChanged) {
        await revokeSessions(tx, 'admin', id);
        await revokePendingResetLinks(tx, id);
      }
      const before = { name: target.name, last_name: target.lastName, maternal_sur_name: target.maternalSurName, email: target.email };
      const details = { ...input, ...(emailChanged ? { previous_email: target.email } : {}), before };
      await audit(tx, { actorUserId: actor.user.id, action: 'update', entity: 'user', entityId: id, details });
      return [target, row!] as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail(input.email);
    throw error;
  }
  if (updated.email !== before.email) await notifyEmailChanged(deps, updated, before.email);
  return toAdminUserDto(updated, await effectivePermissions(db, id));
}

/** Tells the old address that the account's e-mail changed. The change stands even if this mail fails. */
async function notifyEmailChanged(deps: UserManagementDeps, user: AdminUserRow, oldEmail: string): Promise<void> {
  try {
    await deps.mailer.send({
      to: oldEmail,
      subject: `Cambió el correo de tu cuenta - ${deps.platformName}`,
      text: [
        `Hola ${user.name}:`,
        '',
        `El correo de tu cuenta de ${deps.platformName} (${deps.institutionName}) cambió de ${oldEmail} a ${user.email}.`,
        'Se cerraron todas tus sesiones y los enlaces para restablecer la contraseña que no habías usado dejaron de funcionar.',
        '',
        'Si no esperabas este cambio, comunícate de inmediato con el administrador de la plataforma.',
      ].join('\n'),
    });
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'could not send the e-mail change notice');
  }
}

export async function setAvailability(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  avalible: boolean,
): Promise<AdminUser> {
  if (id === actor.user.id && !avalible) {
    throw new AppError('CONFLICT', 'No puedes deshabilitar tu propia cuenta.');
  }
  const updated = await db.transaction(async (tx) => {
    const locked = await lockUserManagement(tx, actor.user.id);
    await findUser(tx, id);
    await assertMayManage(tx, locked, id);
    const [row] = await tx
      .update(adminUsers)
      .set({ avalible, updatedAt: new Date() })
      .where(eq(adminUsers.id, id))
      .returning();
    if (!avalible) {
      // A disabled user is signed out everywhere at once.
      await revokeSessions(tx, 'admin', id);
      await assertAdministratorRemains(tx);
    }
    await audit(tx, { actorUserId: actor.user.id, action: avalible ? 'enable' : 'disable', entity: 'user', entityId: id });
    return row!;
  });
  return toAdminUserDto(updated, await effectivePermissions(db, id));
}

/**
 * Replaces a user's permissions, groups and campus/cycle/plan grants. The
 * actor must cover the target (403 otherwise), and may hand out only
 * permissions (direct or through a group), campuses, cycles and plans of
 * study they hold themselves (422). Since a covered target holds nothing
 * beyond the actor, the request is the whole new state: nothing of the
 * target's is hidden from the actor. Plans left out of the request are kept
 * at the campuses kept.
 */
export async function setUserAccess(
  db: Database,
  actor: AdminPrincipal,
  id: number,
  input: { permissions: string[]; groups: number[]; campusIds: number[]; cicleIds: number[]; plans?: PlanGrant[] | undefined },
): Promise<UserAccess> {
  const permissionNames = [...new Set(input.permissions)];
  const groupIds = [...new Set(input.groups)];
  const campusIds = [...new Set(input.campusIds)];
  const cicleIds = [...new Set(input.cicleIds)];
  await db.transaction(async (tx) => {
    const locked = await lockUserManagement(tx, actor.user.id);
    await findUser(tx, id);
    await assertMayManage(tx, locked, id);
    const current = await getUserAccess(tx, id);
    const plans = input.plans ?? current.plans.filter((grant) => campusIds.includes(grant.campusId));
    await assertGrantable(tx, locked, { permissionNames, groupIds, campusIds, cicleIds, plans });
    const before = {
      permissions: current.direct_permissions,
      groups: current.groups.map((g) => g.id),
      campusIds: current.campuses.map((c) => c.id),
      cicleIds: current.cicles.map((c) => c.id),
      plans: current.plans,
    };
    const permissionRows = permissionNames.length
      ? await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, permissionNames))
      : [];

    await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
    await tx.delete(userPermissionGroups).where(eq(userPermissionGroups.userId, id));
    await tx.delete(userPlanGrants).where(eq(userPlanGrants.userId, id));
    await tx.delete(userCampusGrants).where(eq(userCampusGrants.userId, id));
    await tx.delete(userCycleGrants).where(eq(userCycleGrants.userId, id));
    if (permissionRows.length)
      await tx.insert(userPermissions).values(permissionRows.map((p) => ({ userId: id, permissionId: p.id })));
    if (groupIds.length) await tx.insert(userPermissionGroups).values(groupIds.map((groupId) => ({ userId: id, groupId })));
    if (campusIds.length) await tx.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: id, campusId })));
    if (cicleIds.length) await tx.insert(userCycleGrants).values(cicleIds.map((cycleId) => ({ userId: id, cycleId })));
    if (plans.length) await tx.insert(userPlanGrants).values(plans.map(({ campusId, plan }) => ({ userId: id, campusId, plan })));
    // Nobody locks themselves out of user management.
    if (id === actor.user.id) {
      const after = await effectivePermissions(tx, id);
      if (!after.includes(PERMISSIONS.manageUsers)) {
        throw new AppError('CONFLICT', 'No puedes quitarte a ti mismo el permiso de gestionar usuarios.');
      }
    }
    await assertAdministratorRemains(tx);
    await audit(tx, { actorUserId: actor.user.id, action: 'set-access', entity: 'user', entityId: id, details: { ...input, plans, before } });
  });
  return getUserAccess(db, id);
}

/** 422 on the first field asking for something the actor does not hold (or a group that does not exist). */
async function assertGrantable(
  tx: Database,
  actor: AdminPrincipal,
  wanted: { permissionNames: string[]; groupIds: number[]; campusIds: number[]; cicleIds: number[]; plans: PlanGrant[] },
): Promise<void> {
  const notHeld = wanted.permissionNames.filter((p) => !actor.permissions.includes(p));
  if (notHeld.length) {
    throw fieldError('permissions', `Solo puedes otorgar permisos que tú tienes; no tienes: ${notHeld.join(', ')}`);
  }
  if (wanted.groupIds.length) {
    const groupRows = await tx.select({ id: permissionGroups.id }).from(permissionGroups).where(inArray(permissionGroups.id, wanted.groupIds));
    const groupPermissionRows = await tx
      .select({ name: permissions.name })
      .from(permissionGroupPermissions)
      .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
      .where(inArray(permissionGroupPermissions.groupId, wanted.groupIds));
    if (groupRows.length !== wanted.groupIds.length) throw fieldError('groups', 'Uno de los grupos de permisos no existe');
    if (groupPermissionRows.some((row) => !actor.permissions.includes(row.name))) {
      throw fieldError('groups', 'Solo puedes asignar grupos cuyos permisos tienes tú');
    }
  }
  if (wanted.campusIds.some((c) => !actor.campusIds.includes(c))) {
    throw fieldError('campusIds', 'Solo puedes otorgar acceso a los campus a los que tú tienes acceso');
  }
  if (wanted.cicleIds.some((c) => !actor.cycleIds.includes(c))) {
    throw fieldError('cicleIds', 'Solo puedes otorgar acceso a los tipos de encuesta a los que tú tienes acceso');
  }
  const outside = wanted.plans.find((grant) => !wanted.campusIds.includes(grant.campusId));
  if (outside) {
    throw fieldError('plans', `El plan de estudios ${outside.plan} es de un campus que no le otorgas: marca también su campus`);
  }
  if (!plansCovered(actor.planGrants, wanted.campusIds, wanted.plans)) {
    throw fieldError('plans', 'Solo puedes otorgar los planes de estudio que tú tienes: en tus campus limitados a ciertos planes, elige al menos uno de ellos');
  }
}

/**
 * The plans of study the actor may grant at each campus they hold: their own
 * where they are limited, else the directory's plans there (classes of any
 * period and active students), as the missing list's plan picker reads them.
 */
export async function grantablePlans(db: Database, actor: AdminPrincipal): Promise<PlanOptions> {
  if (actor.campusIds.length === 0) return { campuses: [] };
  const held = plansByCampus(actor.planGrants);
  const [campusRows, directoryRows] = await Promise.all([
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses).where(inArray(campuses.id, actor.campusIds)).orderBy(asc(campuses.id)),
    queryRows<{ campus_id: number; plan: string }>(
      db,
      sql`select campus_id, plan from class where campus_id in (${sqlList(actor.campusIds)}) and plan <> ''
          union select campus_id, plan from student where active and campus_id in (${sqlList(actor.campusIds)}) and plan is not null and plan <> ''`,
    ),
  ]);
  const byName = (a: string, b: string) => a.localeCompare(b, 'es');
  return {
    campuses: campusRows.map((campus) => {
      const limit = held.get(campus.id);
      const plans = limit ? [...limit] : directoryRows.filter((row) => row.campus_id === campus.id).map((row) => row.plan);
      return { ...campus, limited: limit !== undefined, plans: plans.sort(byName) };
    }),
  };
}

export async function changeOwnPassword(
  db: Database,
  actor: AdminPrincipal,
  sessionId: string,
  input: { current_password: string; password: string },
): Promise<void> {
  if (!(await verifyPassword(actor.user.passwordHash, input.current_password))) {
    throw fieldError('current_password', 'La contraseña actual no es correcta');
  }
  assertStrongPassword(input.password, passwordUserInputs(actor.user));
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(adminUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(adminUsers.id, actor.user.id));
    // Other sessions end; the current one goes on.
    await revokeSessions(tx, 'admin', actor.user.id, sessionId);
    await audit(tx, { actorUserId: actor.user.id, action: 'change-password', entity: 'user', entityId: actor.user.id });
  });
}
