/**
 * NOM-035 reports over known published questionnaires: for every range
 * boundary of every group (final score, each category, each domain) of Guía II
 * and Guía III, a worker scoring one below the cut point and one at it; the
 * report's workers per level must equal the DOF rule applied here to the
 * points we gave (Guía II cut points as spec §9 prints them). Also the index
 * of applications, the small-group rule at MIN_GROUP_SIZE − 1 / MIN_GROUP_SIZE,
 * the DOF criteria per level, and who may read them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOM035_APPLICATION_NOT_FOUND, NOT_NOM035_MESSAGE, type Nom035Index, type Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { FREQUENCY_VALUES, type Answers } from '@encuestas/core/survey-engine/types';
import { GUIDE_DATA, NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import { activeCycles, actives, campuses, cycles, periods, responses } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const KIND = 'administrativos/norma';
const PASSWORD = 'Norma-Prueba-2026!';
let t: TestApp;
const ids = { cycle: 0, otherCycle: 0, periodo: 0 };
const campus: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };
const application: Record<'A' | 'B' | 'C' | 'D', number> = { A: 0, B: 0, C: 0, D: 0 };
const tokens = { admin: '', campusA: '', noPermission: '' };

/** Spec §9's Guía II ranges, written out here rather than read from the data. */
const SPEC_GUIDE_II: Record<string, number[]> = {
  final: [20, 45, 70, 90],
  workEnvironment: [3, 5, 7, 9],
  activityFactors: [10, 20, 30, 40],
  workTimeOrganization: [4, 6, 9, 12],
  leadershipAndRelations: [10, 18, 28, 38],
  workConditions: [3, 5, 7, 9],
  workload: [12, 16, 20, 24],
  lackOfControl: [5, 8, 11, 14],
  workday: [1, 2, 4, 6],
  workFamilyInterference: [1, 2, 4, 6],
  leadership: [3, 5, 8, 11],
  relationships: [5, 8, 11, 14],
  violence: [7, 10, 13, 16],
};

interface Group {
  scope: 'final' | 'category' | 'domain';
  key: string;
  items: number[];
  cuts: number[];
}

function groupsOf(guide: 'II' | 'III'): Group[] {
  const data = GUIDE_DATA[guide];
  const cuts = (key: string, fromData: number[]) => (guide === 'II' ? SPEC_GUIDE_II[key || 'final']! : fromData);
  return [
    { scope: 'final', key: '', items: data.items.map((i) => i.number), cuts: cuts('', data.thresholds.final) },
    ...data.categories.map((c) => ({ scope: 'category' as const, key: c.id, items: c.items, cuts: cuts(c.id, data.thresholds.categories[c.id]!) })),
    ...data.domains.map((d) => ({ scope: 'domain' as const, key: d.id, items: d.items, cuts: cuts(d.id, data.thresholds.domains[d.id]!) })),
  ];
}

/** A worker's answers giving `points` (item number → 0..4) and 0 elsewhere; both gates 'Sí' so every item is asked. */
function answersFor(guide: 'II' | 'III', points: Map<number, number>): Answers {
  const answers: Answers = {};
  for (const item of NOM035_QUESTIONNAIRES[guide].sections.flatMap((s) => s.items)) {
    if (item.type === 'yesNo') answers[item.id] = 'yes';
    if (item.type !== 'frequency') continue;
    const want = points.get(Number(item.id.slice(1))) ?? 0;
    answers[item.id] = FREQUENCY_VALUES.find((value) => item.scores![value] === want)!;
  }
  return answers;
}

/** Points summing to `score` over a group's items, 4 at a time. */
function pointsFor(group: Group, score: number): Map<number, number> {
  const points = new Map<number, number>();
  let remaining = score;
  for (const n of group.items) {
    const p = Math.min(4, remaining);
    if (p > 0) points.set(n, p);
    remaining -= p;
  }
  if (remaining > 0) throw new Error(`${group.key} cannot reach ${score}`);
  return points;
}

/** Every worker of a boundary application: one at each cut point and one below it, for every group. */
function boundaryWorkers(guide: 'II' | 'III'): Map<number, number>[] {
  return groupsOf(guide).flatMap((group) => group.cuts.flatMap((cut) => [pointsFor(group, cut - 1), pointsFor(group, cut)]));
}

/** Workers per level of a group by the DOF rule (lower bound inclusive, last level open), from the points given. */
function expectedLevels(group: Group, workers: Map<number, number>[]): number[] {
  const counts = [0, 0, 0, 0, 0];
  for (const points of workers) {
    const score = group.items.reduce((sum, n) => sum + (points.get(n) ?? 0), 0);
    counts[group.cuts.filter((cut) => score >= cut).length]! += 1;
  }
  return counts;
}

function row(guide: 'II' | 'III', key: 'A' | 'B' | 'C' | 'D', points: Map<number, number>) {
  const answers = answersFor(guide, points);
  return {
    id: randomUUID(),
    surveyKind: KIND,
    questionnaireId: guide === 'II' ? 'nom035-guia2' : 'nom035-guia3',
    questionnaireVersion: 1,
    cycleId: ids.cycle,
    activeId: application[key],
    campusId: campus[key],
    periodoId: ids.periodo,
    submittedOn: '2026-03-02',
    answers,
    // What the submission stores (features/surveys/submissions.ts).
    scores: scoreRiskGuide(guide, answers),
  };
}

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  ids.otherCycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, 'administrativos/ambiente')))[0]!.id;
  ids.periodo = (await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning())[0]!.id;
  for (const key of ['A', 'B', 'C', 'D'] as const) {
    campus[key] = (await db.insert(campuses).values({ nombre: `Norma ${key}` }).returning())[0]!.id;
    application[key] = (
      await db.insert(actives).values({ campusId: campus[key], periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' }).returning()
    )[0]!.id;
    await db.insert(activeCycles).values({ activeId: application[key], cycleId: ids.cycle });
  }
  const none = () => new Map<number, number>();
  const rows = [
    ...boundaryWorkers('II').map((points) => row('II', 'A', points)),
    ...boundaryWorkers('III').map((points) => row('III', 'B', points)),
    ...Array.from({ length: 5 }, () => row('II', 'C', none())),
    ...Array.from({ length: 4 }, () => row('II', 'D', none())),
  ];
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });
  const everyCampus = Object.values(campus);
  tokens.admin = await user('norma-admin@prueba.mx', [PERMISSIONS.viewCycleReports], everyCampus, [ids.cycle, ids.otherCycle]);
  tokens.campusA = await user('norma-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [campus.A], [ids.cycle]);
  tokens.noPermission = await user('norma-nada@prueba.mx', [PERMISSIONS.viewNom035Referrals], everyCampus, [ids.cycle]);
});
afterAll(async () => {
  await t?.close();
});

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
const get = (path: string, params: Record<string, string | number | undefined> = {}, token = tokens.admin) =>
  t.request({ method: 'GET', url: `${API}${path}?${qs(params)}`, token });
async function report(key: 'A' | 'B' | 'C' | 'D', token = tokens.admin): Promise<Nom035Report> {
  const res = await get(`/reports/nom035/applications/${application[key]}`, {}, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Nom035Report>();
}

describe.each([
  ['II', 'A'],
  ['III', 'B'],
] as const)(`every risk-range boundary of Guía %s through the API (${driverName})`, (guide, key) => {
  it('gives the workers per level of the final score, every category and every domain, as the DOF rule places them', async () => {
    const body = await report(key);
    const workers = boundaryWorkers(guide);
    expect(body.guides.map((g) => [g.guide, g.respondents, g.withheld])).toEqual([[guide, workers.length, false]]);
    const groups = groupsOf(guide);
    expect(body.guides[0]!.groups.map((g) => `${g.scope}:${g.key}`)).toEqual(groups.map((g) => `${g.scope}:${g.key}`));
    for (const group of groups) {
      const shown = body.guides[0]!.groups.find((g) => g.scope === group.scope && g.key === group.key)!;
      expect(shown.levels.map((l) => l.n), `${group.scope} ${group.key}`).toEqual(expectedLevels(group, workers));
      expect(shown.levels.map((l) => [l.level, l.min, l.max])).toEqual([
        ['nulo', 0, group.cuts[0]],
        ['bajo', group.cuts[0], group.cuts[1]],
        ['medio', group.cuts[1], group.cuts[2]],
        ['alto', group.cuts[2], group.cuts[3]],
        ['muyAlto', group.cuts[3], null],
      ]);
    }
  });
});

describe(`one application's report (${driverName})`, () => {
  it('gives each group the workers’ mean score and the level that mean falls in', async () => {
    const final = (await report('A')).guides[0]!.groups[0]!;
    expect(final).toMatchObject({ scope: 'final', key: '', name: 'Calificación final', categoryId: null });
    const workers = boundaryWorkers('II');
    const mean = workers.reduce((sum, p) => sum + [...p.values()].reduce((a, b) => a + b, 0), 0) / workers.length;
    expect(final.averageScore).toBeCloseTo(mean, 10);
    expect(final.averageLevel).toBe(['nulo', 'bajo', 'medio', 'alto', 'muyAlto'][SPEC_GUIDE_II.final!.filter((cut) => mean >= cut).length]);
  });

  it('names and colours each level and gives the DOF action criteria, and says why there are no comments', async () => {
    const body = await report('A');
    expect(body.levels.map((l) => [l.key, l.label, l.color])).toEqual([
      ['nulo', 'Nulo o despreciable', 'skyblue'],
      ['bajo', 'Bajo', 'greenyellow'],
      ['medio', 'Medio', 'yellow'],
      ['alto', 'Alto', 'orange'],
      ['muyAlto', 'Muy alto', 'red'],
    ]);
    expect(body.levels[0]!.criteria).toBe('El riesgo resulta despreciable por lo que no se requiere medidas adicionales.');
    expect(body.levels.every((l) => looksSpanish(l.criteria))).toBe(true);
    expect(body.commentsNote).toMatch(/no incluye comentarios/);
    expect(body.application).toMatchObject({ id: application.A, campus: { id: campus.A, nombre: 'Norma A' }, periodo: { nombre: '2026A' } });
  });

  it('shows an application of exactly MIN_GROUP_SIZE workers and withholds one of MIN_GROUP_SIZE − 1', async () => {
    const five = await report('C');
    expect(five.guides[0]).toMatchObject({ respondents: 5, withheld: false });
    expect(five.guides[0]!.groups[0]!.levels.map((l) => l.n)).toEqual([5, 0, 0, 0, 0]);
    const four = await report('D');
    expect(four.guides[0]).toMatchObject({ respondents: 4, withheld: true, groups: [] });
    expect(four.application.withheld).toBe(true);
  });
});

describe(`the index of applications (${driverName})`, () => {
  it('lists the period’s NOM-035 applications at the user’s campuses with their respondents', async () => {
    const res = await get('/reports/nom035/applications', { cicleId: ids.cycle, periodoId: ids.periodo });
    expect(res.statusCode, res.body).toBe(200);
    const index = res.json<Nom035Index>();
    expect(index.total).toBe(4);
    expect(index.applications.map((a) => [a.campus.nombre, a.respondents, a.withheld])).toEqual([
      ['Norma A', boundaryWorkers('II').length, false],
      ['Norma B', boundaryWorkers('III').length, false],
      ['Norma C', 5, false],
      ['Norma D', 4, true],
    ]);
    const mine = (await get('/reports/nom035/applications', { cicleId: ids.cycle, periodoId: ids.periodo, campusId: campus.A }, tokens.campusA)).json<Nom035Index>();
    expect(mine.applications.map((a) => a.id)).toEqual([application.A]);
  });
});

describe(`who may read NOM-035 reports (${driverName})`, () => {
  it('refuses a user without a report permission (403)', async () => {
    expect((await get(`/reports/nom035/applications/${application.A}`, {}, tokens.noPermission)).statusCode).toBe(403);
    expect((await get('/reports/nom035/applications', { cicleId: ids.cycle, periodoId: ids.periodo, campusId: campus.A }, tokens.noPermission)).statusCode).toBe(403);
  });

  it('refuses another campus’s application by id (403) and answers an unknown one with 404', async () => {
    const tampered = await get(`/reports/nom035/applications/${application.B}`, {}, tokens.campusA);
    expect([tampered.statusCode, tampered.json().error.message]).toEqual([403, CAMPUS_NOT_GRANTED]);
    const unknown = await get('/reports/nom035/applications/99999999');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, NOM035_APPLICATION_NOT_FOUND]);
  });

  it('answers bad input with 422 in Spanish', async () => {
    const badId = await get('/reports/nom035/applications/abc');
    expect(badId.statusCode).toBe(422);
    expect(looksSpanish(badId.json().error.message)).toBe(true);
    const otherKind = await get('/reports/nom035/applications', { cicleId: ids.otherCycle, periodoId: ids.periodo });
    expect([otherKind.statusCode, otherKind.json().error.fields.cicleId]).toEqual([422, [NOT_NOM035_MESSAGE]]);
    const noPeriod = await get('/reports/nom035/applications', { cicleId: ids.cycle });
    expect(noPeriod.statusCode).toBe(422);
  });
});
