/**
 * Teacher-evaluation reports over known published evaluations: the ranked
 * teachers and their groups at the 4.5 / 3.5 boundaries (and at configured
 * cut points), one teacher's items beside the campus and institution norms,
 * classes hidden by the small-group rule (with their complement), comments,
 * paging by 12; and who may read them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withheldExplanation, type TextsReport } from '@encuestas/core/api/reports';
import { NOT_TEACHER_EVALUATION_MESSAGE, TEACHER_LIST_FILTER_MESSAGE, TEACHER_NOT_FOUND_MESSAGE, type TeacherCommentsReport, type TeacherReport, type TeachersReport, type TeacherTextsReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { RATING_POINTS, type Answers, type RatingValue } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { buildApp } from '../../src/app';
import { activeCycles, actives, campuses, classes, cycles, periods, responses, teachers } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, makeTempDir, signedInAdmin, type TestApp, testConfig } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const KIND = 'alumnos/evaluacionDocente';
const PASSWORD = 'Docentes-Prueba-2026!';
let t: TestApp;
const ids = { cycle: 0, otherCycle: 0, campusA: 0, campusB: 0, periodo: 0, activeA: 0, activeB: 0 };
const teacher: Record<string, number> = {};
const klass: Record<string, number> = {};
const tokens = { admin: '', campusA: '', noPermission: '' };
/** Every published evaluation, to compute the expected figures independently of the aggregates. */
const published: { campusId: number; teacherId: number; answers: Answers }[] = [];

/** The first `leading.length` rating items take those values, the rest `rest`. */
function rating(leading: RatingValue[], rest: RatingValue): Answers {
  return Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id, i) => [id, leading[i] ?? rest]));
}
const times = (n: number, value: RatingValue): RatingValue[] => Array.from({ length: n }, () => value);
const all = (value: RatingValue) => rating([], value);

interface ClassSpec {
  key: string;
  teacherKey: string;
  campus: 'A' | 'B';
  plan: string;
  grupo: string;
}

function evaluations(c: ClassSpec, answers: Answers[]) {
  const campusId = c.campus === 'A' ? ids.campusA : ids.campusB;
  return answers.map((a) => {
    published.push({ campusId, teacherId: teacher[c.teacherKey]!, answers: a });
    return {
      id: randomUUID(),
      surveyKind: KIND,
      questionnaireId: 'alumnos-evaluacion-docente',
      questionnaireVersion: 1,
      cycleId: ids.cycle,
      activeId: c.campus === 'A' ? ids.activeA : ids.activeB,
      campusId,
      periodoId: ids.periodo,
      plan: c.plan,
      grupo: c.grupo,
      teacherId: teacher[c.teacherKey]!,
      classId: klass[c.key]!,
      submittedOn: '2026-03-02',
      answers: a,
    };
  });
}

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

const CLASSES: ClassSpec[] = [
  { key: 'C1', teacherKey: 'ana', campus: 'A', plan: 'ING', grupo: '1A' },
  { key: 'C2', teacherKey: 'ana', campus: 'A', plan: 'ING', grupo: '1B' },
  { key: 'C8', teacherKey: 'ana', campus: 'A', plan: 'ING', grupo: '1C' },
  { key: 'C3', teacherKey: 'beto', campus: 'A', plan: 'ING', grupo: '2A' },
  { key: 'C4', teacherKey: 'carla', campus: 'A', plan: 'ING', grupo: '3A' },
  { key: 'C5', teacherKey: 'dora', campus: 'A', plan: 'ING', grupo: '4A' },
  { key: 'C6', teacherKey: 'elsa', campus: 'A', plan: 'ING', grupo: '5A' },
  ...Array.from({ length: 9 }, (_, i): ClassSpec => ({ key: `B${i}`, teacherKey: `b${i}`, campus: 'B', plan: 'DER', grupo: `${i}A` })),
];
const NAMES: Record<string, [string, string]> = {
  ana: ['Ana', 'Alvarado'],
  beto: ['Beto', 'Bravo'],
  carla: ['Carla', 'Cruz'],
  dora: ['Dora', 'Díaz'],
  elsa: ['Elsa', 'Estrada'],
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`b${i}`, [`Docente ${i}`, 'Bajío'] as [string, string]])),
};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  ids.otherCycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA')))[0]!.id;
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Docentes A' }, { nombre: 'Docentes B' }]).returning()).map((c) => c.id) as [
    number,
    number,
  ];
  ids.periodo = (await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning())[0]!.id;
  const window = { periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' };
  [ids.activeA, ids.activeB] = (await db.insert(actives).values([{ campusId: ids.campusA, ...window }, { campusId: ids.campusB, ...window }]).returning()).map(
    (a) => a.id,
  ) as [number, number];
  await db.insert(activeCycles).values([ids.activeA, ids.activeB].map((activeId) => ({ activeId, cycleId: ids.cycle })));
  let pc = 410000000;
  for (const [key, [name, lastName]] of Object.entries(NAMES)) {
    const campusId = key.startsWith('b') ? ids.campusB : ids.campusA;
    teacher[key] = (await db.insert(teachers).values({ pcId: String(pc++), name, lastName, campusId }).returning())[0]!.id;
  }
  for (const c of CLASSES) {
    const [row] = await db
      .insert(classes)
      .values({ code: c.key, name: `Materia ${c.key}`, campusId: c.campus === 'A' ? ids.campusA : ids.campusB, periodoId: ids.periodo, teacherId: teacher[c.teacherKey]!, plan: c.plan, grupo: c.grupo })
      .returning();
    klass[c.key] = row!.id;
  }
  const byKey = Object.fromEntries(CLASSES.map((c) => [c.key, c]));
  const withComment = (answers: Answers, comments: string): Answers => ({ ...answers, comments });
  const rows = [
    // Ana: 5 × 5 (C1) + 5 × 4 (C2) + 5 and 4 (C8, two evaluations) = 54 / 12 = 4.5 exactly: Destacada.
    ...evaluations(byKey.C1!, [
      withComment(all('excelente'), 'Explica con mucha claridad'),
      withComment(all('excelente'), 'Sus clases son claras y ordenadas'),
      withComment(all('excelente'), 'Siempre resuelve dudas'),
      all('excelente'),
      all('excelente'),
    ]),
    ...evaluations(byKey.C2!, [
      withComment(all('muyBuena'), 'Buena claridad al explicar'),
      withComment(all('muyBuena'), 'Deja muchas tareas'),
      all('muyBuena'),
      all('muyBuena'),
      all('muyBuena'),
    ]),
    ...evaluations(byKey.C8!, [all('excelente'), all('muyBuena')]),
    // Beto: 3 × 4 + 3 × 3 = 21 / 6 = 3.5 exactly: Suficiente. Four comments: withheld.
    ...evaluations(byKey.C3!, [
      withComment(all('muyBuena'), 'Llega tarde'),
      withComment(all('muyBuena'), 'Llega tarde a veces'),
      withComment(all('muyBuena'), 'Es puntual'),
      withComment(all('buena'), 'Clases aburridas'),
      all('buena'),
      all('buena'),
    ]),
    // Carla: five evaluations of 7 Excelente and 8 Muy buena = 67/15 = 4.4667, just below 4.5: Suficiente.
    ...evaluations(byKey.C4!, Array.from({ length: 5 }, () => rating(times(7, 'excelente'), 'muyBuena'))),
    // Dora: five of 7 Muy buena and 8 Buena = 52/15 = 3.4667, just below 3.5: Insuficiente.
    ...evaluations(byKey.C5!, Array.from({ length: 5 }, () => rating(times(7, 'muyBuena'), 'buena'))),
    // Elsa: four evaluations, one fewer than MIN_GROUP_SIZE: withheld.
    ...evaluations(byKey.C6!, Array.from({ length: 4 }, () => all('excelente'))),
    // Campus B: nine teachers with five evaluations of Buena (3): Insuficientes.
    ...Array.from({ length: 9 }, (_, i) => evaluations(byKey[`B${i}`]!, Array.from({ length: 5 }, () => all('buena')))).flat(),
  ];
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });

  tokens.admin = await user('docentes-admin@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB], [ids.cycle, ids.otherCycle]);
  tokens.campusA = await user('docentes-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusA], [ids.cycle]);
  tokens.noPermission = await user('docentes-nada@prueba.mx', [PERMISSIONS.viewSuggestions], [ids.campusA, ids.campusB], [ids.cycle]);
});
afterAll(async () => {
  await t?.close();
});

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
const get = (path: string, params: Record<string, string | number | undefined>, token = tokens.admin) =>
  t.request({ method: 'GET', url: `${API}${path}?${qs(params)}`, token });
const scopeA = () => ({ cicleId: ids.cycle, periodoId: ids.periodo, campusId: ids.campusA });
const wholeCycle = () => ({ cicleId: ids.cycle, periodoId: ids.periodo });
async function ok<T>(path: string, params: Record<string, string | number | undefined>, token = tokens.admin): Promise<T> {
  const res = await get(path, params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** Mean of per-evaluation means and its sample sd, from the published answers. */
function expectedScore(evaluationsOf: Answers[]) {
  const means = evaluationsOf.map((a) => {
    const points = TEACHER_RATING_ITEM_IDS.map((id) => a[id]).filter((v) => v !== 'na').map((v) => RATING_POINTS[v as Exclude<RatingValue, 'na'>]);
    return points.reduce((s, p) => s + p, 0) / points.length;
  });
  const mean = means.reduce((s, m) => s + m, 0) / means.length;
  const sd = Math.sqrt(means.reduce((s, m) => s + (m - mean) ** 2, 0) / (means.length - 1));
  return { n: means.length, mean, sd };
}
function expectedItemAverage(rows: typeof published, itemId: string): number {
  const points = rows.map((r) => r.answers[itemId]).filter((v) => v !== undefined && v !== 'na').map((v) => RATING_POINTS[v as Exclude<RatingValue, 'na'>]);
  return points.reduce((s, p) => s + p, 0) / points.length;
}

describe(`evaluated teachers and their groups (${driverName})`, () => {
  it('ranks the campus’s teachers with n, mean, sd and group; a mean of exactly 4.5 is Destacado, of exactly 3.5 Suficiente, just below each the group under it', async () => {
    const report = await ok<TeachersReport>('/reports/teachers', scopeA());
    const rows = report.teachers.map((r) => [r.rank, r.teacher.name, r.n, r.group, r.approved]);
    expect(rows).toEqual([
      [1, 'Ana Alvarado', 12, 'destacados', true],
      [2, 'Carla Cruz', 5, 'suficientes', true],
      [3, 'Beto Bravo', 6, 'suficientes', true],
      [4, 'Dora Díaz', 5, 'insuficientes', false],
    ]);
    const ana = expectedScore(published.filter((p) => p.teacherId === teacher.ana).map((p) => p.answers));
    expect(report.teachers[0]!.mean).toBeCloseTo(4.5, 12);
    expect(report.teachers[0]!.sd).toBeCloseTo(ana.sd, 12);
    expect(report.teachers[1]!.mean).toBeCloseTo(67 / 15, 12);
    expect(report.teachers[2]!.mean).toBeCloseTo(3.5, 12);
    expect(report.teachers[3]!.mean).toBeCloseTo(52 / 15, 12);
    expect(report.teachers[1]!.sd).toBeCloseTo(0, 12);
  });

  it('counts the groups Docentes, Destacados, Suficientes, Insuficientes and Aprobados, leaving out a teacher with MIN_GROUP_SIZE − 1 evaluations', async () => {
    const report = await ok<TeachersReport>('/reports/teachers', scopeA());
    expect(report.groups).toEqual([
      { key: 'docentes', label: 'Docentes', n: 4 },
      { key: 'destacados', label: 'Destacados', n: 1 },
      { key: 'suficientes', label: 'Suficientes', n: 2 },
      { key: 'insuficientes', label: 'Insuficientes', n: 1 },
      { key: 'aprobados', label: 'Aprobados', n: 3 },
    ]);
    expect(report.withheldTeachers).toBe(1);
    expect(report.teachers.map((r) => r.teacher.name)).not.toContain('Elsa Estrada');
    expect(report.minGroupSize).toBe(5);
    expect(report.withheldExplanation).toBe(withheldExplanation(5));
    expect(report.setting).toMatchObject({ outstandingMin: 4.5, sufficientMin: 3.5 });
    expect(looksSpanish(report.setting.rule)).toBe(true);
  });

  it('lists the approved teachers (Destacados and Suficientes) and each group on its own', async () => {
    const names = async (group: string) =>
      (await ok<TeachersReport>('/reports/teachers', { ...scopeA(), group })).teachers.map((r) => r.teacher.name);
    expect(await names('aprobados')).toEqual(['Ana Alvarado', 'Carla Cruz', 'Beto Bravo']);
    expect(await names('destacados')).toEqual(['Ana Alvarado']);
    expect(await names('insuficientes')).toEqual(['Dora Díaz']);
  });

  it('pages the report by cycle twelve teachers at a time', async () => {
    const first = await ok<TeachersReport>('/reports/teachers', wholeCycle());
    expect([first.total, first.perPage, first.teachers.length]).toEqual([13, 12, 12]);
    expect(first.groups.find((g) => g.key === 'insuficientes')!.n).toBe(10);
    const second = await ok<TeachersReport>('/reports/teachers', { ...wholeCycle(), page: 2 });
    expect(second.teachers.map((r) => r.rank)).toEqual([13]);
    expect(new Set([...first.teachers, ...second.teachers].map((r) => r.teacher.id)).size).toBe(13);
  });

  it('moves a teacher between groups when the cut points are configured (TEACHER_OUTSTANDING_MIN 4.6, TEACHER_SUFFICIENT_MIN 3.4)', async () => {
    const temp = makeTempDir();
    const app = await buildApp({ config: testConfig(temp.dir, { TEACHER_OUTSTANDING_MIN: '4.6', TEACHER_SUFFICIENT_MIN: '3.4' }), db: t.db, logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: `${API}/reports/teachers?${qs(scopeA())}`, headers: { authorization: `Bearer ${tokens.admin}` } });
      const report = res.json<TeachersReport>();
      expect(report.teachers.map((r) => [r.teacher.name, r.group])).toEqual([
        ['Ana Alvarado', 'suficientes'],
        ['Carla Cruz', 'suficientes'],
        ['Beto Bravo', 'suficientes'],
        ['Dora Díaz', 'suficientes'],
      ]);
      expect(report.setting.rule).toContain('4.6');
    } finally {
      await app.close();
      temp.remove();
    }
  });
});

describe(`one teacher's results (${driverName})`, () => {
  it('gives the teacher’s items beside the campus and institution norms, computed from the answers', async () => {
    const report = await ok<TeacherReport>(`/reports/teachers/${teacher.ana}`, scopeA());
    expect(report).toMatchObject({ withheld: false, n: 12, group: 'destacados', approved: true, teacher: { name: 'Ana Alvarado', campusId: ids.campusA } });
    expect(report.mean).toBeCloseTo(4.5, 12);
    const first = report.items[0]!;
    expect(report.items).toHaveLength(TEACHER_RATING_ITEM_IDS.length);
    expect(Object.fromEntries(first.distribution.map((d) => [d.value, d.n]))).toEqual({ excelente: 6, muyBuena: 6, buena: 0, regular: 0, mala: 0, na: 0 });
    expect(first.distribution.map((d) => d.label)).toEqual(['Excelente', 'Muy buena', 'Buena', 'Regular', 'Mala', 'No aplica']);
    const id = first.id;
    expect(first.average).toBeCloseTo(4.5, 12);
    expect(first.campusAverage).toBeCloseTo(expectedItemAverage(published.filter((p) => p.campusId === ids.campusA), id), 12);
    expect(first.institutionAverage).toBeCloseTo(expectedItemAverage(published, id), 12);
    const lastId = TEACHER_RATING_ITEM_IDS[14]!;
    expect(report.items[14]!.campusAverage).toBeCloseTo(expectedItemAverage(published.filter((p) => p.campusId === ids.campusA), lastId), 12);
    expect(report.campusMean).toBeCloseTo(expectedScore(published.filter((p) => p.campusId === ids.campusA).map((p) => p.answers)).mean, 12);
    expect(report.institutionMean).toBeCloseTo(expectedScore(published.map((p) => p.answers)).mean, 12);
    // Each norm's n: the evaluations behind it, so the screen can say «+0.07 sobre el campus (n = 412)».
    expect(report.campusN).toBe(expectedScore(published.filter((p) => p.campusId === ids.campusA).map((p) => p.answers)).n);
    expect(report.institutionN).toBe(expectedScore(published.map((p) => p.answers)).n);
    expect(report.institutionN).toBeGreaterThan(report.campusN);
  });

  it('hides a class with two evaluations and, with it, the next smallest class, so the total does not give it away', async () => {
    const report = await ok<TeacherReport>(`/reports/teachers/${teacher.ana}`, scopeA());
    expect(report.classes.map((c) => [c.grupo, c.n, c.mean, c.group, c.withheld])).toEqual([
      ['1A', null, null, null, true],
      ['1B', 5, 4, 'suficientes', false],
      ['1C', null, null, null, true],
    ]);
    expect(report.classes[1]).toMatchObject({ name: 'Materia C2', plan: 'ING' });
  });

  it('withholds a teacher with MIN_GROUP_SIZE − 1 evaluations and shows one with exactly MIN_GROUP_SIZE', async () => {
    const elsa = await ok<TeacherReport>(`/reports/teachers/${teacher.elsa}`, scopeA());
    expect(elsa).toMatchObject({ withheld: true, n: null, mean: null, group: null, items: [], classes: [] });
    const carla = await ok<TeacherReport>(`/reports/teachers/${teacher.carla}`, scopeA());
    expect(carla).toMatchObject({ withheld: false, n: 5, group: 'suficientes' });
  });

  it('ignores a date range: a teacher is never crossed with days', async () => {
    const report = await ok<TeacherReport>(`/reports/teachers/${teacher.ana}`, { ...scopeA(), from: '2026-04-01', to: '2026-04-02' });
    expect(report.n).toBe(12);
  });
});

describe(`teachers' comments (${driverName})`, () => {
  it('lists the teachers whose comments reach MIN_GROUP_SIZE with their count, and counts the others', async () => {
    const report = await ok<TeacherCommentsReport>('/reports/teacher-comments', scopeA());
    expect(report.teachers).toEqual([{ teacher: { id: teacher.ana, name: 'Ana Alvarado', campusId: ids.campusA }, comments: 5 }]);
    expect(report.withheldTeachers).toBe(1);
    expect([report.total, report.perPage]).toEqual([1, 12]);
  });

  it('pages one teacher’s comments by keyset and searches them in Spanish', async () => {
    const texts: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 3; page++) {
      const report = await ok<TeacherTextsReport>(`/reports/teachers/${teacher.ana}/comments`, { ...scopeA(), limit: 2, after });
      expect(report.total).toBe(5);
      texts.push(...report.texts.map((x) => x.text));
      after = report.next ?? undefined;
    }
    expect(after).toBeUndefined();
    expect(texts.sort()).toEqual(
      ['Buena claridad al explicar', 'Deja muchas tareas', 'Explica con mucha claridad', 'Siempre resuelve dudas', 'Sus clases son claras y ordenadas'].sort(),
    );
    const found = await ok<TeacherTextsReport>(`/reports/teachers/${teacher.ana}/comments`, { ...scopeA(), search: 'claridad' });
    expect(found.texts.map((x) => x.text).sort()).toEqual(['Buena claridad al explicar', 'Explica con mucha claridad']);
    expect(found.total).toBe(2);
    expect(Object.keys(found.texts[0]!)).toEqual(['id', 'text']);
    // Accents and case aside, on the user's side too.
    for (const search of ['CLARIDAD', 'clarídad']) {
      const again = await ok<TeacherTextsReport>(`/reports/teachers/${teacher.ana}/comments`, { ...scopeA(), search });
      expect(again.texts.map((x) => x.text).sort(), search).toEqual(['Buena claridad al explicar', 'Explica con mucha claridad']);
    }
  });

  it('withholds a teacher’s four comments: counted as unlisted, never read', async () => {
    const report = await ok<TeacherTextsReport>(`/reports/teachers/${teacher.beto}/comments`, scopeA());
    expect(report).toMatchObject({ total: 0, unlisted: 4, withheld: true, texts: [], next: null });
    expect(report.unlistedNote).toMatch(/^4 comentarios más no se muestran: pertenecen a grupos de menos de 5 comentarios/);
  });

  it("leaves a withheld teacher's comments out of the campus's comment list too, so the list minus the shown teachers gives nothing back", async () => {
    const list = await ok<TextsReport>('/reports/texts', { ...scopeA(), item: 'comments' });
    expect(list).toMatchObject({ total: 5, unlisted: 4, withheld: false });
    const ana = await ok<TeacherTextsReport>(`/reports/teachers/${teacher.ana}/comments`, scopeA());
    expect(list.texts.map((x) => x.id).sort()).toEqual(ana.texts.map((x) => x.id).sort());
  });
});

describe(`who may read the teachers' reports (${driverName})`, () => {
  it('refuses a user without a report permission (403)', async () => {
    for (const path of ['/reports/teachers', `/reports/teachers/${teacher.ana}`, '/reports/teacher-comments', `/reports/teachers/${teacher.ana}/comments`]) {
      const res = await get(path, scopeA(), tokens.noPermission);
      expect(res.statusCode, path).toBe(403);
      expect(looksSpanish(res.json().error.message)).toBe(true);
    }
  });

  it('refuses another campus by campusId or by a teacher of that campus (403), and an unknown teacher is 404', async () => {
    const other = await get('/reports/teachers', { ...scopeA(), campusId: ids.campusB }, tokens.campusA);
    expect([other.statusCode, other.json().error.message]).toEqual([403, CAMPUS_NOT_GRANTED]);
    for (const path of [`/reports/teachers/${teacher.b0}`, `/reports/teachers/${teacher.b0}/comments`]) {
      const tampered = await get(path, scopeA(), tokens.campusA);
      expect([tampered.statusCode, tampered.json().error.message], path).toEqual([403, CAMPUS_NOT_GRANTED]);
    }
    const unknown = await get('/reports/teachers/99999999', scopeA());
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, TEACHER_NOT_FOUND_MESSAGE]);
  });

  it('answers bad filters with 422 and Spanish field messages', async () => {
    const badGroup = await get('/reports/teachers', { ...scopeA(), group: 'mejores' });
    expect(badGroup.statusCode).toBe(422);
    expect(badGroup.json().error.fields.group).toEqual([TEACHER_LIST_FILTER_MESSAGE]);
    const noCycle = await get('/reports/teachers', { periodoId: ids.periodo });
    expect(noCycle.statusCode).toBe(422);
    expect(looksSpanish(noCycle.json().error.fields.cicleId[0])).toBe(true);
    const badPage = await get('/reports/teachers', { ...scopeA(), page: 0 });
    expect(badPage.statusCode).toBe(422);
    const otherKind = await get('/reports/teachers', { ...scopeA(), cicleId: ids.otherCycle });
    expect([otherKind.statusCode, otherKind.json().error.fields.cicleId]).toEqual([422, [NOT_TEACHER_EVALUATION_MESSAGE]]);
  });
});
