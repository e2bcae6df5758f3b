/**
 * Back-office users as plain data-layer writes: the permission catalogue, a
 * new administrator, everything granted. Used by the seeds (which write
 * through the data layer, never through feature services) and by the users
 * feature, which adds the rules (cover, audit, locks) around them.
 */
import { eq, inArray } from 'drizzle-orm';
import { ALL_PERMISSION_NAMES } from '@encuestas/core/permissions';
import { hashPassword } from '../http/passwords';
import type { Database } from './client';
import { adminUsers, campuses, cycles, permissions, userCampusGrants, userCycleGrants, userPermissions, userPlanGrants } from './schema';

export type AdminUserRow = typeof adminUsers.$inferSelect;

/** Makes the permission table hold exactly the catalogue's names (new names are added). */
export async function ensurePermissionCatalogue(db: Database): Promise<void> {
  await db
    .insert(permissions)
    .values(ALL_PERMISSION_NAMES.map((name) => ({ name })))
    .onConflictDoNothing();
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
  // Every plan of study too: no coordinator limit left.
  await db.delete(userPlanGrants).where(eq(userPlanGrants.userId, userId));
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
