/**
 * Coordinators by plan of study (issue 21, docs/permissions.md
 * "Coordinators"): a user with plan grants at a campus sees in the teacher
 * reports only the teachers who teach a class of those plans there in the
 * report's period (ranking, one teacher's report, comments, PDF and XLSX);
 * the norms stay the campus's and the institution's. Granting plans through
 * the users API: only within the manager's own plans, never to a campus not
 * granted, audited in the Bitácora's words.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@encuestas/core/api/audit';
import type { PlanOptions, UserAccess, UserDetail } from '@encuestas/core/api/users';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import type { Answers, RatingValue } from '@encuestas/core/survey-engine/types';
import type { TeacherCommentsReport, TeacherReport, TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { activeCycles, actives, adminUsers, campuses, classes, cycles, periods, responses, teachers, userCampusGrants, userPlanGrants } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { TEACHER_OUTSIDE_PLANS } from '../../src/features/reports/scope';
import { TARGET_HOLDS_MORE_MESSAGE } from '../../src/features/users/service';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const KIND = 'alumnos/evaluacionDocente';
const PASSWORD = 'Coordinacion-Prueba-2026!';
let t: TestApp;
const ids = { cycle: 0, campusA: 0, campusB: 0, periodo: 0, otherPeriodo: 0 };
const teacher: Record<string, number> = {};
const tokens = { admin: '', coordA: '', coordAB: '', coordManager: '' };
const userIds: Record<string, number> = {};

const all = (value: RatingValue, comment: string): Answers => ({ ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, value])), comments: comment });

/** Campus A: Ana teaches ING, Beto DER (and ING only in another period), Carla DER with evaluations and an ING class without; campus B: Dora, ING. */
const CLASSES = [
  { key: 'A-ING', teacherKey: 'ana', campus: 'A', plan: 'ING', evaluations: 'excelente' },
  { key: 'A-DER', teacherKey: 'beto', campus: 'A', plan: 'DER', evaluations: 'buena' },
  { key: 'A-DER2', teacherKey: 'carla', campus: 'A', plan: 'DER', evaluations: 'muyBuena' },
  { key: 'A-ING2', teacherKey: 'carla', campus: 'A', plan: 'ING', evaluations: null },
  { key: 'B-ING', teacherKey: 'dora', campus: 'B', plan: 'ING', evaluations: 'buena' },
] as const;
const NAMES: Record<string, [string, string, 'A' | 'B']> = {
  ana: ['Ana', 'Alvarado', 'A'],
  beto: ['Beto', 'Bravo', 'A'],
  carla: ['Carla', 'Cruz', 'A'],
  dora: ['Dora', 'Díaz', 'B'],
};

async function user(key: string, permissionNames: PermissionName[], campusIds: number[], plans: { campusId: number; plan: string }[] = []): Promise<string> {
  const email = `coord-${key.toLowerCase()}@prueba.mx`;
  const token = await signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds: [ids.cycle] });
  userIds[key] = (await t.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, email)))[0]!.id;
  if (plans.length) await t.db.insert(userPlanGrants).values(plans.map((p) => ({ userId: userIds[key]!, ...p })));
  return token;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Coordinación A' }, { nombre: 'Coordinación B' }]).returning()).map((c) => c.id) as [number, number];
  [ids.periodo, ids.otherPeriodo] = (
    await db
      .insert(periods)
      .values([
        { nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' },
        { nombre: '2025B', fechaInicio: '2025-07-15', fechaFin: '2025-12-15' },
      ])
      .returning()
  ).map((p) => p.id) as [number, number];
  const window = { periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' };
  const [activeA, activeB] = (await db.insert(actives).values([{ campusId: ids.campusA, ...window }, { campusId: ids.campusB, ...window }]).returning()).map((a) => a.id) as [number, number];
  await db.insert(activeCycles).values([activeA, activeB].map((activeId) => ({ activeId, cycleId: ids.cycle })));
  let pc = 520000000;
  for (const [key, [name, lastName, campus]] of Object.entries(NAMES)) {
    teacher[key] = (await db.insert(teachers).values({ pcId: String(pc++), name, lastName, campusId: campus === 'A' ? ids.campusA : ids.campusB }).returning())[0]!.id;
  }
  const rows: (typeof responses.$inferInsert)[] = [];
  for (const c of CLASSES) {
    const campusId = c.campus === 'A' ? ids.campusA : ids.campusB;
    const [klass] = await db
      .insert(classes)
      .values({ code: c.key, name: `Materia ${c.key}`, campusId, periodoId: ids.periodo, teacherId: teacher[c.teacherKey]!, plan: c.plan, grupo: '1A' })
      .returning();
    if (!c.evaluations) continue;
    for (let i = 0; i < 5; i++) {
      rows.push({
        id: randomUUID(),
        surveyKind: KIND,
        questionnaireId: 'alumnos-evaluacion-docente',
        questionnaireVersion: 1,
        cycleId: ids.cycle,
        activeId: c.campus === 'A' ? activeA : activeB,
        campusId,
        periodoId: ids.periodo,
        plan: c.plan,
        grupo: '1A',
        teacherId: teacher[c.teacherKey]!,
        classId: klass!.id,
        submittedOn: '2026-03-02',
        answers: all(c.evaluations, `Comentario ${i + 1} sobre ${c.teacherKey}`),
      });
    }
  }
  // Beto taught ING in another term: not in an ING coordinator's reach this term.
  await db.insert(classes).values({ code: 'A-ING-OLD', name: 'Materia anterior', campusId: ids.campusA, periodoId: ids.otherPeriodo, teacherId: teacher.beto!, plan: 'ING', grupo: '1A' });
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });

  tokens.admin = await user('admin', [PERMISSIONS.viewCycleReports, PERMISSIONS.viewUsers, PERMISSIONS.manageUsers, PERMISSIONS.viewAuditLog], [ids.campusA, ids.campusB]);
  tokens.coordA = await user('coordA', [PERMISSIONS.viewCampusReports], [ids.campusA], [{ campusId: ids.campusA, plan: 'ING' }]);
  tokens.coordAB = await user('coordAB', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB], [{ campusId: ids.campusA, plan: 'ING' }]);
  tokens.coordManager = await user('coordManager', [PERMISSIONS.viewUsers, PERMISSIONS.manageUsers, PERMISSIONS.viewCampusReports], [ids.campusA], [
    { campusId: ids.campusA, plan: 'ING' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
const get = (path: string, params: Record<string, string | number | undefined>, token: string) => t.request({ method: 'GET', url: `${API}${path}?${qs(params)}`, token });
const put = (path: string, payload: object, token: string) => t.request({ method: 'PUT', url: `${API}${path}`, payload, token });
const scopeA = () => ({ cicleId: ids.cycle, periodoId: ids.periodo, campusId: ids.campusA });
async function ok<T>(path: string, params: Record<string, string | number | undefined>, token: string): Promise<T> {
  const res = await get(path, params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const names = (report: TeachersReport) => report.teachers.map((row) => row.teacher.name);

describe(`a coordinator's teacher reports (${driverName})`, () => {
  it('ranks only the teachers who teach a class of the granted plan at that campus this term; others see every teacher', async () => {
    expect(names(await ok<TeachersReport>('/reports/teachers', scopeA(), tokens.admin))).toEqual(['Ana Alvarado', 'Carla Cruz', 'Beto Bravo']);
    const coordinator = await ok<TeachersReport>('/reports/teachers', scopeA(), tokens.coordA);
    // Carla's evaluations are of a DER class, but she teaches ING too; Beto taught ING only in another term.
    expect(coordinator.teachers.map((row) => [row.rank, row.teacher.name])).toEqual([
      [1, 'Ana Alvarado'],
      [2, 'Carla Cruz'],
    ]);
    expect(coordinator.groups.find((g) => g.key === 'docentes')!.n).toBe(2);
    expect(coordinator.total).toBe(2);
  });

  it('limits only the campuses with plan grants: in the report by cycle, every teacher of the other campus', async () => {
    const wholeCycle = { cicleId: ids.cycle, periodoId: ids.periodo };
    expect(names(await ok<TeachersReport>('/reports/teachers', wholeCycle, tokens.admin)).sort()).toEqual(['Ana Alvarado', 'Beto Bravo', 'Carla Cruz', 'Dora Díaz']);
    expect(names(await ok<TeachersReport>('/reports/teachers', wholeCycle, tokens.coordAB)).sort()).toEqual(['Ana Alvarado', 'Carla Cruz', 'Dora Díaz']);
  });

  it('opens the report of a teacher of the plan with the same campus and institution norms, and refuses a teacher of another plan (403)', async () => {
    const own = await ok<TeacherReport>(`/reports/teachers/${teacher.ana}`, scopeA(), tokens.coordA);
    const asAdmin = await ok<TeacherReport>(`/reports/teachers/${teacher.ana}`, scopeA(), tokens.admin);
    expect(own.withheld).toBe(false);
    expect([own.n, own.mean, own.campusMean, own.campusN, own.institutionMean, own.institutionN]).toEqual([
      asAdmin.n,
      asAdmin.mean,
      asAdmin.campusMean,
      asAdmin.campusN,
      asAdmin.institutionMean,
      asAdmin.institutionN,
    ]);
    // The norms cover every teacher of the campus (15 evaluations), not only the coordinator's.
    expect(own.campusN).toBe(15);
    expect(own.items.map((item) => item.campusAverage)).toEqual(asAdmin.items.map((item) => item.campusAverage));

    const refused = await get(`/reports/teachers/${teacher.beto}`, scopeA(), tokens.coordA);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TEACHER_OUTSIDE_PLANS);
    expect(looksSpanish(TEACHER_OUTSIDE_PLANS)).toBe(true);
    expect((await get(`/reports/teachers/${teacher.beto}`, scopeA(), tokens.admin)).statusCode).toBe(200);
  });

  it('lists and opens the comments of the plan’s teachers only', async () => {
    const list = await ok<TeacherCommentsReport>('/reports/teacher-comments', scopeA(), tokens.coordA);
    expect(list.teachers.map((row) => row.teacher.name)).toEqual(['Ana Alvarado', 'Carla Cruz']);
    expect(list.withheldTeachers).toBe(0);
    expect((await ok<TeacherCommentsReport>('/reports/teacher-comments', scopeA(), tokens.admin)).teachers).toHaveLength(3);
    expect((await get(`/reports/teachers/${teacher.ana}/comments`, scopeA(), tokens.coordA)).statusCode).toBe(200);
    const refused = await get(`/reports/teachers/${teacher.beto}/comments`, scopeA(), tokens.coordA);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, TEACHER_OUTSIDE_PLANS]);
  });

  it('gives the PDF of a plan’s teacher, refuses another’s, and the XLSX ranking lists only the plan’s teachers', async () => {
    expect((await get(`/reports/teachers/${teacher.ana}/pdf`, scopeA(), tokens.coordA)).statusCode).toBe(200);
    const refused = await get(`/reports/teachers/${teacher.beto}/pdf`, scopeA(), tokens.coordA);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, TEACHER_OUTSIDE_PLANS]);

    const file = await get('/reports/export', { ...scopeA(), table: 'teachers' }, tokens.coordA);
    expect(file.statusCode, file.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const listed: unknown[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) listed.push((row.values as unknown[])[2]);
    });
    expect(listed).toEqual(['Ana Alvarado', 'Carla Cruz']);
  });
});

describe(`granting plans of study (${driverName})`, () => {
  const access = (userId: number, body: object, token = tokens.admin) => put(`/users/${userId}/access`, { permissions: [], groups: [], cicleIds: [], ...body }, token);

  it('lists the directory’s plans per campus to a manager without limits, only their own to a coordinator', async () => {
    const admin = await ok<PlanOptions>('/users/plan-options', {}, tokens.admin);
    expect(admin.campuses.map((c) => [c.nombre, c.limited, c.plans])).toEqual([
      ['Coordinación A', false, ['DER', 'ING']],
      ['Coordinación B', false, ['ING']],
    ]);
    const coordinator = await ok<PlanOptions>('/users/plan-options', {}, tokens.coordManager);
    expect(coordinator.campuses.map((c) => [c.nombre, c.limited, c.plans])).toEqual([['Coordinación A', true, ['ING']]]);
  });

  it('saves, shows and audits a plan grant; leaving `plans` out keeps them, dropping the campus drops them', async () => {
    await user('target1', [], []);
    const saved = await access(userIds.target1!, { campusIds: [ids.campusA], plans: [{ campusId: ids.campusA, plan: 'ING' }, { campusId: ids.campusA, plan: 'ING' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<UserAccess>().plans).toEqual([{ campusId: ids.campusA, plan: 'ING' }]);
    expect((await ok<UserDetail>(`/users/${userIds.target1}`, {}, tokens.admin)).plans).toEqual([{ campusId: ids.campusA, plan: 'ING' }]);

    const log = await ok<AuditLogPage>('/audit-log', { action: 'set-access', entity: 'user' }, tokens.admin);
    const entry = log.entries.find((e) => e.entity_id === String(userIds.target1))!;
    expect(entry.changes).toContainEqual({ label: 'Planes de estudio', before: 'Ninguno', after: 'Coordinación A: ING' });

    const kept = await access(userIds.target1!, { campusIds: [ids.campusA, ids.campusB] });
    expect(kept.json<UserAccess>().plans).toEqual([{ campusId: ids.campusA, plan: 'ING' }]);
    const dropped = await access(userIds.target1!, { campusIds: [ids.campusB] });
    expect(dropped.json<UserAccess>().plans).toEqual([]);
    expect(await t.db.select().from(userPlanGrants).where(eq(userPlanGrants.userId, userIds.target1!))).toEqual([]);
  });

  it('refuses a plan of a campus not granted in the same request (422 on plans, nothing changes)', async () => {
    await user('target2', [], []);
    const res = await access(userIds.target2!, { campusIds: [ids.campusB], plans: [{ campusId: ids.campusA, plan: 'ING' }] });
    expect(res.statusCode).toBe(422);
    const [message] = res.json().error.fields.plans as string[];
    expect(message).toBe('El plan de estudios ING es de un campus que no le otorgas: marca también su campus');
    expect(looksSpanish(message!)).toBe(true);
    expect(await t.db.select().from(userCampusGrants).where(eq(userCampusGrants.userId, userIds.target2!))).toEqual([]);
  });

  it('answers a blank or overlong plan with a Spanish field message', async () => {
    await user('target3', [], []);
    for (const plan of ['  ', 'x'.repeat(21)]) {
      const res = await access(userIds.target3!, { campusIds: [ids.campusA], plans: [{ campusId: ids.campusA, plan }] });
      expect(res.statusCode).toBe(422);
      expect(looksSpanish(JSON.stringify(res.json().error))).toBe(true);
    }
  });

  it('lets a coordinator grant only their own plans, never the whole campus or another plan', async () => {
    await user('target4', [], []);
    const own = await access(userIds.target4!, { campusIds: [ids.campusA], plans: [{ campusId: ids.campusA, plan: 'ING' }] }, tokens.coordManager);
    expect(own.statusCode, own.body).toBe(200);
    for (const plans of [[], [{ campusId: ids.campusA, plan: 'DER' }], [{ campusId: ids.campusA, plan: 'ING' }, { campusId: ids.campusA, plan: 'DER' }]]) {
      const res = await access(userIds.target4!, { campusIds: [ids.campusA], plans }, tokens.coordManager);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.plans[0]).toMatch(/^Solo puedes otorgar los planes de estudio que tú tienes/);
    }
    expect((await ok<UserDetail>(`/users/${userIds.target4}`, {}, tokens.admin)).plans).toEqual([{ campusId: ids.campusA, plan: 'ING' }]);
  });

  it('refuses a coordinator acting on a user who holds the whole campus or another plan (403)', async () => {
    await user('wholeCampus', [], [ids.campusA]);
    await user('otherPlan', [], [ids.campusA], [{ campusId: ids.campusA, plan: 'DER' }]);
    for (const key of ['wholeCampus', 'otherPlan']) {
      const res = await access(userIds[key]!, { campusIds: [ids.campusA], plans: [{ campusId: ids.campusA, plan: 'ING' }] }, tokens.coordManager);
      expect([res.statusCode, res.json().error.message]).toEqual([403, TARGET_HOLDS_MORE_MESSAGE]);
      const disable = await put(`/users/${userIds[key]}/avalible`, { avalible: false }, tokens.coordManager);
      expect(disable.statusCode).toBe(403);
    }
    // The manager without plan limits holds every plan: they may act on both.
    expect((await access(userIds.otherPlan!, { campusIds: [ids.campusA], plans: [{ campusId: ids.campusA, plan: 'ING' }] })).statusCode).toBe(200);
  });
});
