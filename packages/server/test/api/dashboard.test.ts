/**
 * GET /dashboard: the start page's participation per open application
 * (survey type × campus), counted as the missing lists count it; lowest rate
 * first; only the user's campuses and survey types; either report permission.
 * Windows are placed around today (Mexico City), since "open" means now.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardApplication } from '@encuestas/core/api/dashboard';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { activeCycles, actives, campuses, classes, completions, cycles, enrolments, periods, students, teachers } from '../../src/db/schema';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const PASSWORD = 'Inicio-Prueba-2026!';
let t: TestApp;
const today = mexicoCityDay();
const ids = { servA: 0, teacherEval: 0, campusX: 0, campusY: 0, current: 0, previous: 0, activeX: 0, activeY: 0, activeXBefore: 0 };
const tokens = { admin: '', campusOnly: '', noPermission: '', servicesOnly: '' };
const studentIds: number[] = [];

const complete = (respondentId: number, activeId: number, cycleId: number, subjectKey = '') =>
  t.db.insert(completions).values({ respondentType: 'student', respondentId, activeId, cycleId, subjectKey, idempotencyKey: randomUUID() });

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

async function dashboard(token: string): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/dashboard`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Dashboard>();
}

const row = (answer: Dashboard, campusId: number, cycleId: number): DashboardApplication | undefined =>
  answer.applications.find((a) => a.campus.id === campusId && a.cycle.id === cycleId);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  const cycleOf = async (kind: string) => (await db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
  ids.servA = await cycleOf('alumnos/serviciosA');
  ids.teacherEval = await cycleOf('alumnos/evaluacionDocente');
  [ids.campusX, ids.campusY] = (await db.insert(campuses).values([{ nombre: 'Inicio X' }, { nombre: 'Inicio Y' }]).returning()).map((c) => c.id) as [number, number];
  [ids.current, ids.previous] = (
    await db
      .insert(periods)
      .values([
        { nombre: '2090A', fechaInicio: addDays(today, -30), fechaFin: addDays(today, 60) },
        { nombre: '2089B', fechaInicio: addDays(today, -220), fechaFin: addDays(today, -60) },
      ])
      .returning()
  ).map((p) => p.id) as [number, number];
  [ids.activeX, ids.activeY, ids.activeXBefore] = (
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusX, periodoId: ids.current, startActive: addDays(today, -5), endActive: addDays(today, 3) },
        { campusId: ids.campusY, periodoId: ids.current, startActive: addDays(today, -5), endActive: addDays(today, 10) },
        { campusId: ids.campusX, periodoId: ids.previous, startActive: addDays(today, -150), endActive: addDays(today, -120) },
      ])
      .returning()
  ).map((a) => a.id) as [number, number, number];
  await db.insert(activeCycles).values([
    { activeId: ids.activeX, cycleId: ids.servA },
    { activeId: ids.activeX, cycleId: ids.teacherEval },
    { activeId: ids.activeY, cycleId: ids.servA },
    { activeId: ids.activeXBefore, cycleId: ids.servA },
  ]);

  // Campus X: four students, each taking the same four classes; campus Y: two students.
  const person = (n: number, campusId: number) => ({
    pcId: String(300000000 + n),
    name: `Alumno ${n}`,
    campusId,
    plan: 'ING',
    grupo: '1A',
    sesion: 'M',
    year: 2026,
  });
  const inserted = await db
    .insert(students)
    .values([person(1, ids.campusX), person(2, ids.campusX), person(3, ids.campusX), person(4, ids.campusX), person(5, ids.campusY), person(6, ids.campusY)])
    .returning();
  studentIds.push(...inserted.map((s) => s.id));
  const [teacher] = await db.insert(teachers).values({ pcId: '300000100', name: 'Docente', campusId: ids.campusX }).returning();
  const classRows = await db
    .insert(classes)
    .values([1, 2, 3, 4].map((n) => ({ code: `INI${n}`, name: `Materia ${n}`, campusId: ids.campusX, periodoId: ids.current, teacherId: teacher!.id, plan: 'ING', grupo: '1A' })))
    .returning();
  await db.insert(enrolments).values(classRows.flatMap((c) => studentIds.slice(0, 4).map((studentId) => ({ classId: c.id, studentId }))));

  const [s1, s2, s3] = studentIds as [number, number, number];
  // Services A: two of four at X, none of two at Y. A completion is written at submission, so held answers count as published ones do.
  await complete(s1, ids.activeX, ids.servA);
  await complete(s2, ids.activeX, ids.servA);
  // Teacher evaluation at X: s1 evaluated 1 of 4 classes (not done), s2 all four (done).
  await complete(s1, ids.activeX, ids.teacherEval, String(classRows[0]!.id));
  for (const c of classRows) await complete(s2, ids.activeX, ids.teacherEval, String(c.id));
  // The previous term at X: three of the four.
  for (const id of [s1, s2, s3]) await complete(id, ids.activeXBefore, ids.servA);

  const reports = [PERMISSIONS.viewCycleReports, PERMISSIONS.viewCampusReports];
  tokens.admin = await user('inicio-admin@example.com', [...reports, PERMISSIONS.sendReminders], [ids.campusX, ids.campusY], [ids.servA, ids.teacherEval]);
  tokens.campusOnly = await user('inicio-campus@example.com', [PERMISSIONS.viewCampusReports], [ids.campusY], [ids.servA, ids.teacherEval]);
  tokens.servicesOnly = await user('inicio-servicios@example.com', [PERMISSIONS.viewCampusReports], [ids.campusX, ids.campusY], [ids.servA]);
  tokens.noPermission = await user('inicio-sin@example.com', [PERMISSIONS.viewUsers], [ids.campusX, ids.campusY], [ids.servA, ids.teacherEval]);
});

afterAll(async () => {
  await t?.close();
});

describe(`GET /dashboard (${driverName})`, () => {
  it('counts the people who answered of those expected at each campus, with the days left and the period', async () => {
    const answer = await dashboard(tokens.admin);
    expect(answer.today).toBe(today);
    expect(answer.periodo).toEqual({ id: ids.current, nombre: '2090A' });
    expect(answer.applications).toHaveLength(3);
    expect(row(answer, ids.campusX, ids.servA)).toMatchObject({
      title: expect.any(String),
      respondent: 'student',
      campus: { id: ids.campusX, nombre: 'Inicio X' },
      periodo: { id: ids.current, nombre: '2090A' },
      endDay: addDays(today, 3),
      daysLeft: 3,
      participation: { expected: 4, answered: 2, rate: 0.5 },
    });
    expect(row(answer, ids.campusY, ids.servA)).toMatchObject({ daysLeft: 10, participation: { expected: 2, answered: 0, rate: 0 } });
    // Each campus's groups with someone missing, its own only.
    expect(row(answer, ids.campusX, ids.servA)?.groupsBehind).toEqual([{ plan: 'ING', grupo: '1A', participation: { expected: 4, answered: 2, rate: 0.5 } }]);
    expect(row(answer, ids.campusY, ids.servA)?.groupsBehind).toEqual([{ plan: 'ING', grupo: '1A', participation: { expected: 2, answered: 0, rate: 0 } }]);
  });

  it('counts a student who evaluated 1 of 4 classes as not done (teacher evaluation)', async () => {
    const answer = await dashboard(tokens.admin);
    expect(row(answer, ids.campusX, ids.teacherEval)?.participation).toEqual({ expected: 4, answered: 1, rate: 0.25 });
  });

  it('puts the furthest behind first', async () => {
    const rates = (await dashboard(tokens.admin)).applications.map((a) => a.participation.rate!);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    const services = (await dashboard(tokens.servicesOnly)).applications.map((a) => a.campus.id);
    expect(services).toEqual([ids.campusY, ids.campusX]);
  });

  it("sets the previous term's final figures beside the application, or none", async () => {
    const answer = await dashboard(tokens.admin);
    expect(row(answer, ids.campusX, ids.servA)?.previous).toEqual({
      periodo: { id: ids.previous, nombre: '2089B' },
      participation: { expected: 4, answered: 3, rate: 0.75 },
    });
    expect(row(answer, ids.campusY, ids.servA)?.previous).toBeNull();
    expect(row(answer, ids.campusX, ids.teacherEval)?.previous).toBeNull();
  });

  it('shows a one-campus user only their campus, and only the survey types granted', async () => {
    const campusOnly = await dashboard(tokens.campusOnly);
    expect(campusOnly.applications.map((a) => [a.campus.id, a.cycle.id])).toEqual([[ids.campusY, ids.servA]]);
    const servicesOnly = await dashboard(tokens.servicesOnly);
    expect(servicesOnly.applications.every((a) => a.cycle.id === ids.servA)).toBe(true);
  });

  it('refuses a user with neither report permission (403, in Spanish), and anyone signed out (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/dashboard`, headers: { authorization: `Bearer ${tokens.noPermission}` } });
    expect(res.statusCode).toBe(403);
    expect(looksSpanish(res.json<{ error: { message: string } }>().error.message)).toBe(true);
    const anonymous = await t.app.inject({ method: 'GET', url: `${API}/dashboard` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('with nothing open names the latest period that began and lists nothing', async () => {
    await t.db.update(actives).set({ endActive: addDays(today, -1) }).where(eq(actives.campusId, ids.campusY));
    try {
      const answer = await dashboard(tokens.campusOnly);
      expect(answer.applications).toEqual([]);
      expect(answer.periodo?.id).toBe(ids.current);
    } finally {
      await t.db.update(actives).set({ endActive: addDays(today, 10) }).where(eq(actives.campusId, ids.campusY));
    }
  });
});
