/**
 * Every back-office request reads its user, their permissions and grants, and
 * whether the token's session is open in one statement (loadAdminSession):
 * it must say what the separate reads say, and never take another user's or a
 * closed session for an open one.
 */
import { and, eq } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@encuestas/core/permissions';
import {
  adminUsers,
  cycles,
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
  userPermissions,
  userPlanGrants,
} from '../../src/db/schema';
import { TokenService } from '../../src/http/tokens';
import { createAdminUser, effectivePermissions, loadAdminSession } from '../../src/features/users/service';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createCampus } from '../helpers/factories';

let t: TestApp;
let userId: number;
let token: string;
let campusIds: number[];
let cycleIds: number[];
const sessionOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')).jti as string;

beforeAll(async () => {
  t = await createTestApp();
  const email = 'principal@prueba.mx';
  const password = 'Prueba-Principal-2026!';
  const user = await createAdminUser(t.db, { email, password, name: 'Coordinación', permissionNames: [PERMISSIONS.viewUsers, PERMISSIONS.viewCycleReports] });
  userId = user.id;
  // A group adds one permission the user also holds directly and one they do not.
  const [group] = await t.db.insert(permissionGroups).values({ name: 'Reportes de campus' }).returning({ id: permissionGroups.id });
  const granted = await t.db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const idOf = (name: string) => granted.find((p) => p.name === name)!.id;
  await t.db.insert(permissionGroupPermissions).values([
    { groupId: group!.id, permissionId: idOf(PERMISSIONS.viewCampusReports) },
    { groupId: group!.id, permissionId: idOf(PERMISSIONS.viewUsers) },
  ]);
  await t.db.insert(userPermissionGroups).values({ userId, groupId: group!.id });
  // Inserted out of order: the principal lists them sorted.
  campusIds = [await createCampus(t.db), await createCampus(t.db)];
  await t.db.insert(userCampusGrants).values([{ userId, campusId: campusIds[1]! }, { userId, campusId: campusIds[0]! }]);
  cycleIds = (await t.db.select({ id: cycles.id }).from(cycles).limit(2)).map((c) => c.id);
  await t.db.insert(userCycleGrants).values(cycleIds.map((cycleId) => ({ userId, cycleId })).reverse());
  await t.db.insert(userPlanGrants).values([
    { userId, campusId: campusIds[1]!, plan: 'LADE' },
    { userId, campusId: campusIds[0]!, plan: 'ICI' },
    { userId, campusId: campusIds[0]!, plan: 'ARQ' },
  ]);
  token = await t.login(email, password);
});
afterAll(async () => {
  await t?.close();
});

describe(`the back-office principal in one statement (${driverName})`, () => {
  it('holds the direct and group permissions once each, sorted, and every grant', async () => {
    const session = await loadAdminSession(t.db, userId, sessionOf(token));
    expect(session?.sessionOpen).toBe(true);
    const principal = session!.principal;
    expect(principal.user.id).toBe(userId);
    expect(principal.user.email).toBe('principal@prueba.mx');
    expect(principal.user.createdAt).toBeInstanceOf(Date);
    expect(principal.permissions).toEqual(await effectivePermissions(t.db, userId));
    expect(principal.permissions).toEqual([PERMISSIONS.viewCampusReports, PERMISSIONS.viewCycleReports, PERMISSIONS.viewUsers].sort());
    expect(principal.campusIds).toEqual([...campusIds].sort((a, b) => a - b));
    expect(principal.cycleIds).toEqual([...cycleIds].sort((a, b) => a - b));
    expect(principal.planGrants).toEqual([
      { campusId: campusIds[0], plan: 'ARQ' },
      { campusId: campusIds[0], plan: 'ICI' },
      { campusId: campusIds[1], plan: 'LADE' },
    ]);
  });

  it('a user with nothing granted gets empty lists, not null', async () => {
    const bare = await createAdminUser(t.db, { email: 'sin-permisos@prueba.mx', password: 'Prueba-Bare-2026!', name: 'Sin permisos', permissionNames: [] });
    const session = await loadAdminSession(t.db, bare.id, null);
    expect(session?.principal).toMatchObject({ permissions: [], campusIds: [], cycleIds: [], planGrants: [] });
  });

  it("another user's open session, no session or no such user is never an open session", async () => {
    const other = await createAdmin(t);
    expect((await loadAdminSession(t.db, userId, sessionOf(other.token)))?.sessionOpen).toBe(false);
    expect((await loadAdminSession(t.db, userId, null))?.sessionOpen).toBe(false);
    expect(await loadAdminSession(t.db, 2_000_000_000, sessionOf(token))).toBeNull();
  });

  it("a token signed for one user carrying another's session is refused (401)", async () => {
    const other = await createAdmin(t);
    const tokens = new TokenService(t.db, TEST_JWT_SECRET);
    const theirs = await tokens.issue('admin', other.id);
    const subject = (await tokens.verifySignature(theirs))!;
    // Signed with the server's key (as a leaked key would allow): the user is ours, the session theirs.
    const sign = createSigner({ key: TEST_JWT_SECRET, algorithm: 'HS256', iss: 'encuestas' });
    const mixed = sign({ typ: 'admin', sub: String(userId), jti: subject.sessionId, exp: Math.floor(Date.now() / 1000) + 3600 });
    // The same token with its own user's id passes: the refusal is the session's owner, not the signature.
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: sign({ typ: 'admin', sub: String(other.id), jti: subject.sessionId, exp: Math.floor(Date.now() / 1000) + 3600 }) })).statusCode).toBe(200);
    const response = await t.request({ method: 'GET', url: `${API}/admin/me`, token: mixed });
    expect(response.statusCode).toBe(401);
  });

  it('after logout the session is closed: the next back-office request is 401', async () => {
    const own = await t.login('principal@prueba.mx', 'Prueba-Principal-2026!');
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: own })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `${API}/admin/logout`, token: own })).statusCode).toBe(200);
    expect((await loadAdminSession(t.db, userId, sessionOf(own)))?.sessionOpen).toBe(false);
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: own })).statusCode).toBe(401);
  });

  it('a permission taken away holds from the very next request', async () => {
    const own = await t.login('principal@prueba.mx', 'Prueba-Principal-2026!');
    expect((await t.request({ method: 'GET', url: `${API}/users?page=1&perPage=5`, token: own })).statusCode).toBe(200);
    await t.db.delete(userPermissionGroups).where(eq(userPermissionGroups.userId, userId));
    const direct = await t.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, PERMISSIONS.viewUsers));
    await t.db.delete(userPermissions).where(and(eq(userPermissions.userId, userId), eq(userPermissions.permissionId, direct[0]!.id)));
    expect((await t.request({ method: 'GET', url: `${API}/users?page=1&perPage=5`, token: own })).statusCode).toBe(403);
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, userId));
    const disabled = await t.request({ method: 'GET', url: `${API}/admin/me`, token: own });
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().error.message).toContain('deshabilitada');
  });
});
