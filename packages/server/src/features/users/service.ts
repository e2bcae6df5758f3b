import { eq, inArray, sql } from 'drizzle-orm';
import { ALL_PERMISSION_NAMES } from '@encuestas/core/permissions';
import type { AdminUser } from '@encuestas/core/api/auth';
import { queryRows, type Database } from '../../db/client';
import {
  adminUsers,
  campuses,
  cycles,
  permissionGroupPermissions,
  permissions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
  userPermissions,
} from '../../db/schema';
import { hashPassword } from '../../http/passwords';

export type AdminUserRow = typeof adminUsers.$inferSelect;

/** A logged-in back-office user with what they may do and see. */
export interface AdminPrincipal {
  user: AdminUserRow;
  permissions: string[];
  campusIds: number[];
  cycleIds: number[];
}

export function fullName(user: Pick<AdminUserRow, 'name' | 'lastName' | 'maternalSurName'>): string {
  return [user.name, user.lastName, user.maternalSurName].filter(Boolean).join(' ');
}

export function toAdminUserDto(user: AdminUserRow, userPermissionNames: string[]): AdminUser {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    maternal_sur_name: user.maternalSurName,
    full_name: fullName(user),
    email: user.email,
    avalible: user.avalible,
    created_at: user.createdAt.toISOString(),
    permissions: userPermissionNames,
  };
}

/** Makes the permission table hold exactly the catalogue's names (new names are added). */
export async function ensurePermissionCatalogue(db: Database): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSION_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** Direct permissions plus those of the user's groups, sorted by name. */
export async function effectivePermissions(db: Database, userId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`
    select p.name from ${permissions} p
    join ${userPermissions} up on up.permission_id = p.id and up.user_id = ${userId}
    union
    select p.name from ${permissions} p
    join ${permissionGroupPermissions} gp on gp.permission_id = p.id
    join ${userPermissionGroups} ug on ug.group_id = gp.group_id and ug.user_id = ${userId}
    order by 1`);
  return rows.map((row) => row.name);
}

export async function loadAdminPrincipal(db: Database, userId: number): Promise<AdminPrincipal | null> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId)).limit(1);
  if (!user) return null;
  const [names, campusRows, cycleRows] = await Promise.all([
    effectivePermissions(db, userId),
    db.select({ id: userCampusGrants.campusId }).from(userCampusGrants).where(eq(userCampusGrants.userId, userId)),
    db.select({ id: userCycleGrants.cycleId }).from(userCycleGrants).where(eq(userCycleGrants.userId, userId)),
  ]);
  return {
    user,
    permissions: names,
    campusIds: campusRows.map((r) => r.id),
    cycleIds: cycleRows.map((r) => r.id),
  };
}

export async function findAdminByEmail(db: Database, email: string): Promise<AdminUserRow | undefined> {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.email, email.toLowerCase())).limit(1);
  return user;
}

/** Grants a user every permission, campus and cycle there is now. */
export async function grantEverything(db: Database, userId: number): Promise<void> {
  const [allPermissions, allCampuses, allCycles] = await Promise.all([
    db.select({ id: permissions.id }).from(permissions),
    db.select({ id: campuses.id }).from(campuses),
    db.select({ id: cycles.id }).from(cycles),
  ]);
  if (allPermissions.length)
    await db
      .insert(userPermissions)
      .values(allPermissions.map((p) => ({ userId, permissionId: p.id })))
      .onConflictDoNothing();
  if (allCampuses.length)
    await db
      .insert(userCampusGrants)
      .values(allCampuses.map((c) => ({ userId, campusId: c.id })))
      .onConflictDoNothing();
  if (allCycles.length)
    await db
      .insert(userCycleGrants)
      .values(allCycles.map((c) => ({ userId, cycleId: c.id })))
      .onConflictDoNothing();
}

export interface NewAdminUser {
  email: string;
  password: string;
  name: string;
  lastName?: string;
  maternalSurName?: string;
  permissionNames?: readonly string[];
}

export async function createAdminUser(db: Database, input: NewAdminUser): Promise<AdminUserRow> {
  const [user] = await db
    .insert(adminUsers)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      name: input.name,
      lastName: input.lastName ?? '',
      maternalSurName: input.maternalSurName ?? '',
    })
    .returning();
  if (!user) throw new Error('insert returned no row');
  if (input.permissionNames?.length) {
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...input.permissionNames]));
    await db.insert(userPermissions).values(rows.map((p) => ({ userId: user.id, permissionId: p.id })));
  }
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
