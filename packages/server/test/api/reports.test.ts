/**
 * The generic report API over known published responses: exact totals,
 * distributions, averages, days and months, date ranges, breakdowns, comment
 * pages, the small-group rule at its boundary, the trend across periods and
 * the held count; and who may read which report (permissions, campus and
 * cycle grants, tampered ids, bad filters).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_APPLICATION_MESSAGE,
  REPORT_RANGE_MESSAGE,
  TEXT_ITEM_MESSAGE,
  withheldExplanation,
  type BreakdownItemsReport,
  type BreakdownReport,
  type ReportItem,
  type ReportOverview,
  type TextsReport,
} from '@encuestas/core/api/reports';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import type { Answers } from '@encuestas/core/survey-engine/types';
import {
  activeCycles,
  actives,
  campuses,
  catalogItems,
  completions,
  cycles,
  adminUsers,
  periods,
  responses,
  students,
  userCycleGrants,
} from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED, CYCLE_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { holdResponses } from '../helpers/held';

const KIND = 'alumnos/serviciosA';
const PASSWORD = 'Reportes-Prueba-2026!';
let t: TestApp;
const ids = { cycle: 0, campusA: 0, campusB: 0, campusC: 0, p0: 0, p1: 0, p2: 0, p3: 0, activeA2: 0 };
const tokens: Record<'admin' | 'cycleAB' | 'campusOnly' | 'noPermission' | 'noCycleGrant', string> = {
  admin: '',
  cycleAB: '',
  campusOnly: '',
  noPermission: '',
  noCycleGrant: '',
};

function response(activeId: number, campusId: number, periodoId: number, day: string, answers: Answers, group?: [string, string], version = 1) {
  return {
    id: randomUUID(),
    surveyKind: KIND,
    questionnaireId: 'alumnos-servicios-a',
    questionnaireVersion: version,
    cycleId: ids.cycle,
    activeId,
    campusId,
    periodoId,
    plan: group?.[0] ?? null,
    grupo: group?.[1] ?? null,
    submittedOn: day,
    answers,
  };
}

async function publish(rows: (typeof responses.$inferInsert)[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });
}

const a = (libraryCollection: string, libraryDigital: string, overallSatisfaction: string, priorityService?: string, comments?: string): Answers => ({
  libraryCollection,
  libraryDigital,
  overallSatisfaction,
  ...(priorityService ? { priorityService } : {}),
  ...(comments ? { comments } : {}),
});

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  [ids.campusA, ids.campusB, ids.campusC] = (
    await db.insert(campuses).values([{ nombre: 'Reportes A' }, { nombre: 'Reportes B' }, { nombre: 'Reportes C' }]).returning()
  ).map((c) => c.id) as [number, number, number];
  [ids.p0, ids.p1, ids.p2, ids.p3] = (
    await db
      .insert(periods)
      .values([
        { nombre: '2025A', fechaInicio: '2025-01-15', fechaFin: '2025-06-30' },
        { nombre: '2025B', fechaInicio: '2025-08-01', fechaFin: '2025-12-15' },
        { nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' },
        { nombre: '2026B', fechaInicio: '2026-08-01', fechaFin: '2026-12-15' },
      ])
      .returning()
  ).map((p) => p.id) as [number, number, number, number];
  const window = { startActive: '2026-03-01', endActive: '2026-04-30' };
  const [activeA0, activeA1, activeA2, activeB2, activeC2] = (
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusA, periodoId: ids.p0, startActive: '2025-03-01', endActive: '2025-03-30' },
        { campusId: ids.campusA, periodoId: ids.p1, startActive: '2025-09-01', endActive: '2025-09-30' },
        { campusId: ids.campusA, periodoId: ids.p2, ...window },
        { campusId: ids.campusB, periodoId: ids.p2, ...window },
        { campusId: ids.campusC, periodoId: ids.p2, ...window },
      ])
      .returning()
  ).map((row) => row.id) as [number, number, number, number, number];
  ids.activeA2 = activeA2;
  await db.insert(activeCycles).values([activeA0, activeA1, activeA2, activeB2, activeC2].map((activeId) => ({ activeId, cycleId: ids.cycle })));

  // Campus A: ten active students and one who left; eight of the active ones and the one who left completed.
  const people = await db
    .insert(students)
    .values(
      Array.from({ length: 11 }, (_, i) => ({
        pcId: String(300000000 + i),
        name: `Alumno ${i}`,
        campusId: ids.campusA,
        plan: 'ING',
        grupo: '1A',
        sesion: 'M',
        year: 1,
        active: i < 10,
      })),
    )
    .returning();
  await db.insert(completions).values(
    [...people.slice(0, 8), people[10]!].map((p) => ({
      respondentType: 'student',
      respondentId: p.id,
      activeId: activeA2,
      cycleId: ids.cycle,
      idempotencyKey: randomUUID(),
    })),
  );

  const A = (day: string, answers: Answers, group: [string, string]) => response(activeA2, ids.campusA, ids.p2, day, answers, group);
  await publish([
    A('2026-03-02', a('excelente', 'na', 'excelente', 'library', 'El servicio de biblioteca necesita más libros'), ['ING', '1A']),
    A('2026-03-02', a('muyBuena', 'buena', 'muyBuena', 'library', 'Más libros de cálculo, buen servicio'), ['ING', '1A']),
    A('2026-03-02', a('na', 'buena', 'buena', 'labs', 'El wifi falla en la biblioteca'), ['ING', '1A']),
    A('2026-03-03', a('buena', 'mala', 'buena', 'cafeteria', 'Servicio de cafetería caro'), ['ING', '1A']),
    A('2026-03-03', a('mala', 'regular', 'regular', undefined, 'Faltan enchufes'), ['ING', '1A']),
    A('2026-03-03', a('excelente', 'excelente', 'excelente', 'library', 'Excelente servicio'), ['ING', '1B']),
    A('2026-03-03', a('excelente', 'na', 'muyBuena', 'labs'), ['ING', '1B']),
    A('2026-04-01', a('regular', 'buena', 'buena', 'library', 'Los servicios escolares tardan'), ['ING', '1B']),
    A('2026-04-01', a('buena', 'muyBuena', 'mala'), ['ING', '1B']),
    // Campus B: five; campus C (granted only to the administrator): two.
    ...Array.from({ length: 5 }, () => response(activeB2, ids.campusB, ids.p2, '2026-03-05', a('buena', 'buena', 'buena'), ['ADM', '3A'])),
    ...Array.from({ length: 2 }, () => response(activeC2, ids.campusC, ids.p2, '2026-03-05', a('mala', 'mala', 'mala'), ['DER', '2A'])),
    // Earlier periods at campus A: 2025B on the same version, 2025A on another one.
    ...Array.from({ length: 5 }, () => response(activeA1, ids.campusA, ids.p1, '2025-09-10', a('muyBuena', 'muyBuena', 'excelente'), ['ING', '1A'])),
    ...Array.from({ length: 6 }, () => response(activeA0, ids.campusA, ids.p0, '2025-03-10', a('mala', 'mala', 'mala'), ['ING', '1A'], 2)),
  ]);
  // Two submissions still held (fewer than the anonymity batch, so the mover leaves them).
  await holdResponses(db, [
    response(activeA2, ids.campusA, ids.p2, '2026-04-02', a('buena', 'buena', 'buena'), ['ING', '1A']),
    response(activeA2, ids.campusA, ids.p2, '2026-04-02', a('buena', 'buena', 'buena'), ['ING', '1A']),
  ]);

  const all = [ids.campusA, ids.campusB, ids.campusC];
  tokens.admin = await user('reportes-admin@prueba.mx', [PERMISSIONS.viewCycleReports], all, [ids.cycle]);
  tokens.cycleAB = await user('reportes-ciclo@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB], [ids.cycle]);
  tokens.campusOnly = await user('reportes-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusA], [ids.cycle]);
  tokens.noPermission = await user('reportes-nada@prueba.mx', [], all, [ids.cycle]);
  tokens.noCycleGrant = await user('reportes-sin-ciclo@prueba.mx', [PERMISSIONS.viewCycleReports], all, []);
});
afterAll(async () => {
  await t?.close();
});

function query(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}
const get = (path: string, params: Record<string, string | number | undefined>, token = tokens.admin) =>
  t.request({ method: 'GET', url: `${API}${path}?${query(params)}`, token });
const scopeA = () => ({ cicleId: ids.cycle, periodoId: ids.p2, campusId: ids.campusA });

async function overview(params: Record<string, string | number | undefined>, token = tokens.admin): Promise<ReportOverview> {
  const res = await get('/reports/overview', params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportOverview>();
}
const itemOf = (report: { questionnaires: ReportOverview['questionnaires'] }, id: string): ReportItem =>
  report.questionnaires[0]!.sections.flatMap((s) => s.items).find((item) => item.id === id)!;
const sectionOf = (report: { questionnaires: ReportOverview['questionnaires'] }, id: string) =>
  report.questionnaires[0]!.sections.find((s) => s.id === id)!;
const counts = (item: ReportItem) => Object.fromEntries(item.distribution.map((d) => [d.value, d.n]));

describe(`the overview of one campus (${driverName})`, () => {
  it('gives totals, the held count and the response rate over the campus’s active students', async () => {
    const report = await overview(scopeA());
    expect(report.scope.campuses).toEqual([{ id: ids.campusA, nombre: 'Reportes A' }]);
    expect(report.scope.empty).toBe(false);
    expect(report.totals).toEqual({
      published: 9,
      held: 2,
      heldMessage: '2 respuestas en proceso',
      expected: 10,
      respondents: 8,
      responseRate: 0.8,
    });
    expect(report.campuses).toBeNull();
    expect(report.kind).toMatchObject({ id: KIND, respondent: 'student' });
    expect(report.extraReports).toEqual([]);
  });

  it('gives each item’s distribution with its labels and an average without «No aplica»', async () => {
    const report = await overview(scopeA());
    const collection = itemOf(report, 'libraryCollection');
    expect(collection.distribution).toEqual([
      { value: 'excelente', label: 'Excelente', n: 3 },
      { value: 'muyBuena', label: 'Muy buena', n: 1 },
      { value: 'buena', label: 'Buena', n: 2 },
      { value: 'regular', label: 'Regular', n: 1 },
      { value: 'mala', label: 'Mala', n: 1 },
      { value: 'na', label: 'No aplica', n: 1 },
    ]);
    expect(collection.average).toBeCloseTo(28 / 8, 10);
    expect(collection.scored).toBe(8);
    expect(itemOf(report, 'libraryDigital').average).toBeCloseTo(21 / 7, 10);
    // allowNa: false offers no 'No aplica'.
    expect(itemOf(report, 'overallSatisfaction').distribution.map((d) => d.value)).toEqual(['excelente', 'muyBuena', 'buena', 'regular', 'mala']);
    const priority = itemOf(report, 'priorityService');
    expect(counts(priority)).toMatchObject({ library: 4, labs: 2, cafeteria: 1, security: 0 });
    expect(priority.distribution.find((d) => d.value === 'labs')!.label).toBe('Laboratorios y centros de cómputo');
    expect(priority.average).toBeNull();
    expect(sectionOf(report, 'library').average).toBeCloseTo(49 / 15, 10);
    expect(sectionOf(report, 'closing').average).toBeCloseTo(30 / 9, 10);
    expect(sectionOf(report, 'labs').average).toBeNull();
  });

  it('counts per Mexico City day and per month', async () => {
    const report = await overview(scopeA());
    expect(report.daily).toEqual([
      { day: '2026-03-02', n: 3 },
      { day: '2026-03-03', n: 4 },
      { day: '2026-04-01', n: 2 },
    ]);
    expect(report.monthly).toEqual([
      { month: '2026-03', n: 7 },
      { month: '2026-04', n: 2 },
    ]);
  });

  it('narrows totals, days, months and distributions to a date range, the response rate staying whole-period', async () => {
    const report = await overview({ ...scopeA(), from: '2026-03-03', to: '2026-04-30' });
    expect(report.scope).toMatchObject({ from: '2026-03-03', to: '2026-04-30' });
    expect(report.totals).toMatchObject({ published: 6, expected: 10, respondents: 8 });
    expect(report.daily.map((d) => d.day)).toEqual(['2026-03-03', '2026-04-01']);
    expect(report.monthly).toEqual([
      { month: '2026-03', n: 4 },
      { month: '2026-04', n: 2 },
    ]);
    const collection = itemOf(report, 'libraryCollection');
    expect(counts(collection)).toEqual({ excelente: 2, muyBuena: 0, buena: 2, regular: 1, mala: 1, na: 0 });
    expect(collection.average).toBeCloseTo(19 / 6, 10);
  });

  it('withholds every distribution of a date range holding fewer than five responses, keeping the counts', async () => {
    const report = await overview({ ...scopeA(), to: '2026-03-02' });
    expect(report.totals.published).toBe(3);
    const collection = itemOf(report, 'libraryCollection');
    expect(collection).toMatchObject({ withheld: true, distribution: [], average: null });
    expect(sectionOf(report, 'library').average).toBeNull();
    expect(report.withheldExplanation).toBe(withheldExplanation(5));
  });

  it('lists the comment list with its whole-period total', async () => {
    const report = await overview(scopeA());
    expect(report.texts).toEqual([{ id: 'comments', text: 'Comentarios y sugerencias', sectionId: 'closing', total: 7, withheld: false }]);
  });

  it('trends section averages across earlier periods on the same questionnaire version only', async () => {
    const report = await overview(scopeA());
    expect(report.trend.map((p) => [p.periodo.nombre, p.responses, p.withheld])).toEqual([
      ['2025B', 5, false],
      ['2026A', 9, false],
    ]);
    const library = (i: number) => report.trend[i]!.sections.find((s) => s.id === 'library')!.average;
    expect(library(0)).toBeCloseTo(4, 10);
    expect(library(1)).toBeCloseTo(49 / 15, 10);
    expect(report.trend[0]!.sections.find((s) => s.id === 'closing')!.average).toBeCloseTo(5, 10);
  });

  it('is an empty report, not an error, for a campus and period without an application', async () => {
    const report = await overview({ ...scopeA(), periodoId: ids.p3 });
    expect(report.scope).toMatchObject({ empty: true, emptyMessage: NO_APPLICATION_MESSAGE, campuses: [] });
    expect(report.totals).toMatchObject({ published: 0, held: 0, expected: 0, responseRate: null });
    expect(report.daily).toEqual([]);
    expect(report.trend).toEqual([]);
  });
});

describe(`the overview by cycle (${driverName})`, () => {
  it('covers only the granted campuses, with each campus’s total and average (withheld under five)', async () => {
    const byAdmin = await overview({ cicleId: ids.cycle, periodoId: ids.p2 });
    expect(byAdmin.totals.published).toBe(16);
    expect(byAdmin.campuses).toEqual([
      { campus: { id: ids.campusA, nombre: 'Reportes A' }, responses: 9, average: expect.closeTo(79 / 24, 10), withheld: false },
      { campus: { id: ids.campusB, nombre: 'Reportes B' }, responses: 5, average: 3, withheld: false },
      { campus: { id: ids.campusC, nombre: 'Reportes C' }, responses: 2, average: null, withheld: true },
    ]);
    const byCoordinator = await overview({ cicleId: ids.cycle, periodoId: ids.p2 }, tokens.cycleAB);
    expect(byCoordinator.totals).toMatchObject({ published: 14, expected: 10, respondents: 8 });
    expect(byCoordinator.campuses!.map((c) => c.campus.id)).toEqual([ids.campusA, ids.campusB]);
    expect(counts(itemOf(byCoordinator, 'libraryCollection'))).toMatchObject({ excelente: 3, buena: 7, mala: 1 });
  });

  it('answers readers asking at once each with their own grants’ report (an overview is shared only by identical scopes)', async () => {
    const whole = { cicleId: ids.cycle, periodoId: ids.p2 };
    const asked = await Promise.all([
      overview(whole),
      overview(whole, tokens.cycleAB),
      overview(whole),
      overview(whole, tokens.cycleAB),
      overview(scopeA(), tokens.campusOnly),
    ]);
    expect(asked.map((report) => report.totals.published)).toEqual([16, 14, 16, 14, 9]);
    expect(asked[1]!.campuses!.map((c) => c.campus.id)).toEqual([ids.campusA, ids.campusB]);
    expect(asked[4]!.scope.campusId).toBe(ids.campusA);
  });

  it('withholds a single campus’s figures below five responses', async () => {
    const report = await overview({ cicleId: ids.cycle, periodoId: ids.p2, campusId: ids.campusC });
    expect(report.totals.published).toBe(2);
    expect(itemOf(report, 'libraryCollection').withheld).toBe(true);
    expect(report.texts[0]!.withheld).toBe(true);
  });
});

describe(`catalogue and yes/no items (${driverName})`, () => {
  it('labels catalogue answers from the catalogue, a disabled entry included, most frequent first', async () => {
    const kind = 'alumnos/serviciosB';
    const cycleB = (await t.db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
    await t.db.insert(activeCycles).values({ activeId: ids.activeA2, cycleId: cycleB });
    const [admin] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, 'reportes-admin@prueba.mx'));
    await t.db.insert(userCycleGrants).values({ userId: admin!.id, cycleId: cycleB });
    await t.db.update(catalogItems).set({ enabled: false }).where(and(eq(catalogItems.catalog, 'TripCost'), eq(catalogItems.code, 'menos-de-2000')));
    const trip = (tookTrip: string, tripCost?: string) => ({
      ...response(ids.activeA2, ids.campusA, ids.p2, '2026-03-04', { tookTrip, ...(tripCost ? { tripCost } : {}) }, ['ING', '1A']),
      surveyKind: kind,
      questionnaireId: 'alumnos-servicios-b',
      cycleId: cycleB,
    });
    await publish([trip('yes', 'mas-de-10000'), trip('yes', 'mas-de-10000'), trip('yes', 'mas-de-10000'), trip('yes', 'menos-de-2000'), trip('no')]);

    const report = await overview({ cicleId: cycleB, periodoId: ids.p2, campusId: ids.campusA });
    expect(report.totals.published).toBe(5);
    expect(itemOf(report, 'tripCost').distribution).toEqual([
      { value: 'mas-de-10000', label: 'Más de $10,000', n: 3 },
      { value: 'menos-de-2000', label: 'Menos de $2,000', n: 1 },
    ]);
    expect(itemOf(report, 'tookTrip').distribution).toEqual([
      { value: 'yes', label: 'Sí', n: 4 },
      { value: 'no', label: 'No', n: 1 },
    ]);
    expect(report.texts.map((x) => x.id)).toEqual(expect.arrayContaining(['tripCostOther', 'exchangeOpinion', 'suggestedInstitutes', 'comments']));
  });
});

describe(`breakdowns by plan and group (${driverName})`, () => {
  it('shows a group of five and withholds a group of four', async () => {
    const res = await get('/reports/breakdown', { ...scopeA(), segment: 'group' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<BreakdownReport>();
    expect(report.rows).toEqual([
      { value: 'ING\u001f1A', plan: 'ING', grupo: '1A', responses: 5, average: expect.closeTo(39 / 13, 10), withheld: false },
      { value: 'ING\u001f1B', plan: 'ING', grupo: '1B', responses: 4, average: null, withheld: true },
    ]);
    expect(report.withheldRows).toBe(1);
    const plans = (await get('/reports/breakdown', { ...scopeA(), segment: 'plan' })).json<BreakdownReport>();
    expect(plans.rows).toEqual([{ value: 'ING', plan: 'ING', grupo: null, responses: 9, average: expect.closeTo(79 / 24, 10), withheld: false }]);
  });

  it('opens one group’s items, and refuses to open a group below five', async () => {
    const open = (value: string) => get('/reports/breakdown/items', { ...scopeA(), segment: 'group', value });
    const shown = (await open('ING\u001f1A')).json<BreakdownItemsReport>();
    expect(shown).toMatchObject({ plan: 'ING', grupo: '1A', responses: 5, withheld: false });
    expect(counts(itemOf(shown, 'libraryCollection'))).toEqual({ excelente: 1, muyBuena: 1, buena: 1, regular: 0, mala: 1, na: 1 });
    expect(itemOf(shown, 'libraryCollection').average).toBeCloseTo(13 / 4, 10);
    const hidden = (await open('ING\u001f1B')).json<BreakdownItemsReport>();
    expect(hidden).toMatchObject({ responses: 4, withheld: true });
    expect(itemOf(hidden, 'libraryCollection')).toMatchObject({ distribution: [], average: null, withheld: true });
    const unknown = await open('ING\u001f9Z');
    expect(unknown.statusCode).toBe(404);
    expect(looksSpanish(unknown.json().error.message)).toBe(true);
  });
});

describe(`comment lists (${driverName})`, () => {
  const texts = (params: Record<string, string | number | undefined>, token = tokens.admin) => get('/reports/texts', { ...scopeA(), item: 'comments', ...params }, token);

  it('pages every comment once by keyset, with the total', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 4; page += 1) {
      const res = await texts({ limit: 3, after });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<TextsReport>();
      expect(body.total).toBe(7);
      seen.push(...body.texts.map((x) => x.text));
      if (!body.next) break;
      after = body.next;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen).toContain('Faltan enchufes');
  });

  it('searches in Spanish (stems), and shows a search matching fewer than five from a list that may be read', async () => {
    const body = (await texts({ search: 'servicio' })).json<TextsReport>();
    expect(body.total).toBe(5);
    expect(body.withheld).toBe(false);
    expect(body.texts.map((x) => x.text).sort()).toEqual(
      [
        'El servicio de biblioteca necesita más libros',
        'Excelente servicio',
        'Los servicios escolares tardan',
        'Más libros de cálculo, buen servicio',
        'Servicio de cafetería caro',
      ].sort(),
    );
    expect(Object.keys(body.texts[0]!).sort()).toEqual(['id', 'text']);
    // The list holds 7 comments, so it may be read; a search narrows it to what anyone could read in it.
    const few = (await texts({ search: 'libros' })).json<TextsReport>();
    expect(few).toMatchObject({ total: 2, withheld: false, next: null });
    expect(few.texts.map((x) => x.text).sort()).toEqual(['El servicio de biblioteca necesita más libros', 'Más libros de cálculo, buen servicio']);
  });

  it('searches comments ignoring accents and case on either side', async () => {
    for (const search of ['calculo', 'CÁLCULO', 'Calculo']) {
      const body = (await texts({ search })).json<TextsReport>();
      expect(body.texts.map((x) => x.text), search).toEqual(['Más libros de cálculo, buen servicio']);
      expect(body.total).toBe(1);
    }
    for (const search of ['cafeteria', 'CAFETERÍA', 'sérvicio de cafetería']) {
      expect((await texts({ search })).json<TextsReport>().texts.map((x) => x.text), search).toEqual(['Servicio de cafetería caro']);
    }
    // Web-search syntax survives the folding: OR, quoted phrases and exclusions.
    expect((await texts({ search: 'cafeteria OR calculo' })).json<TextsReport>().total).toBe(2);
    expect((await texts({ search: '"LIBROS DE CALCULO"' })).json<TextsReport>().total).toBe(1);
    expect((await texts({ search: 'servicio -cafeteria -calculo' })).json<TextsReport>().total).toBe(3);
  });

  it('withholds a list holding fewer than five comments, searched or not', async () => {
    for (const search of [undefined, 'servicio']) {
      const res = await texts({ periodoId: ids.p1, search });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TextsReport>()).toMatchObject({ withheld: true, texts: [], next: null });
    }
  });

  it('accepts only a text item of the cycle’s questionnaire (422)', async () => {
    for (const item of ['libraryCollection', 'noExiste']) {
      const res = await texts({ item });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields.item).toEqual([TEXT_ITEM_MESSAGE]);
    }
  });
});

describe(`who may read a report (${driverName})`, () => {
  const endpoints = (campusId?: number): [string, Record<string, string | number | undefined>][] => {
    const scope = { cicleId: ids.cycle, periodoId: ids.p2, campusId };
    return [
      ['/reports/overview', scope],
      ['/reports/breakdown', { ...scope, segment: 'group' }],
      ['/reports/breakdown/items', { ...scope, segment: 'plan', value: 'ING' }],
      ['/reports/texts', { ...scope, item: 'comments' }],
    ];
  };

  it('refuses every endpoint without a token (401) and without a report permission (403)', async () => {
    for (const [path, params] of [...endpoints(ids.campusA), ...endpoints()]) {
      expect((await t.request({ method: 'GET', url: `${API}${path}?${query(params)}` })).statusCode).toBe(401);
      const denied = await get(path, params, tokens.noPermission);
      expect(denied.statusCode, path).toBe(403);
      expect(denied.json().error.message).toContain(PERMISSIONS.viewCycleReports);
    }
  });

  it('lets the campus permission read its granted campus, not the report by cycle', async () => {
    for (const [path, params] of endpoints(ids.campusA)) expect((await get(path, params, tokens.campusOnly)).statusCode, path).toBe(200);
    for (const [path, params] of endpoints()) {
      const res = await get(path, params, tokens.campusOnly);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toContain(PERMISSIONS.viewCycleReports);
    }
  });

  it('refuses a campus that is not granted when the id is changed (403)', async () => {
    for (const [path, params] of [...endpoints(ids.campusB), ...endpoints(ids.campusC)]) {
      const res = await get(path, params, tokens.campusOnly);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    }
    expect((await get('/reports/overview', { cicleId: ids.cycle, periodoId: ids.p2, campusId: ids.campusC }, tokens.cycleAB)).statusCode).toBe(403);
  });

  it('refuses a cycle that is not granted (403)', async () => {
    for (const [path, params] of [...endpoints(ids.campusA), ...endpoints()]) {
      const res = await get(path, params, tokens.noCycleGrant);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error.message).toBe(CYCLE_NOT_GRANTED);
    }
  });

  it('answers unknown ids with 404 in Spanish', async () => {
    for (const params of [
      { cicleId: 999999, periodoId: ids.p2 },
      { cicleId: ids.cycle, periodoId: 999999 },
      { cicleId: ids.cycle, periodoId: ids.p2, campusId: 999999 },
    ]) {
      const res = await get('/reports/overview', params);
      expect(res.statusCode, JSON.stringify(params)).toBe(404);
      expect(looksSpanish(res.json().error.message)).toBe(true);
    }
  });

  it('refuses malformed filters with 422 in Spanish', async () => {
    const cases: [string, Record<string, string | number | undefined>, string][] = [
      ['/reports/overview', { cicleId: 'abc', periodoId: ids.p2 }, 'cicleId'],
      ['/reports/overview', { cicleId: ids.cycle }, 'periodoId'],
      ['/reports/overview', { cicleId: ids.cycle, periodoId: ids.p2, campusId: '0' }, 'campusId'],
      ['/reports/overview', { cicleId: ids.cycle, periodoId: ids.p2, from: '2026-02-30' }, 'from'],
      ['/reports/overview', { cicleId: ids.cycle, periodoId: ids.p2, to: '03/04/2026' }, 'to'],
      ['/reports/breakdown', { cicleId: ids.cycle, periodoId: ids.p2, segment: 'teacher' }, 'segment'],
      ['/reports/texts', { cicleId: ids.cycle, periodoId: ids.p2, item: 'comments', limit: 0 }, 'limit'],
      ['/reports/texts', { cicleId: ids.cycle, periodoId: ids.p2, item: 'comments', after: 'x' }, 'after'],
    ];
    for (const [path, params, field] of cases) {
      const res = await get(path, params);
      expect(res.statusCode, `${path} ${field}`).toBe(422);
      const { error } = res.json();
      expect(Object.keys(error.fields), field).toContain(field);
      for (const message of error.fields[field]) expect(looksSpanish(message), message).toBe(true);
    }
    const reversed = await get('/reports/overview', { cicleId: ids.cycle, periodoId: ids.p2, from: '2026-04-01', to: '2026-03-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().error.fields.to).toEqual([REPORT_RANGE_MESSAGE]);
  });
});
