/**
 * NOM-035 numeral 7.8 and the warning before 7.9 (issue 22) through the API:
 * a campus's results published to its staff and withdrawn (who may: the
 * campus granted and 'Gestionar NOM-035', 403 otherwise), read by its staff
 * and teachers (never by students, nor by another campus's staff; 404 once
 * withdrawn), nothing published under the small-group rule nor while the
 * application is open (Spanish 409s), 7.8's state in the file, and the
 * start page's warning across due days (100 days: none; 30: warning;
 * past: overdue; a campus of 15 workers or fewer: none).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nom035CampusFile } from '@encuestas/core/api/nom035-file';
import type { NextEvaluations, StaffPublications, StaffResults } from '@encuestas/core/api/nom035-results';
import { addDays, displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { auditLog, nom035Publications } from '../../src/db/schema';
import { addYears } from '../../src/features/nom035-file/obligations';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { answerGuideIIAtWorst } from '../helpers/nom035';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { createApplication, createCampus, createPeriod, createStaff, createStudent, createTeacher } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

const KIND = 'administrativos/norma';
const WORKERS = 20;
const RESPONSIBLE = 'Juana Responsable Ortiz';
let t: TestApp;
const today = mexicoCityDay();
const ids = { periodo: 0, cycle: 0, campus: 0, neighbour: 0, small: 0, application: 0, openApplication: 0, smallApplication: 0 };
const due = { in100: 0, in30: 0, past: 0, tiny: 0 };
const admins = { manager: '', neighbourManager: '', noPermission: '' };
const workers = { staff: '', teacher: '', neighbour: '', student: '' };

const answerGuideII = (campusId: number, activeId: number, count: number) =>
  answerGuideIIAtWorst(t.db, { cycleId: ids.cycle, periodoId: ids.periodo, campusId, activeId, day: today }, count);

async function campusWith(nombre: string, staffCount: number): Promise<number> {
  const id = await createCampus(t.db, nombre);
  for (let i = 0; i < staffCount; i++) await createStaff(t.db, { campusId: id });
  return id;
}

/** A closed application at a campus that ended on `endActive`. */
async function applied(campusId: number, endActive: string): Promise<number> {
  const created = await createApplication(t.db, { campusId, periodoId: ids.periodo, kinds: [KIND], startActive: addDays(endActive, -20), endActive });
  ids.cycle = created.cycleIds[KIND]!;
  return created.activeId;
}

beforeAll(async () => {
  t = await createTestApp();
  ids.periodo = await createPeriod(t.db, { nombre: '2026A', fechaInicio: '2020-01-01', fechaFin: '2030-12-31' });
  ids.campus = await campusWith('Norma Publica', WORKERS);
  ids.neighbour = await campusWith('Norma Vecina', WORKERS);
  ids.small = await campusWith('Norma Escasa', WORKERS);
  ids.application = await applied(ids.campus, addDays(today, -10));
  await answerGuideII(ids.campus, ids.application, WORKERS);
  // Still open: its figures are not final.
  ids.openApplication = (await createApplication(t.db, { campusId: ids.neighbour, periodoId: ids.periodo, kinds: [KIND], startActive: addDays(today, -5), endActive: addDays(today, 5) })).activeId;
  await answerGuideII(ids.neighbour, ids.openApplication, WORKERS);
  // Three answers: under MIN_GROUP_SIZE (5).
  ids.smallApplication = await applied(ids.small, addDays(today, -10));
  await answerGuideII(ids.small, ids.smallApplication, 3);

  // Campuses whose last evaluation ended two years before a day 100 and 30 days away, and 5 days ago; a campus of 10 workers overdue.
  due.in100 = await campusWith('Vence en cien', 16);
  await applied(due.in100, addYears(addDays(today, 100), -2));
  due.in30 = await campusWith('Vence en treinta', 16);
  await applied(due.in30, addYears(addDays(today, 30), -2));
  due.past = await campusWith('Ya vencida', 16);
  await applied(due.past, addYears(addDays(today, -5), -2));
  due.tiny = await campusWith('Diminuta', 10);
  await applied(due.tiny, addYears(addDays(today, -5), -2));

  const granted = [ids.campus, ids.neighbour, ids.small, due.in100, due.in30, due.past, due.tiny];
  admins.manager = await signedInAdmin(t, { email: 'publica@prueba.mx', password: 'Publica-2026!', permissionNames: [PERMISSIONS.manageNom035], campusIds: granted, cycleIds: [] });
  admins.neighbourManager = await signedInAdmin(t, { email: 'vecina@prueba.mx', password: 'Publica-2026!', permissionNames: [PERMISSIONS.manageNom035], campusIds: [ids.neighbour], cycleIds: [] });
  admins.noPermission = await signedInAdmin(t, { email: 'sinpermiso@prueba.mx', password: 'Publica-2026!', permissionNames: [PERMISSIONS.viewCampusReports], campusIds: granted, cycleIds: [ids.cycle] });

  const staffMember = await createStaff(t.db, { campusId: ids.campus });
  const teacher = await createTeacher(t.db, { campusId: ids.campus });
  const neighbour = await createStaff(t.db, { campusId: ids.neighbour });
  const student = await createStudent(t.db, { campusId: ids.campus, periodoId: ids.periodo });
  workers.staff = await respondentToken(t, staffMember.pcId);
  workers.teacher = await respondentToken(t, teacher.pcId);
  workers.neighbour = await respondentToken(t, neighbour.pcId);
  workers.student = await respondentToken(t, student.pcId);

  // The program: an action whose responsible person staff must never read.
  const res = await t.request({
    method: 'POST',
    url: `${API}/nom035/campus/${ids.campus}/applications/${ids.application}/actions`,
    token: admins.manager,
    payload: { guide: 'II', scope: 'domain', key: 'workload', area: 'Servicios escolares', measure: 'Redistribuir las cargas de trabajo', level: 'organizational', dueOn: addDays(today, 60), responsible: RESPONSIBLE, state: 'inProgress' },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'PUT' | 'DELETE', path: string, token = admins.manager) => t.request({ method, url: `${API}${path}`, token });
const publication = (campusId: number, activeId: number) => `/nom035/campus/${campusId}/applications/${activeId}/publication`;
const read = (path: string, token: string) => t.request({ method: 'GET', url: `${API}/respondents/nom035/results${path}`, token });
const messageOf = (res: { json: <T>() => T }) => res.json<{ error: { message: string } }>().error.message;

function numeral(file: Nom035CampusFile, which: string) {
  const found = file.obligations.find((o) => o.numeral === which);
  expect(found, which).toBeDefined();
  return found!;
}

async function fileOf(campusId: number): Promise<Nom035CampusFile> {
  const res = await admin('GET', `/nom035/campus/${campusId}/file`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Nom035CampusFile>();
}

describe(`NOM-035 results published to a campus's staff (7.8, ${driverName})`, () => {
  it('before publishing: 7.8 is pendiente in the file, and staff find nothing (an empty list, 404 for the summary)', async () => {
    const f = await fileOf(ids.campus);
    expect(f.obligations.map((o) => o.numeral)).toContain('7.8');
    expect(numeral(f, '7.8')).toMatchObject({ state: 'pendiente', detail: expect.stringContaining('Falta publicar') });
    expect(f.applications[0]!.publication).toBeNull();
    const list = await read('', workers.staff);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<StaffPublications>()).toEqual({ publications: [] });
    const summary = await read(`/${ids.application}`, workers.staff);
    expect(summary.statusCode).toBe(404);
    expect(looksSpanish(messageOf(summary))).toBe(true);
  });

  it('refuses to publish for another campus’s manager and without «Gestionar NOM-035» (403), and publishes nothing', async () => {
    for (const token of [admins.neighbourManager, admins.noPermission]) {
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await admin(method, publication(ids.campus, ids.application), token);
        expect(res.statusCode, res.body).toBe(403);
        expect(looksSpanish(messageOf(res))).toBe(true);
      }
    }
    // A granted campus's path with another campus's application is not found.
    expect((await admin('PUT', publication(ids.small, ids.application))).statusCode).toBe(404);
    expect(await t.db.select().from(nom035Publications)).toEqual([]);
  });

  it('publishes once: 7.8 cumplido with the day and who, audited; a second click changes nothing', async () => {
    const res = await admin('PUT', publication(ids.campus, ids.application));
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<Nom035CampusFile>();
    expect(f.applications[0]!.publication).toEqual({ publishedOn: today, publishedBy: 'Prueba' });
    const stated = numeral(f, '7.8');
    expect(stated.state).toBe('cumplido');
    expect(stated.evidence).toEqual(expect.arrayContaining([{ label: 'Publicado el', value: displayDay(today), link: null }]));
    expect((await admin('PUT', publication(ids.campus, ids.application))).statusCode).toBe(200);
    expect(await t.db.select().from(nom035Publications).where(eq(nom035Publications.activeId, ids.application))).toHaveLength(1);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'nom035_publication'));
    expect(audited.map((a) => a.action)).toEqual(['publish']);
  });

  it('staff and teachers of the campus read the campus-wide levels and the program, never a person nor a score’s distribution', async () => {
    for (const token of [workers.staff, workers.teacher]) {
      const list = await read('', token);
      expect(list.json<StaffPublications>()).toEqual({ publications: [{ activeId: ids.application, periodo: '2026A', publishedOn: today }] });
      const res = await read(`/${ids.application}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json<StaffResults>();
      expect(summary).toMatchObject({ campus: 'Norma Publica', periodo: '2026A', publishedOn: today, minGroupSize: 5 });
      expect(summary.guides).toHaveLength(1);
      const [guide] = summary.guides;
      expect(guide).toMatchObject({ workers: WORKERS, final: { key: 'muyAlto', label: 'Muy alto' } });
      expect(guide!.categories.length).toBeGreaterThan(0);
      expect(guide!.domains.map((d) => d.name)).toContain('Carga de trabajo');
      expect([...guide!.categories, ...guide!.domains].every((g) => g.level.label === 'Muy alto')).toBe(true);
      expect(summary.actions).toEqual([
        { measure: 'Redistribuir las cargas de trabajo', area: 'Servicios escolares', answers: 'Carga de trabajo', dueOn: addDays(today, 60), state: 'En curso' },
      ]);
      expect(res.body).not.toContain(RESPONSIBLE);
      // Levels only: no counts per level, no mean to two decimals.
      expect(res.body).not.toMatch(/"(n|levels|averageScore)"/);
    }
  });

  it('never shows it to another campus’s staff (empty, 404) nor to students (403)', async () => {
    expect((await read('', workers.neighbour)).json<StaffPublications>()).toEqual({ publications: [] });
    expect((await read(`/${ids.application}`, workers.neighbour)).statusCode).toBe(404);
    for (const path of ['', `/${ids.application}`]) {
      const res = await read(path, workers.student);
      expect(res.statusCode, res.body).toBe(403);
      expect(looksSpanish(messageOf(res))).toBe(true);
    }
    // A back-office token is not a respondent's.
    expect((await read('', admins.manager)).statusCode).toBe(401);
  });

  it('withdrawn: staff no longer see it, 7.8 is pendiente, and publishing again keeps the history', async () => {
    let res = await admin('DELETE', publication(ids.campus, ids.application));
    expect(res.statusCode, res.body).toBe(200);
    expect(numeral(res.json<Nom035CampusFile>(), '7.8').state).toBe('pendiente');
    expect((await read('', workers.staff)).json<StaffPublications>()).toEqual({ publications: [] });
    expect((await read(`/${ids.application}`, workers.staff)).statusCode).toBe(404);
    // Withdrawing what is not published changes nothing.
    expect((await admin('DELETE', publication(ids.campus, ids.application))).statusCode).toBe(200);

    res = await admin('PUT', publication(ids.campus, ids.application));
    expect(numeral(res.json<Nom035CampusFile>(), '7.8').state).toBe('cumplido');
    const rows = await t.db.select().from(nom035Publications).where(eq(nom035Publications.activeId, ids.application));
    expect(rows.map((r) => r.withdrawnAt === null).sort()).toEqual([false, true]);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'nom035_publication'));
    expect(audited.map((a) => a.action)).toEqual(['publish', 'withdraw', 'publish']);
  });

  it('publishes nothing under the small-group rule, nor while the application is open: Spanish 409s', async () => {
    let res = await admin('PUT', publication(ids.small, ids.smallApplication));
    expect(res.statusCode, res.body).toBe(409);
    expect(messageOf(res)).toBe('No se pueden publicar: respondieron menos de 5 trabajadores y la regla de grupos pequeños oculta los resultados.');
    expect(numeral(await fileOf(ids.small), '7.8').detail).toContain('regla de grupos pequeños');

    res = await admin('PUT', publication(ids.neighbour, ids.openApplication));
    expect(res.statusCode, res.body).toBe(409);
    expect(messageOf(res)).toContain(`sigue abierta hasta el ${displayDay(addDays(today, 5))}`);
    expect(numeral(await fileOf(ids.neighbour), '7.8').detail).toContain('sigue abierta');
    const rows = await t.db.select().from(nom035Publications);
    expect(rows.every((r) => r.activeId === ids.application)).toBe(true);
  });
});

describe(`the start page's warning before the next NOM-035 evaluation (7.9, ${driverName})`, () => {
  it('warns of a campus due within 90 days and of one overdue; not of one due in 100 days, nor of one of 15 workers or fewer', async () => {
    const res = await admin('GET', '/nom035/next-evaluations');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<NextEvaluations>();
    expect(body).toMatchObject({ today, warnDays: 90 });
    expect(body.campuses).toEqual([
      { campus: { id: due.past, nombre: 'Ya vencida' }, dueOn: addDays(today, -5), overdue: true },
      { campus: { id: due.in30, nombre: 'Vence en treinta' }, dueOn: addDays(today, 30), overdue: false },
    ]);
    // The file says the same day (one computation).
    expect(numeral(await fileOf(due.in30), '7.9').detail).toContain(displayDay(addDays(today, 30)));
    expect(numeral(await fileOf(due.past), '7.9').state).toBe('vencido');
  });

  it('only over the user’s campuses, and only with «Gestionar NOM-035»', async () => {
    const neighbour = await admin('GET', '/nom035/next-evaluations', admins.neighbourManager);
    expect(neighbour.json<NextEvaluations>().campuses).toEqual([]);
    const refused = await admin('GET', '/nom035/next-evaluations', admins.noPermission);
    expect(refused.statusCode).toBe(403);
    expect(looksSpanish(messageOf(refused))).toBe(true);
  });
});
