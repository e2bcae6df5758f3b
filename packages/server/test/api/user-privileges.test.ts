/**
 * Privilege boundaries of user management (issue 7): a manager acts only on
 * users they cover and grants only what they hold; the takeover chain fails
 * at its first step; an e-mail change signs the user out and warns the old
 * address; the platform keeps an administrator; concurrent access updates
 * serialise; and a change whose audit entry cannot be written is not kept.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { DEMO_ADMIN } from '../../src/db/seed/demo';
import {
  actives,
  adminUsers,
  auditLog,
  campuses,
  cycles,
  mailOutbox,
  periods,
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  sessions,
  userCampusGrants,
  userCycleGrants,
  userPermissionGroups,
} from '../../src/db/schema';
import { createGroup } from '../../src/features/permission-groups/service';
import { createUser, getUserAccess, updateUser } from '../../src/features/users/management';
import {
  createAdminUser,
  LAST_ADMINISTRATOR_MESSAGE,
  loadAdminPrincipal,
  TARGET_HOLDS_MORE_MESSAGE,
} from '../../src/features/users/service';
import { createMailer } from '../../src/mail/mailer';
import type { Database } from '../../src/db/client';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { waitForOutboxMail } from '../helpers/outbox';
import { findResetLink } from '../helpers/smtp-catcher';

const PASSWORD = 'Privilegios2026!';

function client(t: TestApp) {
  return {
    get: (url: string, token?: string) => t.request({ method: 'GET', url: `${API}${url}`, token }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, token?: string) =>
      t.request({ method, url: `${API}${url}`, payload, token }),
  };
}

interface Holdings {
  permissions?: PermissionName[];
  campusIds?: number[];
  cycleIds?: number[];
  groupIds?: number[];
}

/** A back-office user holding exactly `holdings`, written straight to the database (test set-up). */
async function makeUser(db: Database, email: string, holdings: Holdings = {}): Promise<number> {
  const user = await createAdminUser(db, { email, password: PASSWORD, name: email.split('@')[0]!, permissionNames: holdings.permissions });
  if (holdings.campusIds?.length) await db.insert(userCampusGrants).values(holdings.campusIds.map((campusId) => ({ userId: user.id, campusId })));
  if (holdings.cycleIds?.length) await db.insert(userCycleGrants).values(holdings.cycleIds.map((cycleId) => ({ userId: user.id, cycleId })));
  if (holdings.groupIds?.length) await db.insert(userPermissionGroups).values(holdings.groupIds.map((groupId) => ({ userId: user.id, groupId })));
  return user.id;
}

async function makeGroup(db: Database, name: string, names: PermissionName[]): Promise<number> {
  const [group] = await db.insert(permissionGroups).values({ name }).returning({ id: permissionGroups.id });
  const rows = await db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const wanted = rows.filter((r) => names.includes(r.name as PermissionName));
  if (wanted.length) await db.insert(permissionGroupPermissions).values(wanted.map((p) => ({ groupId: group!.id, permissionId: p.id })));
  return group!.id;
}

/** Everything a refused request must leave as it was: the user, their access, their sessions, the audit log. */
async function userState(db: Database, id: number) {
  const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, id));
  const [open] = await db.select({ n: count() }).from(sessions).where(sql`${sessions.subjectId} = ${id} and ${sessions.subjectType} = 'admin' and ${sessions.revokedAt} is null`);
  return { user, access: await getUserAccess(db, id), openSessions: open!.n, audit: await auditCount(db) };
}

async function groupState(db: Database, id: number) {
  const [group] = await db.select().from(permissionGroups).where(eq(permissionGroups.id, id));
  const names = await db
    .select({ name: permissions.name })
    .from(permissionGroupPermissions)
    .innerJoin(permissions, eq(permissions.id, permissionGroupPermissions.permissionId))
    .where(eq(permissionGroupPermissions.groupId, id));
  const members = await db.select().from(userPermissionGroups).where(eq(userPermissionGroups.groupId, id));
  return { group, names: names.map((n) => n.name).sort(), members, audit: await auditCount(db) };
}

async function auditCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog);
  return row!.n;
}

describe(`a user manager acts only on users they cover (${driverName})`, () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let puebla: number;
  let guadalajara: number;
  let cycleId: number;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    api = client(t);
    puebla = t.demo!.campusIds.Puebla!;
    guadalajara = t.demo!.campusIds.Guadalajara!;
    cycleId = (await t.db.select({ id: cycles.id }).from(cycles).limit(1))[0]!.id;
    const reportsGroup = await makeGroup(t.db, 'Reportes de campus', [PERMISSIONS.viewCampusReports]);
    const managerHoldings: Holdings = { permissions: [PERMISSIONS.manageUsers, PERMISSIONS.viewUsers, PERMISSIONS.viewActives], campusIds: [puebla] };
    ids.admin = t.demo!.adminId;
    ids.pueblaManager = await makeUser(t.db, 'gestor.puebla@encuestas.mx', managerHoldings);
    ids.twinManager = await makeUser(t.db, 'gemelo.puebla@encuestas.mx', managerHoldings);
    ids.pueblaViewer = await makeUser(t.db, 'consulta.p@encuestas.mx', { permissions: [PERMISSIONS.viewActives], campusIds: [puebla] });
    ids.blank = await makeUser(t.db, 'vacio@encuestas.mx');
    ids.otherCampus = await makeUser(t.db, 'consulta.g@encuestas.mx', { permissions: [PERMISSIONS.viewActives], campusIds: [guadalajara] });
    ids.otherCycle = await makeUser(t.db, 'ciclo@encuestas.mx', { campusIds: [puebla], cycleIds: [cycleId] });
    ids.directPermission = await makeUser(t.db, 'reportes@encuestas.mx', { permissions: [PERMISSIONS.viewCycleReports], campusIds: [puebla] });
    ids.groupPermission = await makeUser(t.db, 'grupo@encuestas.mx', { campusIds: [puebla], groupIds: [reportsGroup] });
    tokens.admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    tokens.pueblaManager = await t.login('gestor.puebla@encuestas.mx', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Target = 'admin' | 'twinManager' | 'pueblaViewer' | 'blank' | 'otherCampus' | 'otherCycle' | 'directPermission' | 'groupPermission';
  const covered: Record<Target, boolean> = {
    admin: false, // every permission, campus and cycle
    twinManager: true, // exactly the manager's own access
    pueblaViewer: true,
    blank: true,
    otherCampus: false,
    otherCycle: false,
    directPermission: false,
    groupPermission: false, // a permission the manager lacks, through a group
  };
  const routes = [
    {
      route: 'PUT /users/{id}',
      call: (api: ReturnType<typeof client>, id: number, token: string, email: string) =>
        api.send('PUT', `/users/${id}`, { name: 'Renombrado', last_name: 'Por', maternal_sur_name: 'Gestor', email }, token),
    },
    {
      route: 'PUT /users/{id}/avalible',
      call: (api: ReturnType<typeof client>, id: number, token: string) => api.send('PUT', `/users/${id}/avalible`, { avalible: false }, token),
    },
    {
      route: 'PUT /users/{id}/access',
      call: (api: ReturnType<typeof client>, id: number, token: string, _email: string, puebla: number) =>
        api.send('PUT', `/users/${id}/access`, { permissions: [], groups: [], campusIds: [puebla], cicleIds: [] }, token),
    },
  ];
  const cases = routes.flatMap(({ route, call }) =>
    (Object.keys(covered) as Target[]).map((target) => ({ route, call, target, status: covered[target] ? 200 : 403 })),
  );

  it.each(cases)('the Puebla manager on $target via $route answers $status', async ({ call, target, status }) => {
    const id = ids[target]!;
    const [row] = await t.db.select({ email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.id, id));
    // A user who holds more keeps a live session, so a refusal can be seen to leave it open.
    if (!covered[target]) await t.login(row!.email, target === 'admin' ? DEMO_ADMIN.password : PASSWORD);
    const before = await userState(t.db, id);
    const response = await call(api, id, tokens.pueblaManager!, row!.email, puebla);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) {
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: TARGET_HOLDS_MORE_MESSAGE });
      expect(await userState(t.db, id)).toEqual(before);
    } else {
      expect(await auditCount(t.db)).toBe(before.audit + 1);
    }
  });

  it('grants only what the manager holds: a permission, a group, a campus or a cycle beyond them is 422 and changes nothing', async () => {
    const id = ids.blank!;
    await api.send('PUT', `/users/${id}/avalible`, { avalible: true }, tokens.admin);
    const reportsGroup = (await t.db.select().from(permissionGroups).where(eq(permissionGroups.name, 'Reportes de campus')))[0]!.id;
    const before = await userState(t.db, id);
    const tries = [
      { field: 'permissions', body: { permissions: [PERMISSIONS.viewAuditLog], groups: [], campusIds: [], cicleIds: [] } },
      { field: 'groups', body: { permissions: [], groups: [reportsGroup], campusIds: [], cicleIds: [] } },
      { field: 'campusIds', body: { permissions: [], groups: [], campusIds: [guadalajara], cicleIds: [] } },
      { field: 'cicleIds', body: { permissions: [], groups: [], campusIds: [], cicleIds: [cycleId] } },
    ];
    for (const { field, body } of tries) {
      const response = await api.send('PUT', `/users/${id}/access`, body, tokens.pueblaManager);
      expect(response.statusCode, field).toBe(422);
      expect(response.json().error.fields[field], field).toBeDefined();
    }
    expect(await userState(t.db, id)).toEqual(before);
    const within = await api.send('PUT', `/users/${id}/access`, { permissions: [PERMISSIONS.viewActives], groups: [], campusIds: [puebla], cicleIds: [] }, tokens.pueblaManager);
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json()).toMatchObject({ permissions: [PERMISSIONS.viewActives], campuses: [{ id: puebla }] });
  });

  describe('permission groups', () => {
    let held: number;
    let beyond: number;
    let withStrongMember: number;
    beforeAll(async () => {
      held = await makeGroup(t.db, 'Consulta de periodos', [PERMISSIONS.viewActives]);
      beyond = await makeGroup(t.db, 'Bitácora', [PERMISSIONS.viewAuditLog]);
      withStrongMember = await makeGroup(t.db, 'Consulta con miembro de Guadalajara', [PERMISSIONS.viewActives]);
      await makeUser(t.db, 'miembro.g@encuestas.mx', { campusIds: [guadalajara], groupIds: [withStrongMember] });
      await makeUser(t.db, 'miembro.p@encuestas.mx', { campusIds: [puebla], groupIds: [held] });
    });

    const groupCases = [
      { action: 'PUT', group: 'held', status: 200 },
      { action: 'PUT', group: 'beyond', status: 403 },
      { action: 'PUT', group: 'withStrongMember', status: 403 },
      { action: 'DELETE', group: 'beyond', status: 403 },
      { action: 'DELETE', group: 'withStrongMember', status: 403 },
      { action: 'DELETE', group: 'held', status: 204 },
    ] as const;

    it.each(groupCases)('the Puebla manager: $action of the group «$group» answers $status', async ({ action, group, status }) => {
      const id = { held, beyond, withStrongMember }[group];
      const before = await groupState(t.db, id);
      const response =
        action === 'PUT'
          ? await api.send('PUT', `/permissions-groups/${id}`, { name: `Cambiado ${group}`, permissions: [PERMISSIONS.viewActives] }, tokens.pueblaManager)
          : await api.send('DELETE', `/permissions-groups/${id}`, undefined, tokens.pueblaManager);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 403) {
        expect(response.json().error.code).toBe('FORBIDDEN');
        expect(response.json().error.message).toMatch(/^No puedes modificar ni eliminar un grupo/);
        expect(await groupState(t.db, id)).toEqual(before);
      }
    });

    it('POST /permissions-groups with a permission the manager lacks is 422 and creates nothing; with held ones, 201', async () => {
      const [before] = await t.db.select({ n: count() }).from(permissionGroups);
      const refused = await api.send('POST', '/permissions-groups', { name: 'Inflado', permissions: [PERMISSIONS.viewActives, PERMISSIONS.importDirectory] }, tokens.pueblaManager);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields.permissions[0]).toContain(PERMISSIONS.importDirectory);
      expect((await t.db.select({ n: count() }).from(permissionGroups))[0]!.n).toBe(before!.n);
      const created = await api.send('POST', '/permissions-groups', { name: 'Permitido', permissions: [PERMISSIONS.viewActives] }, tokens.pueblaManager);
      expect(created.statusCode).toBe(201);
    });
  });

  it('the takeover chain fails at its first step: the Puebla manager cannot move user 1’s e-mail, so no reset reaches them', async () => {
    const adminId = ids.admin!;
    const adminSession = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const before = await userState(t.db, adminId);
    const attacker = 'atacante@example.com';

    const takeover = await api.send('PUT', `/users/${adminId}`, { name: 'Administrador', last_name: '', maternal_sur_name: '', email: attacker }, tokens.pueblaManager);
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().error.message).toBe(TARGET_HOLDS_MORE_MESSAGE);
    expect(await userState(t.db, adminId)).toEqual(before);

    // The later steps find nothing to work with.
    await api.send('POST', '/admin/send-reset-email', { email: attacker });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, attacker))).toEqual([]);
    expect((await api.send('POST', '/admin/login', { email: attacker, password: PASSWORD })).statusCode).toBe(401);
    // The administrator is neither locked out nor signed out, and cannot be disabled or stripped either.
    expect((await api.get('/admin/me', adminSession)).statusCode).toBe(200);
    await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await api.send('PUT', `/users/${adminId}/avalible`, { avalible: false }, tokens.pueblaManager)).statusCode).toBe(403);
    expect((await api.send('PUT', `/users/${adminId}/access`, { permissions: [], groups: [], campusIds: [], cicleIds: [] }, tokens.pueblaManager)).statusCode).toBe(403);
    expect((await t.db.select().from(adminUsers).where(eq(adminUsers.id, adminId)))[0]).toMatchObject({ email: DEMO_ADMIN.email, avalible: true });
  });

  it('a new e-mail signs the user out, voids their unused reset links and warns the old address', async () => {
    const oldEmail = 'cambio.correo@encuestas.mx';
    const newEmail = 'nuevo.correo@encuestas.mx';
    const id = await makeUser(t.db, oldEmail, { permissions: [PERMISSIONS.viewActives], campusIds: [puebla] });
    const session = await t.login(oldEmail, PASSWORD);
    await api.send('POST', '/admin/send-reset-email', { email: oldEmail });
    const resetMail = await waitForOutboxMail(t.db, oldEmail);
    const link = new URL(findResetLink(resetMail.text)!);

    const changed = await api.send('PUT', `/users/${id}`, { name: 'Cambio', last_name: 'De', maternal_sur_name: 'Correo', email: newEmail }, tokens.pueblaManager);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.email).toBe(newEmail);

    expect((await api.get('/admin/me', session)).statusCode).toBe(401);
    for (const email of [oldEmail, newEmail]) {
      const reset = await api.send('POST', '/admin/reset-forgot-password', {
        token: link.searchParams.get('token'),
        email,
        password: 'OtraClave2026!',
        password_confirmation: 'OtraClave2026!',
      });
      expect(reset.statusCode, email).toBe(422);
      expect(reset.json().error.code).toBe('INVALID_RESET_TOKEN');
    }
    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, oldEmail));
    const notice = notices.find((m) => m.subject.startsWith('Cambió el correo de tu cuenta'));
    expect(notice).toBeDefined();
    expect(notice!.text).toContain(`de ${oldEmail} a ${newEmail}`);
    expect(notice!.text).toContain('comunícate de inmediato con el administrador');
    const [entry] = await t.db.select().from(auditLog).where(sql`${auditLog.entity} = 'user' and ${auditLog.entityId} = ${String(id)} and ${auditLog.action} = 'update'`);
    expect(entry!.details).toMatchObject({ email: newEmail, previous_email: oldEmail });
    await t.login(newEmail, PASSWORD);
  });

  it('an edit that keeps the e-mail keeps the user’s sessions and sends no notice', async () => {
    const email = 'mismo.correo@encuestas.mx';
    const id = await makeUser(t.db, email);
    const session = await t.login(email, PASSWORD);
    const [mailsBefore] = await t.db.select({ n: count() }).from(mailOutbox);
    const edited = await api.send('PUT', `/users/${id}`, { name: 'Mismo', last_name: 'Correo', maternal_sur_name: '', email }, tokens.pueblaManager);
    expect(edited.statusCode).toBe(200);
    expect((await api.get('/admin/me', session)).statusCode).toBe(200);
    expect((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n).toBe(mailsBefore!.n);
  });

  it('20 concurrent access updates of one user all answer 200, and the result is one of them', async () => {
    const id = await makeUser(t.db, 'concurrente@encuestas.mx');
    const allCampuses = Object.values(t.demo!.campusIds);
    const allCycles = (await t.db.select({ id: cycles.id }).from(cycles)).map((c) => c.id);
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      permissions: i % 2 ? [PERMISSIONS.viewActives] : [PERMISSIONS.viewActives, PERMISSIONS.viewUsers],
      groups: [],
      campusIds: allCampuses.filter((_, c) => (i + c) % 3 !== 0),
      cicleIds: allCycles.filter((_, c) => (i + c) % 2 === 0),
    }));
    const responses = await Promise.all(bodies.map((body) => api.send('PUT', `/users/${id}/access`, body, tokens.admin)));
    expect(responses.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));
    const final = await getUserAccess(t.db, id);
    const state = (b: (typeof bodies)[number]) => ({ permissions: [...b.permissions].sort(), campusIds: [...b.campusIds].sort(), cicleIds: [...b.cicleIds].sort() });
    const finalState = {
      permissions: [...final.direct_permissions].sort(),
      campusIds: final.campuses.map((c) => c.id).sort(),
      cicleIds: final.cicles.map((c) => c.id).sort(),
    };
    expect(bodies.map(state)).toContainEqual(finalState);
  });
});

describe(`the platform keeps an administrator (${driverName})`, () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let group: number;
  let soleAdmin: number;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = client(t);
    // The only administrator holds 'Gestionar Usuarios y Permisos' through a group.
    group = await makeGroup(t.db, 'Administración', [PERMISSIONS.manageUsers, PERMISSIONS.viewUsers]);
    soleAdmin = await makeUser(t.db, 'unico@encuestas.mx', { groupIds: [group] });
    token = await t.login('unico@encuestas.mx', PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('editing or deleting the group that makes the last administrator is 409 and changes nothing', async () => {
    const before = await groupState(t.db, group);
    const edit = await api.send('PUT', `/permissions-groups/${group}`, { name: 'Administración', permissions: [PERMISSIONS.viewUsers] }, token);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toEqual({ code: 'CONFLICT', message: LAST_ADMINISTRATOR_MESSAGE });
    const removal = await api.send('DELETE', `/permissions-groups/${group}`, undefined, token);
    expect(removal.statusCode).toBe(409);
    expect(await groupState(t.db, group)).toEqual(before);
  });

  it('a disabled holder of the permission does not count as an administrator; an enabled one does', async () => {
    const other = await makeUser(t.db, 'segundo@encuestas.mx', { permissions: [PERMISSIONS.manageUsers] });
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, other));
    const edit = () => api.send('PUT', `/permissions-groups/${group}`, { name: 'Administración', permissions: [PERMISSIONS.viewUsers] }, token);
    expect((await edit()).statusCode).toBe(409);
    expect((await api.send('PUT', `/users/${other}/avalible`, { avalible: true }, token)).statusCode).toBe(200);
    expect((await edit()).statusCode).toBe(200);
    expect((await loadAdminPrincipal(t.db, soleAdmin))!.permissions).toEqual([PERMISSIONS.viewUsers]);
  });

  it('two administrators disabling each other at once: one wins, one administrator remains', async () => {
    const a = await makeUser(t.db, 'uno@encuestas.mx', { permissions: [PERMISSIONS.manageUsers] });
    const b = await makeUser(t.db, 'dos@encuestas.mx', { permissions: [PERMISSIONS.manageUsers] });
    // Only a and b administer now.
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.email, 'segundo@encuestas.mx'));
    const [tokenA, tokenB] = [await t.login('uno@encuestas.mx', PASSWORD), await t.login('dos@encuestas.mx', PASSWORD)];
    const results = await Promise.all([
      api.send('PUT', `/users/${b}/avalible`, { avalible: false }, tokenA),
      api.send('PUT', `/users/${a}/avalible`, { avalible: false }, tokenB),
    ]);
    // The loser is refused: 401 if the winner's commit (which signs it out) came before its token was
    // checked, 403 if it passed the check first and found itself disabled under the lock.
    const [won, lost] = results.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([401, 403]).toContain(lost);
    const enabled = await t.db.select({ id: adminUsers.id }).from(adminUsers).where(sql`${adminUsers.id} in (${a}, ${b}) and ${adminUsers.avalible}`);
    expect(enabled).toHaveLength(1);
  });
});

describe(`a change and its audit entry commit together or not at all (${driverName})`, () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    api = client(t);
    adminToken = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  // PostgreSQL stores a lone surrogate in a text column (as U+FFFD) but refuses it in jsonb:
  // the change succeeds and its audit insert fails, the case the issue found.
  const LONE_SURROGATE = 'a\uD800b';

  it('a user edit whose audit entry fails keeps nothing', async () => {
    const id = await makeUser(t.db, 'surrogado@encuestas.mx');
    const deps = { db: t.db, mailer: createMailer({ from: 'x@encuestas.mx', db: t.db, log: t.app.log, logContents: false }), platformName: 'Encuestas', institutionName: 'UNI', log: t.app.log };
    const actor = (await loadAdminPrincipal(t.db, t.demo!.adminId))!;
    const before = await userState(t.db, id);
    await expect(updateUser(deps, actor, id, { name: LONE_SURROGATE, last_name: '', maternal_sur_name: '', email: 'otro.surrogado@encuestas.mx' })).rejects.toThrow();
    expect(await userState(t.db, id)).toEqual(before);
    await expect(createUser(t.db, actor, { name: 'X', last_name: '', maternal_sur_name: '', email: `${LONE_SURROGATE}@encuestas.mx`, password: PASSWORD })).rejects.toThrow();
    await expect(createGroup(t.db, actor, { name: LONE_SURROGATE, description: '', permissions: [] })).rejects.toThrow();
    expect(await auditCount(t.db)).toBe(before.audit);
    expect(await t.db.select().from(adminUsers).where(sql`${adminUsers.email} like 'a%b@encuestas.mx'`)).toEqual([]);
    expect(await t.db.select().from(permissionGroups).where(sql`${permissionGroups.name} like 'a%b'`)).toEqual([]);
  });

  describe('with the audit log refusing every entry', () => {
    let userId: number;
    let groupId: number;
    let puebla: number;
    beforeAll(async () => {
      userId = await makeUser(t.db, 'auditado@encuestas.mx', { permissions: [PERMISSIONS.viewActives] });
      groupId = await makeGroup(t.db, 'Auditado', [PERMISSIONS.viewActives]);
      puebla = t.demo!.campusIds.Puebla!;
      await t.db.execute(sql`alter table audit_log add constraint audit_log_refuses_all check (false) not valid`);
    });
    afterAll(async () => {
      await t.db.execute(sql`alter table audit_log drop constraint audit_log_refuses_all`);
    });

    const start = addDays(mexicoCityDay(), 900);
    const cases = [
      {
        route: 'POST /users',
        call: () => api.send('POST', '/users', { name: 'Nuevo', email: 'nuevo.auditado@encuestas.mx', password: PASSWORD, password_confirmation: PASSWORD }, adminToken),
        state: () => t.db.select().from(adminUsers).where(eq(adminUsers.email, 'nuevo.auditado@encuestas.mx')),
      },
      {
        route: 'PUT /users/{id}',
        call: () => api.send('PUT', `/users/${userId}`, { name: 'Otro', last_name: '', maternal_sur_name: '', email: 'movido@encuestas.mx' }, adminToken),
        state: () => userState(t.db, userId),
      },
      {
        route: 'PUT /users/{id}/avalible',
        call: () => api.send('PUT', `/users/${userId}/avalible`, { avalible: false }, adminToken),
        state: () => userState(t.db, userId),
      },
      {
        route: 'PUT /users/{id}/access',
        call: () => api.send('PUT', `/users/${userId}/access`, { permissions: [], groups: [groupId], campusIds: [puebla], cicleIds: [] }, adminToken),
        state: () => userState(t.db, userId),
      },
      {
        route: 'POST /permissions-groups',
        call: () => api.send('POST', '/permissions-groups', { name: 'Nuevo grupo', permissions: [] }, adminToken),
        state: () => t.db.select().from(permissionGroups).where(eq(permissionGroups.name, 'Nuevo grupo')),
      },
      {
        route: 'PUT /permissions-groups/{id}',
        call: () => api.send('PUT', `/permissions-groups/${groupId}`, { name: 'Renombrado', permissions: [] }, adminToken),
        state: () => groupState(t.db, groupId),
      },
      {
        route: 'DELETE /permissions-groups/{id}',
        call: () => api.send('DELETE', `/permissions-groups/${groupId}`, undefined, adminToken),
        state: () => groupState(t.db, groupId),
      },
      {
        route: 'POST /periodos',
        call: () => api.send('POST', '/periodos', { nombre: '3999A', fecha_inicio: '3999-01-01', fecha_fin: '3999-06-30' }, adminToken),
        state: () => t.db.select().from(periods).where(eq(periods.nombre, '3999A')),
      },
      {
        route: 'POST /actives',
        call: async () => {
          const [cycle] = await t.db.select({ id: cycles.id }).from(cycles).limit(1);
          return api.send('POST', '/actives', { campusId: puebla, periodoId: t.demo!.currentPeriodId, startDate: start, endDate: addDays(start, 1), cicles: [cycle!.id] }, adminToken);
        },
        state: () => t.db.select().from(actives).where(eq(actives.startActive, start)),
      },
      {
        route: 'PUT /campus/{id}/suggestion-box',
        call: async () => {
          const [campus] = await t.db.select().from(campuses).where(eq(campuses.id, puebla));
          return api.send('PUT', `/campus/${puebla}/suggestion-box`, { avalible: !campus!.suggestionBoxOpen }, adminToken);
        },
        state: () => t.db.select().from(campuses).where(eq(campuses.id, puebla)),
      },
    ];

    it.each(cases)('$route fails as a whole: nothing changed', async ({ call, state }) => {
      const before = await state();
      const response = await call();
      expect(response.statusCode, response.body).toBe(500);
      expect(await state()).toEqual(before);
    });
  });
});
