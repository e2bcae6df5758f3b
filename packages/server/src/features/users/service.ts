import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { AdminUser } from '@encuestas/core/api/auth';
import { fullName } from '@encuestas/core/directory';
import { queryRows, queryRowsOfShape, type Database } from '../../db/client';
import {
  adminUsers,
  permissionGroupPermissions,
  permissions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
  userPermissions,
  userPlanGrants,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { plansByCampus } from '../../http/grants';
import { hashPassword } from '../../http/passwords';
import { TokenService } from '../../http/tokens';
import { createAdminUser, grantEverything } from '../../db/admin-users';

export { createAdminUser, ensurePermissionCatalogue, grantEverything, type NewAdminUser } from '../../db/admin-users';

export type { AdminUserRow } from '../../db/admin-users';
import type { AdminUserRow } from '../../db/admin-users';

/** A logged-in back-office user with what they may do and see. */
export interface AdminPrincipal {
  user: AdminUserRow;
  permissions: string[];
  campusIds: number[];
  cycleIds: number[];
  /** Plans of study a coordinator is limited to, per campus (none: no limit anywhere). */
  planGrants: PlanGrant[];
}

export interface PlanGrant {
  campusId: number;
  plan: string;
}

export function toAdminUserDto(user: AdminUserRow, userPermissionNames: string[]): AdminUser {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    maternal_sur_name: user.maternalSurName,
    full_name: fullName(user.name, user.lastName, user.maternalSurName),
    email: user.email,
    avalible: user.avalible,
    created_at: user.createdAt.toISOString(),
    permissions: userPermissionNames,
  };
}

/** The names of a user's direct permissions and those of their groups, sorted: a subquery on `userId` (a value or a column). */
function permissionNamesOf(userId: unknown): SQL {
  return sql`select p.name from ${permissions} p join ${userPermissions} up on up.permission_id = p.id and up.user_id = ${userId}
    union
    select p.name from ${permissions} p
    join ${permissionGroupPermissions} gp on gp.permission_id = p.id
    join ${userPermissionGroups} ug on ug.group_id = gp.group_id and ug.user_id = ${userId}
    order by 1`;
}

/** Direct permissions plus those of the user's groups, sorted by name. */
export async function effectivePermissions(db: Database, userId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, permissionNamesOf(userId));
  return rows.map((row) => row.name);
}

interface PrincipalRow {
  session_open: boolean;
  id: number;
  name: string;
  last_name: string;
  maternal_sur_name: string;
  email: string;
  password_hash: string;
  avalible: boolean;
  created_at: Date;
  updated_at: Date;
  permissions: string[];
  campus_ids: number[];
  cycle_ids: number[];
  plan_grants: PlanGrant[];
}

/**
 * A user with their effective permissions and grants, and whether `sessionId` is one of their open
 * sessions, in one statement: every back-office request asks it, and six round trips (the session, the
 * user, the permissions, three kinds of grant) cost more than the reports' own reads once twenty
 * readers share them (docs/benchmarks.md).
 */
function principalStatement(v: Record<'userId' | 'sessionId', unknown>): SQL {
  return sql`select ${TokenService.sessionOpen({ sessionId: v.sessionId, type: 'admin', id: v.userId })} as session_open,
      u.id, u.name, u.last_name, u.maternal_sur_name, u.email, u.password_hash, u.avalible, u.created_at, u.updated_at,
      array(${permissionNamesOf(sql`u.id`)}) as permissions,
      array(select g.campus_id from ${userCampusGrants} g where g.user_id = u.id order by 1) as campus_ids,
      array(select g.ciclo_id from ${userCycleGrants} g where g.user_id = u.id order by 1) as cycle_ids,
      coalesce((select json_agg(json_build_object('campusId', g.campus_id, 'plan', g.plan) order by g.campus_id, g.plan)
        from ${userPlanGrants} g where g.user_id = u.id), '[]'::json) as plan_grants
    from ${adminUsers} u where u.id = ${v.userId}::int`;
}

/** The principal of `userId` and whether `sessionId` (null: none) is an open session of theirs; null for no such user. */
export async function loadAdminSession(
  db: Database,
  userId: number,
  sessionId: string | null,
): Promise<{ principal: AdminPrincipal; sessionOpen: boolean } | null> {
  const [row] = await queryRowsOfShape<PrincipalRow, { userId: number; sessionId: string | null }>(db, 'admin-principal', principalStatement, {
    userId,
    sessionId,
  });
  if (!row) return null;
  const user: AdminUserRow = {
    id: row.id,
    name: row.name,
    lastName: row.last_name,
    maternalSurName: row.maternal_sur_name,
    email: row.email,
    passwordHash: row.password_hash,
    avalible: row.avalible,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return {
    sessionOpen: row.session_open,
    principal: { user, permissions: row.permissions, campusIds: row.campus_ids, cycleIds: row.cycle_ids, planGrants: row.plan_grants },
  };
}

export async function loadAdminPrincipal(db: Database, userId: number): Promise<AdminPrincipal | null> {
  return (await loadAdminSession(db, userId, null))?.principal ?? null;
}

/** What a user may do and see: effective permissions (direct and via groups), campus, cycle and plan grants. */
export interface AccessScope {
  permissions: readonly string[];
  campusIds: readonly number[];
  cycleIds: readonly number[];
  planGrants: readonly PlanGrant[];
}

/** The access scope of each of `userIds` (a user with no rows gets an empty scope). */
export async function loadAccessScopes(db: Database, userIds: readonly number[]): Promise<Map<number, AccessScope>> {
  const ids = [...new Set(userIds)];
  const scopes = new Map(ids.map((id) => [id, { permissions: [] as string[], campusIds: [] as number[], cycleIds: [] as number[], planGrants: [] as PlanGrant[] }]));
  if (ids.length === 0) return scopes;
  // One after another: `db` is often a transaction, whose single connection runs one query at a time.
  const direct = await db
    .select({ userId: userPermissions.userId, name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(inArray(userPermissions.userId, ids));
  const viaGroups = await db
    .select({ userId: userPermissionGroups.userId, name: permissions.name })
    .from(userPermissionGroups)
    .innerJoin(permissionGroupPermissions, eq(permissionGroupPermissions.groupId, userPermissionGroups.groupId))
    .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
    .where(inArray(userPermissionGroups.userId, ids));
  const campusRows = await db
    .select({ userId: userCampusGrants.userId, id: userCampusGrants.campusId })
    .from(userCampusGrants)
    .where(inArray(userCampusGrants.userId, ids));
  const cycleRows = await db
    .select({ userId: userCycleGrants.userId, id: userCycleGrants.cycleId })
    .from(userCycleGrants)
    .where(inArray(userCycleGrants.userId, ids));
  const planRows = await db
    .select({ userId: userPlanGrants.userId, campusId: userPlanGrants.campusId, plan: userPlanGrants.plan })
    .from(userPlanGrants)
    .where(inArray(userPlanGrants.userId, ids));
  for (const row of [...direct, ...viaGroups]) {
    const scope = scopes.get(row.userId)!;
    if (!scope.permissions.includes(row.name)) scope.permissions.push(row.name);
  }
  for (const row of campusRows) scopes.get(row.userId)!.campusIds.push(row.id);
  for (const row of cycleRows) scopes.get(row.userId)!.cycleIds.push(row.id);
  for (const { userId, campusId, plan } of planRows) scopes.get(userId)!.planGrants.push({ campusId, plan });
  return scopes;
}

export const TARGET_HOLDS_MORE_MESSAGE = 'No puedes modificar a un usuario que tiene más permisos o accesos que tú.';

/**
 * The one privilege-boundary rule: an actor may act on a target only when
 * every permission, campus and cycle the target holds is also the actor's,
 * and at each campus where the actor is limited to plans of study the target
 * is limited to some of those plans (a campus without plan grants holds every plan).
 */
export function actorCovers(actor: AccessScope, target: AccessScope): boolean {
  return (
    target.permissions.every((p) => actor.permissions.includes(p)) &&
    target.campusIds.every((c) => actor.campusIds.includes(c)) &&
    target.cycleIds.every((c) => actor.cycleIds.includes(c)) &&
    plansCovered(actor.planGrants, target.campusIds, target.planGrants)
  );
}

/** Whether `campusIds` with `planGrants` stay within the plans `held` (see actorCovers). */
export function plansCovered(held: readonly PlanGrant[], campusIds: readonly number[], planGrants: readonly PlanGrant[]): boolean {
  const heldPlans = plansByCampus(held);
  const plans = plansByCampus(planGrants);
  return campusIds.every((campusId) => {
    const limit = heldPlans.get(campusId);
    if (!limit) return true;
    const wanted = plans.get(campusId);
    return wanted !== undefined && [...wanted].every((plan) => limit.has(plan));
  });
}

/** 403 unless the actor covers the target (see actorCovers). */
export function assertActorCovers(actor: AccessScope, target: AccessScope, message = TARGET_HOLDS_MORE_MESSAGE): void {
  if (!actorCovers(actor, target)) throw new AppError('FORBIDDEN', message);
}

const USER_MANAGEMENT_LOCK_KEY = 7_300_001;

/**
 * Serialises every change to who may do what (user access, availability,
 * e-mail, permission groups) with one transaction-scoped advisory lock, then
 * reloads the actor under it, so the checks see exactly what will commit.
 * The key lives in the single-bigint key space, apart from the (int, int)
 * pairs other features lock.
 */
export async function lockUserManagement(tx: Database, actorId: number): Promise<AdminPrincipal> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_MANAGEMENT_LOCK_KEY}::bigint)`);
  const [user] = await tx.select().from(adminUsers).where(eq(adminUsers.id, actorId));
  const scope = (await loadAccessScopes(tx, [actorId])).get(actorId)!;
  if (!user?.avalible || !scope.permissions.includes(PERMISSIONS.manageUsers)) {
    throw new AppError('FORBIDDEN', `No tienes el permiso «${PERMISSIONS.manageUsers}». Solicítalo a tu administrador.`);
  }
  return { user, permissions: [...scope.permissions], campusIds: [...scope.campusIds], cycleIds: [...scope.cycleIds], planGrants: [...scope.planGrants] };
}

export const LAST_ADMINISTRATOR_MESSAGE = `La plataforma debe conservar al menos un administrador: un usuario habilitado con el permiso «${PERMISSIONS.manageUsers}». Otorga ese permiso a otro usuario antes de hacer este cambio.`;

/**
 * An administrator is an enabled user holding 'Gestionar Usuarios y
 * Permisos' (directly or through a group). Run after a change, inside the
 * locked transaction: 409 when none would be left.
 */
export async function assertAdministratorRemains(tx: Database): Promise<void> {
  const [row] = await queryRows<{ n: number }>(tx, sql`
    select count(*)::int as n from ${adminUsers} u
    where u.avalible and (
      exists (select 1 from ${userPermissions} up join ${permissions} p on p.id = up.permission_id
              where up.user_id = u.id and p.name = ${PERMISSIONS.manageUsers})
      or exists (select 1 from ${userPermissionGroups} ug
                 join ${permissionGroupPermissions} gp on gp.group_id = ug.group_id
                 join ${permissions} p on p.id = gp.permission_id
                 where ug.user_id = u.id and p.name = ${PERMISSIONS.manageUsers}))`);
  if ((row?.n ?? 0) === 0) throw new AppError('CONFLICT', LAST_ADMINISTRATOR_MESSAGE);
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminUserRow | undefined> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.email, email.toLowerCase())).limit(1);
  return user;
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: create that administrator, or reset
 * their password and re-enable them, and grant everything.
 */
export async function upsertAdministrator(db: Database, email: string, password: string): Promise<AdminUserRow> {
  const existing = await findAdminByEmail(db, email);
  let user: AdminUserRow;
  if (existing) {
    const [updated] = await db
      .update(adminUsers)
      .set({ passwordHash: await hashPassword(password), avalible: true, updatedAt: new Date() })
      .where(eq(adminUsers.id, existing.id))
      .returning();
    user = updated ?? existing;
  } else {
    user = await createAdminUser(db, { email, password, name: 'Administrador' });
  }
  await grantEverything(db, user.id);
  return user;
}
