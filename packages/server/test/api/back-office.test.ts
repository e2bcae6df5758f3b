/**
 * The back office of spec §2–§9: a permission matrix over every route,
 * grant tampering, survey applications (actives), Power Campus periods,
 * users and permission groups.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERIOD_NAME_MESSAGE } from '@encuestas/core/periods';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { DEMO_ADMIN, DEMO_NO_PERMISSIONS, DEMO_PERIODS_VIEWER, DEMO_STAFF_PC_ID } from '../../src/db/seed/demo';
import { actives, adminUsers, auditLog, cycles, nom035Referrals, staff } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
let adminToken: string;
let viewerToken: string;
let noneToken: string;
let puebla: number;
let guadalajara: number;
let currentPeriod: number;
let cycleIds: Record<string, number>;
let pueblaActiveId: number;
let guadalajaraActiveId: number;
let noneUserId: number;
/** A NOM-035 referral of a Puebla worker (the only person-linked NOM-035 data). */
let referralId: number;
const today = mexicoCityDay();

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  adminToken = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  viewerToken = await t.login(DEMO_PERIODS_VIEWER.email, DEMO_PERIODS_VIEWER.password);
  noneToken = await t.login(DEMO_NO_PERMISSIONS.email, DEMO_NO_PERMISSIONS.password);
  puebla = t.demo!.campusIds.Puebla!;
  guadalajara = t.demo!.campusIds.Guadalajara!;
  currentPeriod = t.demo!.currentPeriodId;
  cycleIds = Object.fromEntries((await t.db.select().from(cycles)).map((c) => [c.name, c.id]));
  const rows = await t.db.select().from(actives).where(eq(actives.periodoId, currentPeriod));
  pueblaActiveId = rows.find((r) => r.campusId === puebla)!.id;
  guadalajaraActiveId = rows.find((r) => r.campusId === guadalajara)!.id;
  noneUserId = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, DEMO_NO_PERMISSIONS.email)))[0]!.id;
  const [worker] = await t.db.select({ id: staff.id }).from(staff).where(eq(staff.pcId, DEMO_STAFF_PC_ID));
  const [referral] = await t.db.insert(nom035Referrals).values({ staffId: worker!.id, activeId: pueblaActiveId }).returning({ id: nom035Referrals.id });
  referralId = referral!.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `${API}${url}`, token });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, token?: string) =>
  t.request({ method, url: `${API}${url}`, payload, token });

let sequence = 0;
/** A distinct future window per call, so matrix requests never overlap each other. */
function futureWindow(): { startDate: string; endDate: string } {
  sequence += 1;
  const start = addDays(today, 400 + sequence * 3);
  return { startDate: start, endDate: addDays(start, 1) };
}

interface RouteCase {
  name: string;
  permission: PermissionName | null;
  call(token?: string): ReturnType<typeof get>;
}

const routes = (): RouteCase[] => [
  { name: 'GET /campus', permission: null, call: (tk) => get('/campus', tk) },
  { name: 'GET /campus/permissions', permission: null, call: (tk) => get('/campus/permissions', tk) },
  { name: 'GET /periodos', permission: null, call: (tk) => get('/periodos', tk) },
  { name: 'GET /ciclos', permission: null, call: (tk) => get('/ciclos', tk) },
  { name: 'GET /ciclos/permissions', permission: null, call: (tk) => get('/ciclos/permissions', tk) },
  { name: 'GET /active/cicles', permission: null, call: (tk) => get('/active/cicles', tk) },
  { name: 'GET /permissions', permission: null, call: (tk) => get('/permissions', tk) },
  { name: 'GET /admin/me', permission: null, call: (tk) => get('/admin/me', tk) },
  { name: 'GET /actives', permission: PERMISSIONS.viewActives, call: (tk) => get('/actives?page=1&perPage=10', tk) },
  { name: 'GET /active/{id}', permission: PERMISSIONS.viewActives, call: (tk) => get(`/active/${pueblaActiveId}`, tk) },
  {
    name: 'POST /actives',
    permission: PERMISSIONS.createActives,
    call: (tk) =>
      send('POST', '/actives', { campusId: puebla, periodoId: currentPeriod, ...futureWindow(), cicles: [cycleIds['Evaluación Docente']] }, tk),
  },
  {
    name: 'POST /actives/batch',
    permission: PERMISSIONS.createActives,
    call: (tk) =>
      send('POST', '/actives/batch', { campusIds: [puebla], periodoId: currentPeriod, ...futureWindow(), cicles: [cycleIds['Evaluación Docente']] }, tk),
  },
  {
    name: 'POST /actives/copy-previous',
    permission: PERMISSIONS.createActives,
    call: (tk) => send('POST', '/actives/copy-previous', { periodoId: currentPeriod, preview: true }, tk),
  },
  {
    name: 'PUT /actives/{id}',
    permission: PERMISSIONS.editActives,
    call: (tk) => send('PUT', `/actives/${pueblaActiveId}`, { startDate: addDays(today, -7), endDate: addDays(today, 35), cicles: [cycleIds['Evaluación Docente']!, cycleIds['Encuesta de Servicios A']!] }, tk),
  },
  {
    name: 'POST /periodos',
    permission: PERMISSIONS.createPowerCampusPeriods,
    call: (tk) => send('POST', '/periodos', { nombre: `${3000 + ++sequence}A`, fecha_inicio: '3000-01-01', fecha_fin: '3000-06-30' }, tk),
  },
  { name: 'GET /users', permission: PERMISSIONS.viewUsers, call: (tk) => get('/users?page=1&perPage=10', tk) },
  { name: 'GET /users/{id}', permission: PERMISSIONS.viewUsers, call: (tk) => get(`/users/${noneUserId}`, tk) },
  { name: 'GET /users/plan-options', permission: PERMISSIONS.viewUsers, call: (tk) => get('/users/plan-options', tk) },
  { name: 'GET /permissions-groups', permission: PERMISSIONS.viewUsers, call: (tk) => get('/permissions-groups', tk) },
  {
    name: 'POST /users',
    permission: PERMISSIONS.manageUsers,
    call: (tk) =>
      send('POST', '/users', { name: 'Nuevo', email: `nuevo${++sequence}@encuestas.mx`, password: 'Segura-Tilo-2026', password_confirmation: 'Segura-Tilo-2026' }, tk),
  },
  {
    name: 'PUT /users/{id}',
    permission: PERMISSIONS.manageUsers,
    call: (tk) => send('PUT', `/users/${noneUserId}`, { name: 'Jorge', last_name: 'Salas', maternal_sur_name: 'Núñez', email: DEMO_NO_PERMISSIONS.email }, tk),
  },
  { name: 'PUT /users/{id}/avalible', permission: PERMISSIONS.manageUsers, call: (tk) => send('PUT', `/users/${noneUserId}/avalible`, { avalible: true }, tk) },
  {
    name: 'PUT /users/{id}/access',
    permission: PERMISSIONS.manageUsers,
    call: (tk) => send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [], campusIds: [], cicleIds: [] }, tk),
  },
  {
    name: 'POST /permissions-groups',
    permission: PERMISSIONS.manageUsers,
    call: (tk) => send('POST', '/permissions-groups', { name: `Grupo ${++sequence}`, permissions: [PERMISSIONS.viewActives] }, tk),
  },
  { name: 'GET /audit-log', permission: PERMISSIONS.viewAuditLog, call: (tk) => get('/audit-log?page=1&perPage=10', tk) },
  { name: 'GET /audit-log/actions', permission: PERMISSIONS.viewAuditLog, call: (tk) => get('/audit-log/actions', tk) },
  { name: 'GET /audit-log/actors', permission: PERMISSIONS.viewAuditLog, call: (tk) => get('/audit-log/actors', tk) },
  // The report by cycle (no campusId); by campus and grant tampering: test/api/reports.test.ts.
  { name: 'GET /reports/overview', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/overview?${reportScope()}`, tk) },
  { name: 'GET /reports/breakdown', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/breakdown?${reportScope()}&segment=group`, tk) },
  // The campus's survey types page (campus report permission; figures, cycle grants and tampering: test/api/reports-summary.test.ts).
  { name: 'GET /reports/summary', permission: PERMISSIONS.viewCampusReports, call: (tk) => get(`/reports/summary?periodoId=${currentPeriod}&campusId=${puebla}`, tk) },
  { name: 'GET /reports/texts', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/texts?${reportScope()}&item=comments`, tk) },
  // Kind-specific reports (teacher ids, NOM-035 application ids and campus tampering: test/api/reports-{teachers,nom035,suggestions}.test.ts).
  { name: 'GET /reports/teachers', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/teachers?${reportScope('Evaluación Docente')}`, tk) },
  { name: 'GET /reports/teacher-comments', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/teacher-comments?${reportScope('Evaluación Docente')}`, tk) },
  { name: 'GET /reports/nom035/applications', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/reports/nom035/applications?${reportScope('NOM-035')}`, tk) },
  { name: 'GET /reports/suggestions', permission: PERMISSIONS.viewSuggestions, call: (tk) => get('/reports/suggestions', tk) },
  // Missing respondents (campus tampering, the list's own permission and reminders: test/api/missing.test.ts).
  { name: 'GET /ciclo/{id}/missing/students', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/ciclo/${cycleIds['Encuesta de Servicios A']}/missing/students?periodoId=${currentPeriod}`, tk) },
  { name: 'GET /ciclo/{id}/missing/academic', permission: PERMISSIONS.viewCycleReports, call: (tk) => get(`/ciclo/${cycleIds['Ambiente Laboral']}/missing/academic?periodoId=${currentPeriod}`, tk) },
  {
    name: 'GET /ciclo/{id}/missing/students/reminders/recipients',
    permission: PERMISSIONS.sendReminders,
    call: (tk) => get(`/ciclo/${cycleIds['Encuesta de Servicios A']}/missing/students/reminders/recipients?periodoId=${currentPeriod}`, tk),
  },
  // NOM-035 referrals also need the NOM-035 survey type granted (below, 'campus and cycle grants').
  { name: 'GET /nom035/referrals', permission: PERMISSIONS.viewNom035Referrals, call: (tk) => get('/nom035/referrals', tk) },
  {
    name: 'PUT /nom035/referrals/{id}',
    permission: PERMISSIONS.viewNom035Referrals,
    call: (tk) => send('PUT', `/nom035/referrals/${referralId}`, { attended: false, notes: '' }, tk),
  },
  // The NOM-035 evidence file (test/api/nom035-file.test.ts: campus grants, referral names).
  { name: 'GET /nom035/campus/{campusId}/file', permission: PERMISSIONS.manageNom035, call: (tk) => get(`/nom035/campus/${puebla}/file`, tk) },
  { name: 'PUT /nom035/campus/{campusId}/policy', permission: PERMISSIONS.manageNom035, call: (tk) => send('PUT', `/nom035/campus/${puebla}/policy`, { text: 'Política' }, tk) },
];

const reportScope = (cycle = 'Encuesta de Servicios A') => `cicleId=${cycleIds[cycle]}&periodoId=${currentPeriod}`;

describe(`permission matrix over the back-office routes (${driverName})`, () => {
  it.each(routes().map((r) => [r.name, r] as const))('%s: no token → 401', async (_name, route) => {
    const response = await route.call(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(routes().map((r) => [r.name, r] as const))('%s: without its permission → 403, with it → 2xx', async (_name, route) => {
    const denied = await route.call(noneToken);
    if (route.permission) {
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toContain(route.permission);
    } else {
      expect(denied.statusCode).toBeLessThan(300);
    }
    const allowed = await route.call(adminToken);
    expect(allowed.statusCode, allowed.body).toBeGreaterThanOrEqual(200);
    expect(allowed.statusCode, allowed.body).toBeLessThan(300);
  });

  it('GET /users/permissions/{id}: one’s own always, another user’s only with Ver Usuarios', async () => {
    expect((await get(`/users/permissions/${noneUserId}`, noneToken)).json()).toEqual({ permissions: [] });
    expect((await get('/users/permissions/1', noneToken)).statusCode).toBe(403);
    const byAdmin = await get(`/users/permissions/${noneUserId}`, adminToken);
    expect(byAdmin.statusCode).toBe(200);
    expect((await get('/users/permissions/99999', adminToken)).statusCode).toBe(404);
  });
});

describe(`campus and cycle grants (${driverName})`, () => {
  it('lists only the granted campuses in the permission-filtered list', async () => {
    expect((await get('/campus/permissions', viewerToken)).json()).toEqual({ campuses: [{ id: puebla, nombre: 'Puebla', avalible: true }], allCampuses: false });
    expect((await get('/campus/permissions', adminToken)).json()).toMatchObject({ allCampuses: true });
    expect((await get('/campus', viewerToken)).json().campuses).toHaveLength(7);
  });

  it('lists only the granted campuses’ applications, and refuses another campus’s id with 403', async () => {
    const own = await get('/actives?page=1&perPage=100', viewerToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().actives.every((a: { campus_id: number }) => a.campus_id === puebla)).toBe(true);
    expect(own.json().total_actives).toBeGreaterThan(0);

    expect((await get(`/actives?campusId=${guadalajara}`, viewerToken)).statusCode).toBe(403);
    expect((await get(`/active/${guadalajaraActiveId}`, viewerToken)).statusCode).toBe(403);
    expect((await get(`/campus/${guadalajara}`, viewerToken)).statusCode).toBe(403);
    expect((await get(`/campus/${puebla}`, viewerToken)).json()).toEqual({ campus: { id: puebla, nombre: 'Puebla', avalible: true } });
    const inProgress = await get('/active/cicles', viewerToken);
    expect(inProgress.json().actives.map((a: { campus_id: number }) => a.campus_id)).toEqual([puebla]);
  });

  it('refuses to create or edit an application at a campus the user holds no grant for', async () => {
    await createAdminUser(t.db, {
      email: 'editor.puebla@encuestas.mx',
      password: 'Editor2026!',
      name: 'Editor',
      permissionNames: [PERMISSIONS.viewActives, PERMISSIONS.createActives, PERMISSIONS.editActives],
    });
    const editorId = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'editor.puebla@encuestas.mx')))[0]!.id;
    const grant = await send(
      'PUT',
      `/users/${editorId}/access`,
      {
        permissions: [PERMISSIONS.viewActives, PERMISSIONS.createActives, PERMISSIONS.editActives],
        groups: [],
        campusIds: [puebla],
        cicleIds: Object.values(cycleIds),
      },
      adminToken,
    );
    expect(grant.statusCode, grant.body).toBe(200);
    const editor = await t.login('editor.puebla@encuestas.mx', 'Editor2026!');
    const body = { periodoId: currentPeriod, ...futureWindow(), cicles: [cycleIds['Encuesta de Servicios B']] };
    expect((await send('POST', '/actives', { ...body, campusId: guadalajara }, editor)).statusCode).toBe(403);
    expect((await send('POST', '/actives', { ...body, campusId: puebla }, editor)).statusCode).toBe(201);
    const edit = { startDate: today, endDate: addDays(today, 3), cicles: [cycleIds['Encuesta de Servicios B']] };
    expect((await send('PUT', `/actives/${guadalajaraActiveId}`, edit, editor)).statusCode).toBe(403);
  });

  it('a user without cycle grants cannot attach that cycle', async () => {
    await createAdminUser(t.db, {
      email: 'sinciclos@encuestas.mx',
      password: 'Ciclos2026!',
      name: 'Sin ciclos',
      permissionNames: [PERMISSIONS.createActives],
    });
    const id = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'sinciclos@encuestas.mx')))[0]!.id;
    await send('PUT', `/users/${id}/access`, { permissions: [PERMISSIONS.createActives], groups: [], campusIds: [puebla], cicleIds: [] }, adminToken);
    const token = await t.login('sinciclos@encuestas.mx', 'Ciclos2026!');
    const response = await send('POST', '/actives', { campusId: puebla, periodoId: currentPeriod, ...futureWindow(), cicles: [cycleIds['NOM-035']] }, token);
    expect(response.statusCode).toBe(403);
    expect((await get('/ciclos/permissions', token)).json()).toEqual({ cicles: [] });
  });

  it('NOM-035 referrals need the NOM-035 survey type granted besides the permission and the campus', async () => {
    const otherTypes = Object.entries(cycleIds).filter(([name]) => name !== 'NOM-035').map(([, id]) => id);
    const permissionNames = [PERMISSIONS.viewNom035Referrals];
    const otherType = await signedInAdmin(t, { email: 'otro.tipo@encuestas.mx', password: 'Canal-Otro-2026', permissionNames, campusIds: [puebla], cycleIds: otherTypes });
    const nom035 = await signedInAdmin(t, { email: 'nom035@encuestas.mx', password: 'Canal-Norma-2026', permissionNames, campusIds: [puebla], cycleIds: [cycleIds['NOM-035']!] });
    const message = 'Para ver las canalizaciones necesitas acceso al tipo de encuesta «NOM-035». Solicítalo a tu administrador.';

    for (const refused of [await get('/nom035/referrals', otherType), await get(`/nom035/referrals?campusId=${puebla}`, otherType)]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(message);
    }
    const edit = await send('PUT', `/nom035/referrals/${referralId}`, { attended: true, notes: 'Visto por otro tipo' }, otherType);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(message);
    const [unchanged] = await t.db.select().from(nom035Referrals).where(eq(nom035Referrals.id, referralId));
    expect(unchanged).toMatchObject({ attendedAt: null, notes: '' });

    const listed = await get('/nom035/referrals', nom035);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().referrals.map((r: { id: number }) => r.id)).toContain(referralId);
    const attended = await send('PUT', `/nom035/referrals/${referralId}`, { attended: true, notes: 'Cita agendada' }, nom035);
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json().referral).toMatchObject({ notes: 'Cita agendada', attended_at: expect.any(String) });
    // The campus grant still applies on top of the survey type.
    const otherCampus = await signedInAdmin(t, { email: 'nom035.gdl@encuestas.mx', password: 'Canal-Gdl-2026', permissionNames, campusIds: [guadalajara], cycleIds: [cycleIds['NOM-035']!] });
    expect((await send('PUT', `/nom035/referrals/${referralId}`, { attended: false, notes: '' }, otherCampus)).statusCode).toBe(403);
    expect((await get('/nom035/referrals', otherCampus)).json().referrals).toEqual([]);
  });
});

describe(`survey applications (${driverName})`, () => {
  const create = (overrides: object = {}) =>
    send(
      'POST',
      '/actives',
      { campusId: puebla, periodoId: currentPeriod, ...futureWindow(), cicles: [cycleIds['Ambiente Laboral']], ...overrides },
      adminToken,
    );

  it('creates an application with two cycles, answers 201 with it, and lists it in the table', async () => {
    const window = { startDate: addDays(today, 200), endDate: addDays(today, 210) };
    const response = await create({ ...window, cicles: [cycleIds['Encuesta de Servicios A'], cycleIds['Evaluación Docente']] });
    expect(response.statusCode).toBe(201);
    const { active } = response.json();
    expect(active).toMatchObject({
      campus_id: puebla,
      periodo_id: currentPeriod,
      campus: { id: puebla, nombre: 'Puebla' },
      start_active: window.startDate,
      end_active: window.endDate,
      status: 'upcoming',
      cicles: [
        { id: cycleIds['Encuesta de Servicios A'], name: 'Encuesta de Servicios A' },
        { id: cycleIds['Evaluación Docente'], name: 'Evaluación Docente' },
      ],
    });
    const list = await get(`/actives?page=1&perPage=100&campusId=${puebla}&periodoId=${currentPeriod}`, adminToken);
    expect(list.json().actives.map((a: { id: number }) => a.id)).toContain(active.id);
    expect((await get(`/active/${active.id}`, adminToken)).json().active).toEqual(active);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'active'), eq(auditLog.entityId, String(active.id))));
    expect(entry).toMatchObject({ action: 'create', entity: 'active' });
  });

  it.each([
    ['starts today', 'inProgress', { startDate: today, endDate: addDays(today, 5) }, 'Nuevo Ingreso'],
    ['ends today (counted through 23:59:59.999)', 'inProgress', { startDate: addDays(today, -40), endDate: today }, 'Encuesta de Servicios A'],
    ['ended yesterday', 'finished', { startDate: addDays(today, -60), endDate: addDays(today, -1) }, 'Encuesta de Servicios B'],
    ['starts tomorrow', 'upcoming', { startDate: addDays(today, 1), endDate: addDays(today, 2) }, 'Ambiente Laboral'],
  ])('an application that %s is %s', async (_case, status, window, cycle) => {
    // The next period has no application yet; one cycle per case so these windows overlap nothing.
    const response = await create({ ...window, cicles: [cycleIds[cycle]], periodoId: currentPeriod + 1, campusId: guadalajara });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().active.status).toBe(status);
  });

  it('refuses an application overlapping another of the same campus, period and cycle with 422 on cicles', async () => {
    const first = await create({ startDate: addDays(today, 300), endDate: addDays(today, 310), cicles: [cycleIds['Comunicación Docentes']] });
    expect(first.statusCode).toBe(201);
    const overlap = await create({ startDate: addDays(today, 310), endDate: addDays(today, 320), cicles: [cycleIds['Comunicación Docentes']] });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().error.fields.cicles[0]).toContain('Comunicación Docentes');
    const following = await create({ startDate: addDays(today, 311), endDate: addDays(today, 320), cicles: [cycleIds['Comunicación Docentes']] });
    expect(following.statusCode).toBe(201);
    const otherCycle = await create({ startDate: addDays(today, 300), endDate: addDays(today, 310), cicles: [cycleIds['Encuesta de Servicios B']] });
    expect(otherCycle.statusCode).toBe(201);
  });

  it.each([
    ['the end before the start', () => ({ startDate: addDays(today, 10), endDate: addDays(today, 9) }), 'endDate'],
    ['the BUZÓN cycle', () => ({ cicles: [cycleIds['BUZÓN']] }), 'cicles'],
    ['no cycle', () => ({ cicles: [] }), 'cicles'],
    ['an unknown cycle', () => ({ cicles: [99999] }), 'cicles'],
    ['an unknown campus', () => ({ campusId: 99999 }), 'campusId'],
    ['an unknown period', () => ({ periodoId: 99999 }), 'periodoId'],
    ['a date that does not exist', () => ({ startDate: '2026-02-30' }), 'startDate'],
    ['a date in another format', () => ({ endDate: '30/11/2026' }), 'endDate'],
  ])('refuses %s with 422 on %s', async (_case, overrides, field) => {
    const response = await create(overrides());
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields[field]).toBeDefined();
  });

  it('edits dates and cycles with PUT, and a missing application is 404', async () => {
    const created = (await create({ startDate: addDays(today, 900), endDate: addDays(today, 901) })).json().active;
    const response = await send(
      'PUT',
      `/actives/${created.id}`,
      { startDate: addDays(today, 902), endDate: addDays(today, 903), cicles: [cycleIds['NOM-035']] },
      adminToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toMatchObject({
      start_active: addDays(today, 902),
      end_active: addDays(today, 903),
      cicles: [{ id: cycleIds['NOM-035'], name: 'NOM-035' }],
    });
    expect((await send('PUT', '/actives/99999', { startDate: today, endDate: today, cicles: [1] }, adminToken)).statusCode).toBe(404);
    expect((await get('/active/99999', adminToken)).statusCode).toBe(404);
    expect((await get('/active/abc', adminToken)).statusCode).toBe(422);
  });

  it('pages the table with page sent as page+1 and reports the total', async () => {
    const first = (await get(`/actives?page=1&perPage=2&campusId=${puebla}`, adminToken)).json();
    const second = (await get(`/actives?page=2&perPage=2&campusId=${puebla}`, adminToken)).json();
    expect(first.actives).toHaveLength(2);
    expect(first.total_actives).toBeGreaterThan(2);
    expect(second.total_actives).toBe(first.total_actives);
    expect(second.actives[0].id).not.toBe(first.actives[0].id);
    expect((await get('/actives?page=0', adminToken)).statusCode).toBe(422);
    expect((await get('/actives?perPage=1000', adminToken)).statusCode).toBe(422);
  });
});

describe(`Power Campus periods (${driverName})`, () => {
  const create = (payload: object) => send('POST', '/periodos', payload, adminToken);

  it('creates a period, upper-casing its name, and lists it', async () => {
    const response = await create({ nombre: '2031b', fecha_inicio: '2031-07-01', fecha_fin: '2031-12-31' });
    expect(response.statusCode).toBe(201);
    expect(response.json().periodo).toMatchObject({ nombre: '2031B', fecha_inicio: '2031-07-01', fecha_fin: '2031-12-31' });
    expect((await get('/periodos', noneToken)).json().periodos.map((p: { nombre: string }) => p.nombre)).toContain('2031B');
  });

  it('refuses an invalid name with the Power Campus message, and a repeated one', async () => {
    const invalid = await create({ nombre: '31B', fecha_inicio: '2031-07-01', fecha_fin: '2031-12-31' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().error.fields).toEqual({ nombre: [PERIOD_NAME_MESSAGE] });
    const repeated = await create({ nombre: '2031B', fecha_inicio: '2031-07-01', fecha_fin: '2031-12-31' });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().error.fields.nombre).toEqual(['El periodo 2031B ya existe']);
  });

  it('refuses missing dates with the spec’s messages', async () => {
    const response = await create({ nombre: '2032A', fecha_inicio: '', fecha_fin: '' });
    expect(response.json().error.fields).toEqual({
      fecha_inicio: ['Seleccione la fecha de inicio'],
      fecha_fin: ['Seleccione la fecha de fin'],
    });
  });
});

describe(`users and permission groups (${driverName})`, () => {
  it('creates a user who can then log in, and refuses a repeated e-mail', async () => {
    const payload = { name: 'Rosa', last_name: 'Ibarra', maternal_sur_name: 'Luna', email: 'Rosa.Ibarra@encuestas.mx', password: 'Rosa2026!!', password_confirmation: 'Rosa2026!!' };
    const created = await send('POST', '/users', payload, adminToken);
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email: 'rosa.ibarra@encuestas.mx', full_name: 'Rosa Ibarra Luna', avalible: true });
    await t.login('rosa.ibarra@encuestas.mx', 'Rosa2026!!');
    const repeated = await send('POST', '/users', payload, adminToken);
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().error.fields.email).toBeDefined();
  });

  it('searches users by name or e-mail and pages them', async () => {
    const found = (await get('/users?search=laura', adminToken)).json();
    expect(found.users.map((u: { email: string }) => u.email)).toEqual([DEMO_PERIODS_VIEWER.email]);
    expect(found.total_users).toBe(1);
    expect((await get('/users?search=%25', adminToken)).json().total_users).toBe(0);
  });

  it('searches users ignoring accents and case, in the database, with % and _ still literal', async () => {
    await createAdminUser(t.db, { email: 'sofia.ibanez@encuestas.mx', password: 'Ibanez2026!!', name: 'Sofía', lastName: 'Ibáñez', maternalSurName: 'Peña' });
    const emails = async (search: string) =>
      (await get(`/users?${new URLSearchParams({ search })}`, adminToken)).json().users.map((u: { email: string }) => u.email);
    for (const search of ['mendez', 'MÉNDEZ', 'Mendez', 'rios', 'RÍOS']) {
      expect(await emails(search), search).toEqual([DEMO_PERIODS_VIEWER.email]);
    }
    for (const search of ['ibanez', 'IBÁÑEZ', 'Ibañez', 'sofia', 'SOFÍA', 'pena', 'PEÑA']) {
      expect(await emails(search), search).toEqual(['sofia.ibanez@encuestas.mx']);
    }
    expect(await emails('m_ndez')).toEqual([]);
    expect(await emails('m%dez')).toEqual([]);
  });

  it('disabling a user signs them out at once and blocks their login; nobody disables themselves', async () => {
    await createAdminUser(t.db, { email: 'temporal@encuestas.mx', password: 'Temporal2026!', name: 'Temporal' });
    const id = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'temporal@encuestas.mx')))[0]!.id;
    const token = await t.login('temporal@encuestas.mx', 'Temporal2026!');
    expect((await send('PUT', `/users/${id}/avalible`, { avalible: false }, adminToken)).json().user.avalible).toBe(false);
    expect((await get('/admin/me', token)).statusCode).toBe(401);
    const login = await send('POST', '/admin/login', { email: 'temporal@encuestas.mx', password: 'Temporal2026!' });
    expect(login.statusCode).toBe(403);
    expect((await send('PUT', '/users/1/avalible', { avalible: false }, adminToken)).statusCode).toBe(409);
  });

  it('grants permissions through a group; a manager cannot grant a campus they do not hold nor edit a user who holds more', async () => {
    const group = await send('POST', '/permissions-groups', { name: 'Consulta de reportes', permissions: [PERMISSIONS.viewCycleReports, PERMISSIONS.viewCampusReports] }, adminToken);
    expect(group.statusCode).toBe(201);
    const groupId = group.json().permissions_group.id;
    const access = await send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [groupId], campusIds: [puebla], cicleIds: [] }, adminToken);
    expect(access.statusCode).toBe(200);
    expect(access.json().permissions).toEqual([PERMISSIONS.viewCampusReports, PERMISSIONS.viewCycleReports]);
    expect((await get(`/users/permissions/${noneUserId}`, noneToken)).json().permissions).toHaveLength(2);
    const groups = (await get('/permissions-groups', adminToken)).json();
    expect(groups.permissions_groups.find((g: { id: number }) => g.id === groupId)).toMatchObject({ users_count: 1 });
    expect(groups.total_permisions_groups).toBeGreaterThan(0);

    await createAdminUser(t.db, { email: 'gestor@encuestas.mx', password: 'Gestor2026!', name: 'Gestor', permissionNames: [PERMISSIONS.manageUsers] });
    const managerId = (await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'gestor@encuestas.mx')))[0]!.id;
    await send('PUT', `/users/${managerId}/access`, { permissions: [PERMISSIONS.manageUsers], groups: [], campusIds: [puebla], cicleIds: [] }, adminToken);
    const manager = await t.login('gestor@encuestas.mx', 'Gestor2026!');
    // The user now holds report permissions through the group: more than the manager, so out of reach.
    const holdsMore = await send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [], campusIds: [puebla], cicleIds: [] }, manager);
    expect(holdsMore.statusCode).toBe(403);
    await send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [], campusIds: [], cicleIds: [] }, adminToken);
    const tooMuch = await send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [], campusIds: [guadalajara], cicleIds: [] }, manager);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().error.fields.campusIds).toBeDefined();
    const granted = await send('PUT', `/users/${noneUserId}/access`, { permissions: [], groups: [], campusIds: [puebla], cicleIds: [] }, manager);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().campuses).toEqual([{ id: puebla, nombre: 'Puebla' }]);
    const selfLockout = await send('PUT', `/users/${managerId}/access`, { permissions: [], groups: [], campusIds: [], cicleIds: [] }, manager);
    expect(selfLockout.statusCode).toBe(409);
    expect((await get(`/users/${managerId}`, adminToken)).json().permissions).toEqual([PERMISSIONS.manageUsers]);
  });

  it('changes one’s own password only with the current one', async () => {
    await createAdminUser(t.db, { email: 'cambia@encuestas.mx', password: 'Antigua2026!', name: 'Cambia' });
    const token = await t.login('cambia@encuestas.mx', 'Antigua2026!');
    const wrong = await send('PUT', '/admin/password', { current_password: 'mala', password: 'Nueva2026!!', password_confirmation: 'Nueva2026!!' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.current_password).toEqual(['La contraseña actual no es correcta']);
    const ok = await send('PUT', '/admin/password', { current_password: 'Antigua2026!', password: 'Nueva2026!!', password_confirmation: 'Nueva2026!!' }, token);
    expect(ok.statusCode).toBe(200);
    await t.login('cambia@encuestas.mx', 'Nueva2026!!');
    expect((await get('/admin/me', token)).statusCode).toBe(200);
  });
});
