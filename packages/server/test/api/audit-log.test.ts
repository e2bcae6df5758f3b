/**
 * The audit log ('Bitácora'): who may read it, its filters by actor, action,
 * entity and Mexico City day, its paging, what entries never hold, and each
 * entry in words: who did what to which thing by its name, the changed fields
 * in Spanish before and after (issue 20).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Active } from '@encuestas/core/api/actives';
import type { AuditLogEntry, AuditLogPage } from '@encuestas/core/api/audit';
import { INVALID_DAY_MESSAGE } from '@encuestas/core/api/common';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import { displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { DEMO_ADMIN, DEMO_NO_PERMISSIONS } from '../../src/db/seed/demo';
import { auditLog, userCampusGrants } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { waitForOutboxMail } from '../helpers/outbox';
import { findResetLink } from '../helpers/smtp-catcher';

let t: TestApp;
let adminToken: string;
let noneToken: string;
let viewerToken: string;
let adminId: number;
let viewerId: number;

const VIEWER = { email: 'bitacora.puebla@encuestas.mx', password: 'Bitacora2026!', name: 'Rosa', lastName: 'Ortiz' };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  adminToken = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  noneToken = await t.login(DEMO_NO_PERMISSIONS.email, DEMO_NO_PERMISSIONS.password);
  // A viewer with only 'Ver Bitácora' and only campus Puebla.
  const viewer = await createAdminUser(t.db, { ...VIEWER, permissionNames: [PERMISSIONS.viewAuditLog] });
  await t.db.insert(userCampusGrants).values({ userId: viewer.id, campusId: t.demo!.campusIds.Puebla! });
  viewerId = viewer.id;
  viewerToken = await t.login(VIEWER.email, VIEWER.password);
  const me = await t.request({ method: 'GET', url: `${API}/admin/me`, token: adminToken });
  adminId = me.json().user.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.request({ method: 'GET', url: `${API}${url}`, token });

async function page(query: Record<string, string | number>, token = viewerToken): Promise<AuditLogPage> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await get(`/audit-log?${search}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

/** Entries written straight into the table at chosen instants, far from today's live ones. */
async function insertEntries(rows: { at: string; actorUserId?: number | null; action?: string; entity?: string }[]) {
  await t.db.insert(auditLog).values(
    rows.map((row) => ({
      at: new Date(row.at),
      actorUserId: row.actorUserId === undefined ? adminId : row.actorUserId,
      action: row.action ?? 'update',
      entity: row.entity ?? 'periodo',
      entityId: '1',
    })),
  );
}

describe(`who may read the audit log (${driverName})`, () => {
  it.each(['/audit-log', '/audit-log/actions', '/audit-log/actors'])('%s without a token → 401', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it.each(['/audit-log', '/audit-log/actions', '/audit-log/actors'])(
    '%s without «Ver Bitácora» → 403 naming the permission',
    async (url) => {
      const response = await get(url, noneToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toContain('Ver Bitácora');
    },
  );

  it('shows a viewer limited to Puebla the changes made at another campus too (the log is platform-wide)', async () => {
    const guadalajara = t.demo!.campusIds.Guadalajara!;
    const change = await t.request({
      method: 'PUT',
      url: `${API}/campus/${guadalajara}/suggestion-box`,
      payload: { avalible: false },
      token: adminToken,
    });
    expect(change.statusCode, change.body).toBe(200);
    const { entries } = await page({ action: 'suggestion-box', entity: 'campus' });
    expect(entries[0]).toMatchObject({
      entity_id: String(guadalajara),
      summary: `${DEMO_ADMIN.name} cerró el buzón de sugerencias del campus Guadalajara`,
      changes: [{ label: 'Buzón de sugerencias abierto', before: 'Sí', after: 'No' }],
    });
  });
});

describe(`entries of changes made through the API (${driverName})`, () => {
  it('lists a period just created first, with its actor, action, entity and details', async () => {
    const created = await t.request({
      method: 'POST',
      url: `${API}/periodos`,
      payload: { nombre: '2999A', fecha_inicio: '2999-01-01', fecha_fin: '2999-06-30' },
      token: adminToken,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { entries, total_entries } = await page({ page: 1, perPage: 5 });
    expect(total_entries).toBeGreaterThan(0);
    expect(entries[0]).toEqual<AuditLogEntry>({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actor: { id: adminId, full_name: DEMO_ADMIN.name, email: DEMO_ADMIN.email },
      action: 'create',
      entity: 'periodo',
      entity_id: String(created.json().periodo.id),
      summary: `${DEMO_ADMIN.name} creó el periodo 2999A`,
      subject: 'el periodo 2999A',
      changes: [],
      facts: [
        { label: 'Periodo', value: '2999A' },
        { label: 'Inicio', value: '01/01/2999' },
        { label: 'Fin', value: '30/06/2999' },
      ],
    });
    expect(mexicoCityDay(new Date(entries[0]!.created_at))).toBe(mexicoCityDay());
  });

  it('filters by today as a Mexico City day and finds the change just made', async () => {
    const today = mexicoCityDay();
    const { entries } = await page({ from: today, to: today, action: 'create', entity: 'periodo' });
    expect(entries.map((e) => e.subject)).toContain('el periodo 2999A');
  });

  it('lists the distinct recorded actions and the users who appear as actors', async () => {
    const actions = (await get('/audit-log/actions', viewerToken)).json<{ actions: string[] }>().actions;
    expect(actions).toEqual(expect.arrayContaining(['create', 'suggestion-box']));
    expect(new Set(actions).size).toBe(actions.length);
    expect([...actions].sort()).toEqual(actions);
    const actors = (await get('/audit-log/actors', viewerToken)).json<{ actors: unknown[] }>().actors;
    expect(actors).toContainEqual({ id: adminId, full_name: DEMO_ADMIN.name, email: DEMO_ADMIN.email });
    // The viewer changed nothing but signed in, and sign-ins are audited too.
    expect(actors).toContainEqual(expect.objectContaining({ id: viewerId }));
    expect(actions).toContain('login');
    // Someone who never signed in nor changed anything is no filter option.
    const idle = await createAdminUser(t.db, { email: 'nunca.entra@encuestas.mx', password: 'Sin-Uso-Nunca-2026', name: 'Nunca' });
    const after = (await get('/audit-log/actors', viewerToken)).json<{ actors: unknown[] }>().actors;
    expect(after).not.toContainEqual(expect.objectContaining({ id: idle.id }));
  });
});

describe(`filters and paging (${driverName})`, () => {
  // Mexico City kept UTC-6 in March 2001 and daylight saving (UTC-5) in July 2001.
  beforeAll(async () => {
    await insertEntries([
      { at: '2001-03-14T23:59:59.999-06:00', action: 'import', entity: 'directory:students' },
      { at: '2001-03-15T00:00:00.000-06:00', action: 'create' },
      { at: '2001-03-15T23:30:00-06:00', action: 'update', actorUserId: viewerId },
      { at: '2001-03-16T00:00:00.000-06:00', action: 'update' },
      { at: '2001-07-01T23:30:00-05:00', action: 'update' },
      { at: '2001-07-02T00:00:00-05:00', action: 'login-failed', actorUserId: null },
    ]);
  });

  it('puts an entry at 23:30 Mexico City time in that day, not the next one (the day in UTC)', async () => {
    const day = await page({ from: '2001-03-15', to: '2001-03-15' });
    expect(day.entries.map((e) => e.created_at)).toEqual([
      new Date('2001-03-15T23:30:00-06:00').toISOString(),
      new Date('2001-03-15T00:00:00-06:00').toISOString(),
    ]);
    expect(day.total_entries).toBe(2);
    const next = await page({ from: '2001-03-16', to: '2001-03-16' });
    expect(next.entries.map((e) => e.created_at)).toEqual([new Date('2001-03-16T00:00:00-06:00').toISOString()]);
  });

  it('follows daylight saving of the time: 23:30 on 1 July 2001 belongs to 1 July', async () => {
    const day = await page({ from: '2001-07-01', to: '2001-07-01' });
    expect(day.entries.map((e) => e.created_at)).toEqual([new Date('2001-07-01T23:30:00-05:00').toISOString()]);
  });

  it('includes both ends of a range and leaves out what lies outside it', async () => {
    const range = await page({ from: '2001-03-15', to: '2001-07-01' });
    expect(range.total_entries).toBe(4);
    const onlyFrom = await page({ from: '2001-03-14', to: '2001-03-14' });
    expect(onlyFrom.entries.map((e) => e.action)).toEqual(['import']);
  });

  it('filters by actor, by action and by entity, combined with the dates', async () => {
    const byViewer = await page({ userId: viewerId, from: '2001-01-01', to: '2001-12-31' });
    expect(byViewer.total_entries).toBe(1);
    expect(byViewer.entries[0]!.actor).toEqual({ id: viewerId, full_name: 'Rosa Ortiz', email: VIEWER.email });
    const updates = await page({ action: 'update', from: '2001-01-01', to: '2001-12-31' });
    expect(updates.total_entries).toBe(3);
    expect(updates.entries.every((e) => e.action === 'update')).toBe(true);
    const imports = await page({ entity: 'directory:students', from: '2001-01-01', to: '2001-12-31' });
    expect(imports.entries.map((e) => e.action)).toEqual(['import']);
    const none = await page({ userId: viewerId, action: 'create', from: '2001-01-01', to: '2001-12-31' });
    expect(none).toEqual({ entries: [], total_entries: 0 });
  });

  it('takes the last day a date can have (9999-12-31) as «until today»', async () => {
    const untilToday = await page({ from: '2001-01-01', to: mexicoCityDay() });
    expect(await page({ from: '2001-01-01', to: '9999-12-31' })).toEqual(untilToday);
    expect(untilToday.total_entries).toBeGreaterThan(0);
  });

  it('shows an entry without a known actor (a failed login) with actor null', async () => {
    const { entries } = await page({ from: '2001-07-02', to: '2001-07-02' });
    expect(entries).toEqual([expect.objectContaining({ action: 'login-failed', actor: null })]);
  });

  it('pages newest first with the total of all matching entries', async () => {
    await insertEntries(
      Array.from({ length: 23 }, (_, i) => ({ at: new Date(Date.UTC(2002, 0, 10, 12, i)).toISOString(), action: 'close' })),
    );
    const query = { from: '2002-01-01', to: '2002-01-31', perPage: 10 };
    const pages = [await page({ ...query, page: 1 }), await page({ ...query, page: 2 }), await page({ ...query, page: 3 })];
    expect(pages.map((p) => p.total_entries)).toEqual([23, 23, 23]);
    expect(pages.map((p) => p.entries.length)).toEqual([10, 10, 3]);
    const instants = pages.flatMap((p) => p.entries.map((e) => e.created_at));
    expect(new Set(instants).size).toBe(23);
    expect([...instants].sort().reverse()).toEqual(instants);
    expect((await page({ ...query, page: 4 })).entries).toEqual([]);
  });
});

describe(`bad filters → 422 in Spanish (${driverName})`, () => {
  it.each([
    ['from=2026-02-30', 'from', INVALID_DAY_MESSAGE],
    ['to=15/03/2026', 'to', INVALID_DAY_MESSAGE],
    ['from=2026-03-16&to=2026-03-15', 'to', END_BEFORE_START_MESSAGE],
    ['action=%27%3B%20drop', 'action', 'Acción no válida'],
    ['entity=a%00b', 'entity', 'Entidad no válida'],
    ['perPage=101', 'perPage', 'Máximo 100 registros por página'],
  ])('%s → 422 on %s', async (query, field, message) => {
    const response = await get(`/audit-log?${query}`, viewerToken);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields[field]).toEqual([message]);
  });
});

describe(`details never hold a password or a token (${driverName})`, () => {
  const SECRET_KEY = /pass|token|secret|hash/i;

  function secretKeys(value: unknown, path = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((item, i) => secretKeys(item, `${path}[${i}]`));
    if (value && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, inner]) => [
        ...(SECRET_KEY.test(key) ? [`${path}.${key}`] : []),
        ...secretKeys(inner, `${path}.${key}`),
      ]);
    }
    return [];
  }

  it('after creating and editing a user, changing and resetting passwords, and logging in and out', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
      t.request({ method, url: `${API}${url}`, payload, token });
    const password = 'Nueva.Clave-2026';
    const created = await send(
      'POST',
      '/users',
      { name: 'Auditada', email: 'auditada@encuestas.mx', password, password_confirmation: password },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().user.id as number;
    const edited = await send('PUT', `/users/${userId}`, { name: 'Auditada', last_name: 'Pérez', maternal_sur_name: '', email: 'auditada@encuestas.mx' }, adminToken);
    expect(edited.statusCode, edited.body).toBe(200);
    const access = await send('PUT', `/users/${userId}/access`, { permissions: [PERMISSIONS.viewAuditLog], groups: [], campusIds: [], cicleIds: [] }, adminToken);
    expect(access.statusCode, access.body).toBe(200);

    const ownToken = await t.login('auditada@encuestas.mx', password);
    const changedPassword = 'Otra.Clave-2027';
    const changed = await send('PUT', '/admin/password', { current_password: password, password: changedPassword, password_confirmation: changedPassword }, ownToken);
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await send('POST', '/admin/login', { email: 'auditada@encuestas.mx', password: 'Equivocada-1' })).statusCode).toBe(401);
    expect((await send('POST', '/admin/send-reset-email', { email: 'auditada@encuestas.mx' })).statusCode).toBe(200);
    const mail = await waitForOutboxMail(t.db, 'auditada@encuestas.mx');
    const link = new URL(findResetLink(mail.text)!);
    const resetPassword = 'Tercera.Clave-2028';
    const reset = await send('POST', '/admin/reset-forgot-password', {
      email: link.searchParams.get('email')!,
      token: link.searchParams.get('token')!,
      password: resetPassword,
      password_confirmation: resetPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const lastToken = await t.login('auditada@encuestas.mx', resetPassword);
    expect((await send('POST', '/admin/logout', {}, lastToken)).statusCode).toBeLessThan(300);

    const entries: AuditLogEntry[] = [];
    for (let n = 1; ; n += 1) {
      const next = await page({ page: n, perPage: 100 }, adminToken);
      entries.push(...next.entries);
      if (entries.length >= next.total_entries || next.entries.length === 0) break;
    }
    expect(entries.some((e) => e.entity === 'user' && e.entity_id === String(userId))).toBe(true);
    // Stored details as they are (the API sends them only in words).
    const stored = await t.db.select().from(auditLog);
    expect(stored.flatMap((e) => secretKeys(e.details).map((key) => `${e.action} ${e.entity}${key}`))).toEqual([]);
    const text = JSON.stringify(entries);
    for (const secret of [password, changedPassword, resetPassword, link.searchParams.get('token')!, 'Equivocada-1']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe(`the Bitácora in words (${driverName})`, () => {
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url: `${API}${url}`, payload, token: adminToken });
  /** What the screen shows of an entry: everything but the codes the filters use. */
  const shown = (entry: AuditLogEntry) =>
    [entry.summary, entry.subject, ...entry.changes.flatMap((c) => [c.label, c.before ?? '', c.after]), ...entry.facts.flatMap((f) => [f.label, f.value])].join('\n');

  it('an application edited reads as its period and campus, with the changed fields before and after in Spanish', async () => {
    const listed = (await get('/actives?page=1&perPage=100', adminToken)).json<{ actives: Active[] }>().actives;
    const active = listed.find((a) => a.cicles.length >= 2 && a.end_active > a.start_active)!;
    expect(active, 'a demo application with two survey types').toBeTruthy();
    const kept = active.cicles[0]!;
    // Shortened to its first day and one survey type: it can overlap nothing.
    const edited = await send('PUT', `/actives/${active.id}`, { startDate: active.start_active, endDate: active.start_active, cicles: [kept.id] });
    expect(edited.statusCode, edited.body).toBe(200);

    const [entry] = (await page({ action: 'update', entity: 'active', perPage: 1 })).entries;
    expect(entry).toMatchObject({
      entity_id: String(active.id),
      summary: `${DEMO_ADMIN.name} cambió el periodo de encuestas ${active.periodo.nombre} de ${active.campus.nombre}`,
      subject: `el periodo de encuestas ${active.periodo.nombre} de ${active.campus.nombre}`,
      facts: [],
    });
    const names = (cycles: { name: string }[]) => cycles.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'es')).join(', ');
    // The start did not change, so it is no row.
    expect(entry!.changes).toEqual([
      { label: 'Final de encuestas', before: displayDay(active.end_active), after: displayDay(active.start_active) },
      { label: 'Tipos de encuesta', before: names(active.cicles), after: kept.name },
    ]);
    for (const raw of ['cicles', 'startDate', 'endDate', 'campusId', active.end_active, '{', '#']) expect(shown(entry!)).not.toContain(raw);
  });

  it('a user’s access reads in names: groups, campuses and survey types before and after', async () => {
    const campusList = (await get('/campus', adminToken)).json<{ campuses: { id: number; nombre: string }[] }>().campuses;
    const puebla = campusList.find((c) => c.nombre === 'Puebla')!;
    const leon = campusList.find((c) => c.nombre === 'León')!;
    const access = await send('PUT', `/users/${viewerId}/access`, { permissions: [PERMISSIONS.viewAuditLog], groups: [], campusIds: [puebla.id, leon.id], cicleIds: [] });
    expect(access.statusCode, access.body).toBe(200);
    const [entry] = (await page({ action: 'set-access', perPage: 1 })).entries;
    expect(entry).toMatchObject({
      summary: `${DEMO_ADMIN.name} cambió los permisos del usuario Rosa Ortiz`,
      changes: [{ label: 'Campus', before: 'Puebla', after: 'León, Puebla' }],
    });
  });

  it('names a deleted permission group by its last known name, in its creation and its deletion', async () => {
    const created = await send('POST', '/permissions-groups', { name: 'Revisión temporal', description: 'Para la auditoría', permissions: [PERMISSIONS.viewAuditLog] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().permissions_group.id as number;
    expect(typeof id).toBe('number');
    const renamed = await send('PUT', `/permissions-groups/${id}`, { name: 'Revisión 2026', description: 'Para la auditoría', permissions: [PERMISSIONS.viewAuditLog] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await send('DELETE', `/permissions-groups/${id}`)).statusCode).toBeLessThan(300);

    const entries = (await page({ entity: 'permission_group', perPage: 100 })).entries.filter((e) => e.entity_id === String(id));
    expect(entries.map((e) => e.summary)).toEqual([
      `${DEMO_ADMIN.name} eliminó el grupo de permisos Revisión 2026 (eliminado)`,
      `${DEMO_ADMIN.name} cambió el grupo de permisos Revisión 2026 (eliminado)`,
      `${DEMO_ADMIN.name} creó el grupo de permisos Revisión temporal (eliminado)`,
    ]);
    expect(entries[1]!.changes).toEqual([{ label: 'Nombre', before: 'Revisión temporal', after: 'Revisión 2026' }]);
    expect(entries[2]!.facts).toEqual([
      { label: 'Nombre', value: 'Revisión temporal' },
      { label: 'Descripción', value: 'Para la auditoría' },
      { label: 'Permisos', value: PERMISSIONS.viewAuditLog },
    ]);
  });

  it('an older entry without the values before says they were not recorded; an id since gone says so', async () => {
    const guadalajara = t.demo!.campusIds.Guadalajara!;
    await t.db.insert(auditLog).values([
      { at: new Date('2003-05-05T12:00:00Z'), actorUserId: adminId, action: 'update', entity: 'active', entityId: '999999', details: { campusId: guadalajara, periodoId: 999_999, cicles: [999_999], endDate: '2003-06-30' } },
    ]);
    const [entry] = (await page({ from: '2003-05-05', to: '2003-05-05' })).entries;
    expect(entry).toMatchObject({
      summary: `${DEMO_ADMIN.name} cambió un periodo de encuestas eliminado`,
      changes: [
        { label: 'Campus', before: null, after: 'Guadalajara' },
        { label: 'Periodo', before: null, after: 'ya no existe' },
        { label: 'Final de encuestas', before: null, after: '30/06/2003' },
        { label: 'Tipos de encuesta', before: null, after: 'ya no existe' },
      ],
    });
  });

  it('a refused respondent sign-in names no respondent: only the e-mail’s domain', async () => {
    await t.db.insert(auditLog).values({
      at: new Date('2003-06-06T12:00:00Z'),
      actorUserId: null,
      action: 'institution-sign-in-failed',
      entity: 'respondent',
      details: { audience: 'respondents', email: 'maria.lopez.9@alumnos.example.mx', reason: 'unknown-account' },
    });
    const [entry] = (await page({ from: '2003-06-06', to: '2003-06-06' })).entries;
    expect(entry).toMatchObject({
      actor: null,
      summary: 'Se rechazó el inicio de sesión de una persona encuestada con la cuenta de la institución',
      facts: [
        { label: 'Acceso', value: 'Personas encuestadas' },
        { label: 'Dominio del correo', value: '@alumnos.example.mx' },
        { label: 'Motivo', value: 'Cuenta no registrada' },
      ],
    });
    expect(JSON.stringify(entry)).not.toContain('maria.lopez');
  });

  it('without «Ver Bitácora» the entries in words are refused too (403)', async () => {
    const response = await get('/audit-log?entity=active', noneToken);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('periodo de encuestas');
  });
});
