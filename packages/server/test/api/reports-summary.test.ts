/**
 * GET /reports/summary: a campus's survey types in a period with their
 * totals, for the campus's survey types page. Exact figures over known
 * published and held responses; only granted cycles are listed; the report
 * permissions, campus grants, tampered ids, unknown and malformed ids.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampusReportSummary } from '@encuestas/core/api/reports';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { activeCycles, actives, campuses, completions, cycles, periods, responses, students } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { holdResponses } from '../helpers/held';

const PASSWORD = 'Resumen-Prueba-2026!';
let t: TestApp;
const ids = { servA: 0, servB: 0, intake: 0, campusS: 0, campusT: 0, period: 0, emptyPeriod: 0, activeS: 0, activeT: 0 };
const tokens = { admin: '', campusOnly: '', noPermission: '', noCycles: '' };

async function cycleOf(kind: string): Promise<number> {
  return (await t.db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
}

function servicesA(activeId: number, campusId: number) {
  return {
    id: randomUUID(),
    surveyKind: 'alumnos/serviciosA',
    questionnaireId: 'alumnos-servicios-a',
    questionnaireVersion: 1,
    cycleId: ids.servA,
    activeId,
    campusId,
    periodoId: ids.period,
    plan: 'ING',
    grupo: '1A',
    submittedOn: '2026-03-02',
    answers: { libraryCollection: 'buena', libraryDigital: 'buena', overallSatisfaction: 'buena' },
  };
}

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.servA = await cycleOf('alumnos/serviciosA');
  ids.servB = await cycleOf('alumnos/serviciosB');
  ids.intake = await cycleOf('alumnos/nuevoIngreso');
  [ids.campusS, ids.campusT] = (await db.insert(campuses).values([{ nombre: 'Resumen S' }, { nombre: 'Resumen T' }]).returning()).map((c) => c.id) as [
    number,
    number,
  ];
  [ids.period, ids.emptyPeriod] = (
    await db
      .insert(periods)
      .values([
        { nombre: '2031A', fechaInicio: '2031-01-15', fechaFin: '2031-06-30' },
        { nombre: '2031B', fechaInicio: '2031-08-01', fechaFin: '2031-12-15' },
      ])
      .returning()
  ).map((p) => p.id) as [number, number];
  const window = { startActive: '2031-03-01', endActive: '2031-04-30' };
  [ids.activeS, ids.activeT] = (
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusS, periodoId: ids.period, ...window },
        { campusId: ids.campusT, periodoId: ids.period, ...window },
      ])
      .returning()
  ).map((a) => a.id) as [number, number];
  await db.insert(activeCycles).values([
    { activeId: ids.activeS, cycleId: ids.servA },
    { activeId: ids.activeS, cycleId: ids.servB },
    { activeId: ids.activeS, cycleId: ids.intake },
    { activeId: ids.activeT, cycleId: ids.servA },
  ]);

  // Campus S: four active students and one who left; three active ones completed Servicios A.
  const people = await db
    .insert(students)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        pcId: String(310000000 + i),
        name: `Alumno ${i}`,
        campusId: ids.campusS,
        plan: 'ING',
        grupo: '1A',
        sesion: 'M',
        year: 1,
        active: i < 4,
      })),
    )
    .returning();
  await db.insert(completions).values(
    people.slice(0, 3).map((p) => ({ respondentType: 'student', respondentId: p.id, activeId: ids.activeS, cycleId: ids.servA, idempotencyKey: randomUUID() })),
  );
  // Servicios A: six published at S, five at T (never counted at S), two still held at S.
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(responses)
      .values([
        ...Array.from({ length: 6 }, () => servicesA(ids.activeS, ids.campusS)),
        ...Array.from({ length: 5 }, () => servicesA(ids.activeT, ids.campusT)),
      ])
      .returning();
    await foldResponses(tx, inserted);
  });
  await holdResponses(db, [servicesA(ids.activeS, ids.campusS), servicesA(ids.activeS, ids.campusS)]);

  const granted = [ids.servA, ids.servB, ids.intake];
  tokens.admin = await user('resumen-admin@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusS, ids.campusT], granted);
  tokens.campusOnly = await user('resumen-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusS], [ids.servA, ids.servB]);
  tokens.noPermission = await user('resumen-nada@prueba.mx', [], [ids.campusS, ids.campusT], granted);
  tokens.noCycles = await user('resumen-sin-ciclos@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusS], []);
});
afterAll(async () => {
  await t?.close();
});

const summaryUrl = (params: Record<string, string | number>) =>
  `${API}/reports/summary?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
const get = (params: Record<string, string | number>, token = tokens.admin) => t.request({ method: 'GET', url: summaryUrl(params), token });

async function summary(params: Record<string, string | number>, token = tokens.admin): Promise<CampusReportSummary> {
  const res = await get(params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampusReportSummary>();
}

describe(`the campus's survey types with their totals (${driverName})`, () => {
  it('gives each granted cycle applied at the campus its published, held, expected and respondents, by name', async () => {
    const report = await summary({ periodoId: ids.period, campusId: ids.campusS });
    expect(report.campus).toEqual({ id: ids.campusS, nombre: 'Resumen S' });
    expect(report.periodo).toEqual({ id: ids.period, nombre: '2031A' });
    const byKind = Object.fromEntries(report.cycles.map((c) => [c.cycle.surveyKind, c]));
    expect(report.cycles.map((c) => c.cycle.id).sort()).toEqual([ids.servA, ids.servB, ids.intake].sort());
    expect(report.cycles.map((c) => c.cycle.name)).toEqual([...report.cycles.map((c) => c.cycle.name)].sort((a, b) => a.localeCompare(b, 'es')));
    expect(byKind['alumnos/serviciosA']).toMatchObject({ published: 6, held: 2, expected: 4, respondents: 3, responseRate: 0.75 });
    expect(byKind['alumnos/serviciosB']).toMatchObject({ published: 0, held: 0, expected: 4, respondents: 0, responseRate: 0 });
    // New intake expects only the period's target list, on which nobody is here: the same base as its missing list.
    expect(byKind['alumnos/nuevoIngreso']).toMatchObject({ published: 0, held: 0, expected: 0, respondents: 0, responseRate: null });
  });

  it('matches the overview of the same campus, cycle and period', async () => {
    const [servA] = (await summary({ periodoId: ids.period, campusId: ids.campusS })).cycles.filter((c) => c.cycle.id === ids.servA);
    const overview = await t.request({
      method: 'GET',
      url: `${API}/reports/overview?cicleId=${ids.servA}&periodoId=${ids.period}&campusId=${ids.campusS}`,
      token: tokens.admin,
    });
    const { published, held, expected, respondents, responseRate } = overview.json().totals;
    expect(servA).toMatchObject({ published, held, expected, respondents, responseRate });
  });

  it('counts only the campus asked for', async () => {
    const report = await summary({ periodoId: ids.period, campusId: ids.campusT });
    expect(report.cycles).toHaveLength(1);
    expect(report.cycles[0]).toMatchObject({ cycle: { id: ids.servA }, published: 5, held: 0, expected: 0, respondents: 0, responseRate: null });
  });

  it('lists only the cycles granted to the user, none without cycle grants', async () => {
    const report = await summary({ periodoId: ids.period, campusId: ids.campusS }, tokens.campusOnly);
    expect(report.cycles.map((c) => c.cycle.id).sort()).toEqual([ids.servA, ids.servB].sort());
    expect((await summary({ periodoId: ids.period, campusId: ids.campusS }, tokens.noCycles)).cycles).toEqual([]);
  });

  it('is an empty list for a period without applications at the campus', async () => {
    expect((await summary({ periodoId: ids.emptyPeriod, campusId: ids.campusS })).cycles).toEqual([]);
  });
});

describe(`who may read the summary (${driverName})`, () => {
  it('refuses without a token (401) and without a report permission (403, in Spanish)', async () => {
    expect((await t.request({ method: 'GET', url: summaryUrl({ periodoId: ids.period, campusId: ids.campusS }) })).statusCode).toBe(401);
    const denied = await get({ periodoId: ids.period, campusId: ids.campusS }, tokens.noPermission);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain(PERMISSIONS.viewCampusReports);
  });

  it('refuses a campus that is not granted when the id is changed (403)', async () => {
    const res = await get({ periodoId: ids.period, campusId: ids.campusT }, tokens.campusOnly);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(CAMPUS_NOT_GRANTED);
  });

  it('answers unknown ids with 404 in Spanish', async () => {
    for (const params of [
      { periodoId: 999999, campusId: ids.campusS },
      { periodoId: ids.period, campusId: 999999 },
    ]) {
      const res = await get(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(404);
      expect(looksSpanish(res.json().error.message)).toBe(true);
    }
  });

  it('refuses malformed or missing ids with 422 in Spanish', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ periodoId: 'abc', campusId: ids.campusS }, 'periodoId'],
      [{ campusId: ids.campusS }, 'periodoId'],
      [{ periodoId: ids.period }, 'campusId'],
      [{ periodoId: ids.period, campusId: '0' }, 'campusId'],
      [{ periodoId: ids.period, campusId: '1.5' }, 'campusId'],
    ];
    for (const [params, field] of cases) {
      const res = await get(params);
      expect(res.statusCode, field).toBe(422);
      const { error } = res.json();
      expect(Object.keys(error.fields), field).toContain(field);
      for (const message of error.fields[field]) expect(looksSpanish(message), message).toBe(true);
    }
  });
});
