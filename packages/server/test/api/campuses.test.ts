/**
 * Campuses managed through the API (issue 18): create, rename, disable and
 * enable with permission, grants and audit, survey types per campus, and
 * what a disabled campus or a survey type turned off means to respondents
 * and to new applications. A campus is never deleted.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campusNameTakenMessage, CAMPUS_NAME_REQUIRED_MESSAGE } from '@encuestas/core/api/campuses';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { fillAnswers } from '@encuestas/core/survey-kinds/testing';
import { SERVICIOS_A_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-servicios-a/questionnaire';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import { DEMO_ADMIN, DEMO_STUDENT_PC_ID } from '../../src/db/seed/demo';
import { auditLog, campuses, cycles, periods, students } from '../../src/db/schema';
import { createAdminUser, grantEverything } from '../../src/features/users/service';
import { campusDisabledMessage } from '../../src/features/actives/service';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { respondentToken } from '../helpers/respondents';

const get = (t: TestApp, url: string, token?: string) => t.request({ method: 'GET', url: `${API}${url}`, token });
const send = (t: TestApp, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object | undefined, token?: string) =>
  t.request({ method, url: `${API}${url}`, payload, token });

describe(`campuses from an empty platform (${driverName})`, () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp();
    // As the start-up makes sure of ADMIN_EMAIL/ADMIN_PASSWORD: every permission, campus and cycle there is.
    const user = await createAdminUser(t.db, { email: 'admin@uni.mx', password: 'Clave-muy-segura-2026', name: 'Admin' });
    await grantEverything(t.db, user.id);
    adminId = user.id;
    admin = await t.login('admin@uni.mx', 'Clave-muy-segura-2026');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with no campus; the administrator creates one, is granted it and the change is audited', async () => {
    expect((await get(t, '/campus', admin)).json()).toEqual({ campuses: [] });
    const created = await send(t, 'POST', '/campus', { nombre: '  Oaxaca  ' }, admin);
    expect(created.statusCode, created.body).toBe(201);
    const campus = created.json().campus;
    expect(campus).toEqual({ id: expect.any(Number), nombre: 'Oaxaca', avalible: true });
    expect((await get(t, '/campus/permissions', admin)).json()).toEqual({ campuses: [campus], allCampuses: true });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'campus'), eq(auditLog.action, 'create')));
    expect(entry).toMatchObject({ actorUserId: adminId, entityId: String(campus.id), details: { nombre: 'Oaxaca' } });
    // A new campus offers every survey type but the suggestion box's.
    const { cicles } = (await get(t, `/campus/${campus.id}/ciclos`, admin)).json();
    expect(cicles.map((c: { name: string }) => c.name)).not.toContain('BUZÓN');
    expect(cicles).toHaveLength(8);
    expect(cicles.every((c: { avalible: boolean }) => c.avalible)).toBe(true);
  });

  it('refuses an empty name and a name taken in another case, in Spanish, and creates nothing', async () => {
    for (const nombre of ['', '   ']) {
      const response = await send(t, 'POST', '/campus', { nombre }, admin);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.fields).toEqual({ nombre: [CAMPUS_NAME_REQUIRED_MESSAGE] });
    }
    expect((await send(t, 'POST', '/campus', {}, admin)).statusCode).toBe(422);
    const duplicate = await send(t, 'POST', '/campus', { nombre: 'OAXACA' }, admin);
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().error.fields).toEqual({ nombre: [campusNameTakenMessage('Oaxaca')] });
    expect(await t.db.$count(campuses)).toBe(1);
  });

  it('renames a campus (its own name in another case too) but never onto another campus', async () => {
    const puebla = (await send(t, 'POST', '/campus', { nombre: 'Puebla' }, admin)).json().campus;
    const taken = await send(t, 'PUT', `/campus/${puebla.id}`, { nombre: 'oaxaca' }, admin);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error.fields).toEqual({ nombre: [campusNameTakenMessage('Oaxaca')] });
    const renamed = await send(t, 'PUT', `/campus/${puebla.id}`, { nombre: 'Puebla  Centro' }, admin);
    expect(renamed.json()).toEqual({ campus: { id: puebla.id, nombre: 'Puebla Centro', avalible: true } });
    expect((await send(t, 'PUT', `/campus/${puebla.id}`, { nombre: 'PUEBLA CENTRO' }, admin)).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'campus'), eq(auditLog.action, 'rename')));
    expect(entry!.details).toEqual({ from: 'Puebla', nombre: 'Puebla Centro' });
    expect((await send(t, 'PUT', '/campus/999999', { nombre: 'Nadie' }, admin)).statusCode).toBe(403);
  });

  it('lets the directory import reach a campus created through the API', async () => {
    const csv = ['pc_id,nombre,apellido_paterno,apellido_materno,correo,campus,plan,grupo,sesion,anio', '930000001,Ana,López,,ana@alumnos.mx,mérida,LADE,1A,Matutino,2026'].join('\n');
    const importCsv = () => send(t, 'POST', '/directory/import/alumnos', { csv }, admin);
    const before = await importCsv();
    expect(before.statusCode).toBe(422);
    expect(before.body).toContain('No existe el campus «mérida»');
    expect((await send(t, 'POST', '/campus', { nombre: 'Mérida' }, admin)).statusCode).toBe(201);
    const after = await importCsv();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().report).toMatchObject({ imported: 1, created: 1 });
  });
});

describe(`campus management: permissions, grants, disabling with data (${driverName})`, () => {
  let t: TestApp;
  let admin: string;
  let puebla: number;
  let guadalajara: number;
  let cycleIds: Record<string, number>;
  let student: string;
  let studentCampus: number;
  const today = mexicoCityDay();
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    puebla = t.demo!.campusIds.Puebla!;
    guadalajara = t.demo!.campusIds.Guadalajara!;
    cycleIds = Object.fromEntries((await t.db.select().from(cycles)).map((c) => [c.name, c.id]));
    student = await respondentToken(t, DEMO_STUDENT_PC_ID);
    studentCampus = (await t.db.select({ campusId: students.campusId }).from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID)))[0]!.campusId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const availableKinds = async () => {
    const lists = (await get(t, '/respondents/availability', student)).json();
    return Object.values(lists)
      .flat()
      .map((s) => (s as { kind: string }).kind);
  };
  const newApplication = (campusId: number, cicles: number[], offset: number) => {
    const start = addDays(today, 500 + offset * 3);
    return { campusId, periodoId: t.demo!.currentPeriodId, startDate: start, endDate: addDays(start, 1), cicles };
  };

  it('refuses each change without its permission (403), and changes nothing', async () => {
    const viewer = await signedInAdmin(t, {
      email: 'sin-permiso@uni.mx',
      password: 'Clave-muy-segura-2026',
      permissionNames: [PERMISSIONS.viewActives, PERMISSIONS.manageCampusCycles],
      campusIds: [puebla],
      cycleIds: Object.values(cycleIds),
    });
    expect((await send(t, 'POST', '/campus', { nombre: 'Tijuana' }, viewer)).statusCode).toBe(403);
    expect((await send(t, 'PUT', `/campus/${puebla}`, { nombre: 'Otro' }, viewer)).statusCode).toBe(403);
    expect((await send(t, 'PUT', `/campus/${puebla}/avalible`, { avalible: false }, viewer)).statusCode).toBe(403);
    const cyclesOnly = await signedInAdmin(t, {
      email: 'solo-campus@uni.mx',
      password: 'Clave-muy-segura-2026',
      permissionNames: [PERMISSIONS.manageCampuses],
      campusIds: [puebla],
      cycleIds: Object.values(cycleIds),
    });
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [] }, cyclesOnly)).statusCode).toBe(403);
    expect((await send(t, 'POST', '/campus', { nombre: 'Tijuana' }, undefined)).statusCode).toBe(401);
    const [row] = await t.db.select().from(campuses).where(eq(campuses.id, puebla));
    expect(row).toMatchObject({ nombre: 'Puebla', enabled: true });
    expect(await t.db.$count(campuses)).toBe(7);
  });

  it("refuses a manager's changes to a campus outside their grants (403), while their own campus changes", async () => {
    const manager = await signedInAdmin(t, {
      email: 'gestor@uni.mx',
      password: 'Clave-muy-segura-2026',
      permissionNames: [PERMISSIONS.manageCampuses, PERMISSIONS.manageCampusCycles],
      campusIds: [puebla],
      cycleIds: [cycleIds['Encuesta de Servicios A']!],
    });
    expect((await send(t, 'PUT', `/campus/${guadalajara}`, { nombre: 'Guadalajara Norte' }, manager)).statusCode).toBe(403);
    expect((await send(t, 'PUT', `/campus/${guadalajara}/avalible`, { avalible: false }, manager)).statusCode).toBe(403);
    expect((await send(t, 'PUT', `/campus/${guadalajara}/ciclos`, { cicles: [] }, manager)).statusCode).toBe(403);
    expect((await get(t, `/campus/${guadalajara}/ciclos`, manager)).statusCode).toBe(403);
    expect((await t.db.select().from(campuses).where(eq(campuses.id, guadalajara)))[0]).toMatchObject({ nombre: 'Guadalajara', enabled: true });

    // Naming a survey type outside their grants is 403; the types they hold no grant for keep their state.
    const other = cycleIds['Encuesta de Servicios B']!;
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [other] }, manager)).statusCode).toBe(403);
    const turnedOff = await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [] }, manager);
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const states = Object.fromEntries(turnedOff.json().cicles.map((c: { name: string; avalible: boolean }) => [c.name, c.avalible]));
    expect(states['Encuesta de Servicios A']).toBe(false);
    expect(states['Encuesta de Servicios B']).toBe(true);
    // Back on, for the tests below.
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [cycleIds['Encuesta de Servicios A']] }, manager)).statusCode).toBe(200);
  });

  it("lets a user who only creates applications read a granted campus's survey types (the application dialog offers those on), not another's", async () => {
    const creator = await signedInAdmin(t, {
      email: 'solo-aplicaciones@uni.mx',
      password: 'Clave-muy-segura-2026',
      permissionNames: [PERMISSIONS.viewActives, PERMISSIONS.createActives],
      campusIds: [puebla],
      cycleIds: Object.values(cycleIds),
    });
    const teacherEvaluation = cycleIds['Evaluación Docente']!;
    const everyOther = Object.entries(cycleIds)
      .filter(([name]) => name !== 'BUZÓN' && name !== 'Evaluación Docente')
      .map(([, id]) => id);
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: everyOther }, admin)).statusCode).toBe(200);
    const read = await get(t, `/campus/${puebla}/ciclos`, creator);
    expect(read.statusCode, read.body).toBe(200);
    const states = read.json().cicles.map((c: { id: number; avalible: boolean }) => [c.id, c.avalible]);
    expect(states).toContainEqual([teacherEvaluation, false]);
    expect(states.filter(([, on]: [number, boolean]) => on)).toHaveLength(everyOther.length);
    expect((await get(t, `/campus/${guadalajara}/ciclos`, creator)).statusCode).toBe(403);
    // Back on, for the tests below.
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [...everyOther, teacherEvaluation] }, admin)).statusCode).toBe(200);
  });

  it('refuses the suggestion box and unknown ids as survey types of a campus', async () => {
    const refused = await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: [cycleIds['BUZÓN']] }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ cicles: ['Uno de los tipos de encuesta no existe'] });
    expect((await send(t, 'PUT', `/campus/${puebla}/ciclos`, { cicles: ['x'] }, admin)).statusCode).toBe(422);
  });

  it('disables a campus with answers, applications and directory rows: kept, offered to nobody, no new application; never deleted', async () => {
    const campusId = studentCampus;
    const nombre = (await t.db.select().from(campuses).where(eq(campuses.id, campusId)))[0]!.nombre;
    expect(await availableKinds()).toContain('alumnos/serviciosA');
    const open = (await get(t, '/respondents/availability', student)).json().encuestas.find((s: { kind: string }) => s.kind === 'alumnos/serviciosA');

    const disabled = await send(t, 'PUT', `/campus/${campusId}/avalible`, { avalible: false }, admin);
    expect(disabled.json()).toEqual({ campus: { id: campusId, nombre, avalible: false } });
    expect((await get(t, '/campus', admin)).json().campuses).toContainEqual({ id: campusId, nombre, avalible: false });
    // Its applications and directory stay; the back office still lists them.
    expect((await get(t, `/actives?page=1&perPage=10&campusId=${campusId}`, admin)).json().total_actives).toBeGreaterThan(0);
    expect(await t.db.$count(students, eq(students.campusId, campusId))).toBeGreaterThan(0);

    // Nothing is offered to its respondents, and an answer to an application still open is refused.
    expect(await availableKinds()).toEqual([]);
    const answers = fillAnswers(SERVICIOS_A_QUESTIONNAIRE, { ...(await get(t, '/catalogs')).json().catalogs, ...MX_GEO_CATALOGS });
    const submission = { activeId: open.activeId, cicleId: open.cicleId, subject: open.subject, answers };
    const refused = await send(t, 'POST', '/respondents/responses', { ...submission, idempotencyKey: 'campus-off-00001' }, student);
    expect(refused.statusCode).toBe(403);
    expect((await get(t, '/suggestions/avalible', student)).json()).toMatchObject({ avalible: false });

    // No new application, alone or in a batch.
    const created = await send(t, 'POST', '/actives', newApplication(campusId, [cycleIds['Encuesta de Servicios A']!], 1), admin);
    expect(created.statusCode).toBe(422);
    expect(created.json().error.fields).toEqual({ campusId: [campusDisabledMessage(nombre)] });
    const { campusId: _one, ...fields } = newApplication(campusId, [cycleIds['Encuesta de Servicios A']!], 2);
    const batch = await send(t, 'POST', '/actives/batch', { ...fields, campusIds: [guadalajara, campusId] }, admin);
    expect(batch.statusCode).toBe(422);
    expect(batch.json().error.fields).toEqual({ campusIds: [campusDisabledMessage(nombre)] });

    // There is no deleting a campus.
    expect([404, 405]).toContain((await send(t, 'DELETE', `/campus/${campusId}`, undefined, admin)).statusCode);
    expect(await t.db.$count(campuses, eq(campuses.id, campusId))).toBe(1);

    // Enabled again, everything comes back as it was.
    const enabled = await send(t, 'PUT', `/campus/${campusId}/avalible`, { avalible: true }, admin);
    expect(enabled.json().campus.avalible).toBe(true);
    expect(await availableKinds()).toContain('alumnos/serviciosA');
    const accepted = await send(t, 'POST', '/respondents/responses', { ...submission, idempotencyKey: 'campus-on-000001' }, student);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'campus'), eq(auditLog.entityId, String(campusId))));
    expect(actions.map((a) => a.action).filter((action) => action !== 'cycles')).toEqual(['disable', 'enable']);
  });

  it('turns a survey type off at one campus: not offered there, not attachable there, kept where attached and elsewhere', async () => {
    const campusId = studentCampus;
    const servicesB = cycleIds['Encuesta de Servicios B']!;
    const nombre = (await t.db.select().from(campuses).where(eq(campuses.id, campusId)))[0]!.nombre;
    const allButB = Object.entries(cycleIds)
      .filter(([name]) => name !== 'BUZÓN' && name !== 'Encuesta de Servicios B')
      .map(([, id]) => id);
    expect(await availableKinds()).toContain('alumnos/serviciosB');
    const response = await send(t, 'PUT', `/campus/${campusId}/ciclos`, { cicles: allButB }, admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().cicles.find((c: { id: number }) => c.id === servicesB).avalible).toBe(false);

    const kinds = await availableKinds();
    expect(kinds).not.toContain('alumnos/serviciosB');
    expect(kinds).toContain('alumnos/evaluacionDocente');

    const refused = await send(t, 'POST', '/actives', newApplication(campusId, [servicesB], 3), admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ cicles: [`«Encuesta de Servicios B» no está habilitado en el campus ${nombre}`] });
    const other = campusId === guadalajara ? puebla : guadalajara;
    expect((await send(t, 'POST', '/actives', newApplication(other, [servicesB], 4), admin)).statusCode).toBe(201);

    // Editing an application that already attaches it keeps it.
    const open = (await get(t, `/actives?page=1&perPage=50&campusId=${campusId}`, admin))
      .json()
      .actives.find((a: { cicles: { id: number }[]; start_active: string; end_active: string }) =>
        a.cicles.some((c) => c.id === servicesB) && a.start_active <= today && a.end_active >= today,
      );
    const edit = await send(t, 'PUT', `/actives/${open.id}`, { startDate: open.start_active, endDate: open.end_active, cicles: open.cicles.map((c: { id: number }) => c.id) }, admin);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().active.cicles.map((c: { id: number }) => c.id)).toContain(servicesB);

    await send(t, 'PUT', `/campus/${campusId}/ciclos`, { cicles: [...allButB, servicesB] }, admin);
    expect(await availableKinds()).toContain('alumnos/serviciosB');
  });

  it("leaves a disabled campus and a survey type turned off out of the copy of the previous term", async () => {
    const leon = t.demo!.campusIds['León']!;
    const merida = t.demo!.campusIds['Mérida']!;
    const servicesA = cycleIds['Encuesta de Servicios A']!;
    await send(t, 'PUT', `/campus/${leon}/avalible`, { avalible: false }, admin);
    const others = Object.entries(cycleIds).filter(([name]) => name !== 'BUZÓN' && name !== 'Encuesta de Servicios A').map(([, id]) => id);
    await send(t, 'PUT', `/campus/${merida}/ciclos`, { cicles: others }, admin);
    const [next] = await t.db.select().from(periods).orderBy(desc(periods.fechaInicio)).limit(1);
    const preview = await send(t, 'POST', '/actives/copy-previous', { periodoId: next!.id, preview: true }, admin);
    expect(preview.statusCode, preview.body).toBe(200);
    const items = preview.json().plan.items as { campus: { id: number }; cicles: { id: number }[]; skipped: { id: number; reason: string }[] }[];
    const leonItems = items.filter((item) => item.campus.id === leon);
    expect(leonItems.length).toBeGreaterThan(0);
    for (const item of leonItems) {
      expect(item.cicles).toEqual([]);
      expect(new Set(item.skipped.map((skip) => skip.reason))).toEqual(new Set(['campusDisabled']));
    }
    const meridaItems = items.filter((item) => item.campus.id === merida);
    expect(meridaItems.length).toBeGreaterThan(0);
    for (const item of meridaItems) {
      expect(item.cicles.map((c) => c.id)).not.toContain(servicesA);
      expect(item.skipped).toContainEqual(expect.objectContaining({ id: servicesA, reason: 'offAtCampus' }));
    }
    const copied = await send(t, 'POST', '/actives/copy-previous', { periodoId: next!.id, fromPeriodoId: preview.json().plan.from.id }, admin);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().actives.some((a: { campus_id: number }) => a.campus_id === leon)).toBe(false);
  });
});
