/**
 * The teachers' ranking (issue 20): search by name with accents and case
 * aside, the campus of each teacher, sorting by any column on the server, the
 * previous term's mean and the change, under the same small-group rule as the
 * current term (a hidden previous mean is never given back by a change); bad
 * query input is a Spanish 422; a one-campus user sees only that campus; the
 * spreadsheet holds the list as the screen shows it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SORT_ORDER_MESSAGE,
  TEACHER_SEARCH_MESSAGE,
  TEACHER_SORT_MESSAGE,
  type TeacherRow,
  type TeacherReport,
  type TeachersReport,
} from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Answers, RatingValue } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { activeCycles, actives, campuses, classes, cycles, periods, responses, teachers } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const KIND = 'alumnos/evaluacionDocente';
const PASSWORD = 'Ranking-Prueba-2026!';
let t: TestApp;
let cycleId = 0;
const campus = { norte: 0, sur: 0 };
const term = { older: 0, previous: 0, current: 0 };
/** Application of each campus in each term. */
const active: Record<string, number> = {};
const teacher: Record<string, number> = {};
const tokens = { admin: '', norteByCycle: '', norteByCampus: '' };

const all = (value: RatingValue): Answers => Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, value]));
const times = (n: number, value: RatingValue): Answers[] => Array.from({ length: n }, () => all(value));

/** [name, last name, maternal surname ('' for none), campus] */
const TEACHERS: Record<string, [string, string, string, keyof typeof campus]> = {
  jose: ['José', 'Núñez', 'Peña', 'norte'],
  josefina: ['Josefina', 'Díaz', '', 'sur'],
  ana: ['Ana', 'Alvarado', '', 'norte'],
  beto: ['Beto', 'Bravo', '', 'norte'],
  carla: ['Carla', 'Cruz', '', 'sur'],
  elsa: ['Elsa', 'Estrada', '', 'norte'],
  ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`s${i}`, [`Docente ${String(i).padStart(2, '0')}`, 'Bajío', '', 'sur']])),
};

/**
 * Evaluations per term. Current: José 5.0, Ana 4.0, Carla 4.0, Beto 3.0,
 * Josefina 3.0, eleven of Sur at 4.0 (Muy buena), Elsa with four (withheld).
 * Previous: José 3.6, Ana with four (withheld then), Carla 5.0, Josefina 3.0,
 * Elsa 5.0 (not listed now, so never shown). Older: José 1.0 (must not be compared).
 */
const EVALUATIONS: Record<keyof typeof term, Record<string, Answers[]>> = {
  current: {
    jose: times(5, 'excelente'),
    ana: times(5, 'muyBuena'),
    carla: times(5, 'muyBuena'),
    beto: times(6, 'buena'),
    josefina: times(5, 'buena'),
    elsa: times(4, 'excelente'),
    ...Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`s${i}`, times(5, 'muyBuena')])),
  },
  previous: {
    jose: [...times(3, 'muyBuena'), ...times(2, 'buena')],
    ana: times(4, 'excelente'),
    carla: times(5, 'excelente'),
    josefina: times(5, 'buena'),
    elsa: times(5, 'excelente'),
  },
  older: { jose: times(5, 'mala') },
};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  cycleId = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  [campus.norte, campus.sur] = (await db.insert(campuses).values([{ nombre: 'Ranking Norte' }, { nombre: 'Ranking Sur' }]).returning()).map((c) => c.id) as [number, number];
  const termRows = await db
    .insert(periods)
    .values([
      { nombre: '2025A', fechaInicio: '2025-01-10', fechaFin: '2025-06-30' },
      { nombre: '2025B', fechaInicio: '2025-07-01', fechaFin: '2025-12-20' },
      { nombre: '2026A', fechaInicio: '2026-01-12', fechaFin: '2026-06-30' },
    ])
    .returning();
  [term.older, term.previous, term.current] = termRows.map((p) => p.id) as [number, number, number];
  for (const [termKey, periodoId] of Object.entries(term)) {
    const start = termRows.find((p) => p.id === periodoId)!.fechaInicio;
    for (const [campusKey, campusId] of Object.entries(campus)) {
      const [row] = await db.insert(actives).values({ campusId, periodoId, startActive: start, endActive: start }).returning();
      active[`${termKey}:${campusKey}`] = row!.id;
      await db.insert(activeCycles).values({ activeId: row!.id, cycleId });
    }
  }
  let pc = 520000000;
  for (const [key, [name, lastName, maternalSurName, campusKey]] of Object.entries(TEACHERS)) {
    teacher[key] = (await db.insert(teachers).values({ pcId: String(pc++), name, lastName, maternalSurName, campusId: campus[campusKey] }).returning())[0]!.id;
  }
  const rows: (typeof responses.$inferInsert)[] = [];
  for (const [termKey, byTeacher] of Object.entries(EVALUATIONS) as [keyof typeof term, Record<string, Answers[]>][]) {
    const periodoId = term[termKey];
    const start = termRows.find((p) => p.id === periodoId)!.fechaInicio;
    for (const [key, answers] of Object.entries(byTeacher)) {
      const campusKey = TEACHERS[key]![3];
      const campusId = campus[campusKey];
      const [klass] = await db
        .insert(classes)
        .values({ code: `${termKey}-${key}`, name: `Materia ${key}`, campusId, periodoId, teacherId: teacher[key]!, plan: 'ING', grupo: `${key}-1` })
        .returning();
      rows.push(
        ...answers.map((a) => ({
          id: randomUUID(),
          surveyKind: KIND,
          questionnaireId: 'alumnos-evaluacion-docente',
          questionnaireVersion: 1,
          cycleId,
          activeId: active[`${termKey}:${campusKey}`]!,
          campusId,
          periodoId,
          plan: 'ING',
          grupo: `${key}-1`,
          teacherId: teacher[key]!,
          classId: klass!.id,
          submittedOn: start,
          answers: a,
        })),
      );
    }
  }
  await db.transaction(async (tx) => {
    await foldResponses(tx, await tx.insert(responses).values(rows).returning());
  });
  const user = (email: string, permission: (typeof PERMISSIONS)[keyof typeof PERMISSIONS], campusIds: number[]) =>
    signedInAdmin(t, { email, password: PASSWORD, permissionNames: [permission], campusIds, cycleIds: [cycleId] });
  tokens.admin = await user('ranking-admin@prueba.mx', PERMISSIONS.viewCycleReports, [campus.norte, campus.sur]);
  tokens.norteByCycle = await user('ranking-norte-ciclo@prueba.mx', PERMISSIONS.viewCycleReports, [campus.norte]);
  tokens.norteByCampus = await user('ranking-norte-campus@prueba.mx', PERMISSIONS.viewCampusReports, [campus.norte]);
});
afterAll(async () => {
  await t?.close();
});

type Params = Record<string, string | number | undefined>;
const qs = (params: Params) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]]))).toString();
const get = (path: string, params: Params, token = tokens.admin) => t.request({ method: 'GET', url: `${API}${path}?${qs(params)}`, token });
const wholeCycle = (extra: Params = {}) => ({ cicleId: cycleId, periodoId: term.current, ...extra });
async function ranking(params: Params, token = tokens.admin): Promise<TeachersReport> {
  const res = await get('/reports/teachers', params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeachersReport>();
}
/** Every page of a ranking, in order. */
async function everyRow(params: Params, token = tokens.admin): Promise<TeacherRow[]> {
  const first = await ranking(params, token);
  const rows = [...first.teachers];
  for (let page = 2; page <= Math.ceil(first.total / first.perPage); page++) rows.push(...(await ranking({ ...params, page }, token)).teachers);
  return rows;
}
const names = (rows: readonly TeacherRow[]) => rows.map((row) => row.teacher.name);

describe(`searching the ranking by name (${driverName})`, () => {
  it('finds «José Núñez Peña» by «jose», «JOSÉ», «nunez» and «peña jose», accents and case aside; «jose» also finds «Josefina»', async () => {
    expect(names((await ranking(wholeCycle({ search: 'jose' }))).teachers).sort()).toEqual(['José Núñez Peña', 'Josefina Díaz'].sort());
    for (const search of ['JOSÉ núñez', 'nunez', 'peña jose', '  Nuñez  ']) {
      const report = await ranking(wholeCycle({ search }));
      expect(names(report.teachers), search).toEqual(['José Núñez Peña']);
      expect(report.total, search).toBe(1);
      expect(report.search, search).toBe(search.trim());
    }
  });

  it('counts the pages after the search: 16 teachers are two pages, the eleven «Bajío» one, a search with no match none', async () => {
    const unsearched = await ranking(wholeCycle());
    expect([unsearched.total, unsearched.perPage, unsearched.search]).toEqual([16, 12, null]);
    const bajio = await ranking(wholeCycle({ search: 'bajio' }));
    expect([bajio.total, bajio.teachers.length]).toEqual([11, 11]);
    const none = await ranking(wholeCycle({ search: 'Zacarías' }));
    expect([none.total, none.teachers]).toEqual([0, []]);
    // The group counts stay those of the whole report.
    expect(none.groups.find((g) => g.key === 'docentes')!.n).toBe(16);
  });

  it('searches within the chosen group, keeps each teacher’s place in the whole ranking, and takes % and _ literally', async () => {
    const insuficientes = await ranking(wholeCycle({ group: 'insuficientes', search: 'jose' }));
    expect(insuficientes.teachers.map((row) => [row.teacher.name, row.group, row.rank])).toEqual([['Josefina Díaz', 'insuficientes', 15]]);
    for (const search of ['%', '_', "jose' or 1=1 --"]) expect((await ranking(wholeCycle({ search }))).total, search).toBe(0);
  });
});

describe(`the campus, sorting and the previous term (${driverName})`, () => {
  it('gives each teacher’s campus in the report by cycle', async () => {
    const rows = await everyRow(wholeCycle());
    const byName = new Map(rows.map((row) => [row.teacher.name, row.campus]));
    expect(byName.get('José Núñez Peña')).toEqual({ id: campus.norte, nombre: 'Ranking Norte' });
    expect(byName.get('Josefina Díaz')).toEqual({ id: campus.sur, nombre: 'Ranking Sur' });
    expect(rows.every((row) => row.campus.id === row.teacher.campusId)).toBe(true);
  });

  it('compares with the last earlier term (2025B, not 2025A): José 5.00 after 3.60 is +1.40, Carla −1.00, Josefina 0', async () => {
    const report = await ranking(wholeCycle({ search: 'jose' }));
    expect(report.previousPeriodo).toEqual({ id: term.previous, nombre: '2025B' });
    const rows = await everyRow(wholeCycle());
    const of = (name: string) => rows.find((row) => row.teacher.name === name)!;
    expect(of('José Núñez Peña').previousMean).toBeCloseTo(3.6, 12);
    expect(of('José Núñez Peña').change).toBeCloseTo(1.4, 12);
    expect(of('Carla Cruz').change).toBeCloseTo(-1, 12);
    expect(of('Josefina Díaz').change).toBe(0);
    // No earlier term evaluated Beto nor the Bajío teachers.
    expect([of('Beto Bravo').previousMean, of('Beto Bravo').change]).toEqual([null, null]);
    expect(rows.filter((row) => row.teacher.name.endsWith('Bajío')).every((row) => row.previousMean === null && row.change === null)).toBe(true);
  });

  it('applies the small-group rule to the previous term: Ana’s four evaluations then give no previous mean and no change, so her current 4.00 tells nothing of them', async () => {
    const res = await get('/reports/teachers', wholeCycle({ search: 'ana' }));
    const [ana] = res.json<TeachersReport>().teachers;
    expect(ana).toMatchObject({ n: 5, previousMean: null, change: null });
    expect(ana!.mean).toBeCloseTo(4, 12);
    // The hidden 5.00 appears nowhere in the answer, nor a difference from it.
    expect(res.body).not.toMatch(/"previousMean":5\b|"change":-1\b/);
    // Elsa (withheld now, five evaluations then) is not listed: her previous mean is never shown.
    expect(names(await everyRow(wholeCycle()))).not.toContain('Elsa Estrada');
  });

  it("gives one teacher's report the same previous term: José's 3.60 then and +1.40; nothing for Ana's withheld four, nor before the first term", async () => {
    const teacherReport = async (key: string, params: Params) => {
      const res = await get(`/reports/teachers/${teacher[key]}`, params);
      expect(res.statusCode, res.body).toBe(200);
      return { report: res.json<TeacherReport>(), body: res.body };
    };
    const { report: jose } = await teacherReport('jose', wholeCycle());
    expect(jose.previousPeriodo).toEqual({ id: term.previous, nombre: '2025B' });
    expect(jose.previousMean).toBeCloseTo(3.6, 12);
    expect(jose.change).toBeCloseTo(1.4, 12);
    const { report: ana, body } = await teacherReport('ana', wholeCycle());
    expect(ana).toMatchObject({ withheld: false, previousMean: null, change: null });
    expect(body).not.toMatch(/"previousMean":5\b|"change":-1\b/);
    const { report: first } = await teacherReport('jose', { cicleId: cycleId, periodoId: term.older });
    expect(first).toMatchObject({ previousPeriodo: null, previousMean: null, change: null });
  });

  it('has no previous term before the first one', async () => {
    const report = await ranking({ cicleId: cycleId, periodoId: term.older });
    expect(report.previousPeriodo).toBeNull();
    expect(report.teachers.map((row) => [row.teacher.name, row.previousMean, row.change])).toEqual([['José Núñez Peña', null, null]]);
  });

  it('sorts by name, campus, n, mean, group, previous mean and change on the server, ties by place, rows without a figure last in either order', async () => {
    const byName = await everyRow(wholeCycle({ sort: 'name' }));
    expect(names(byName)).toEqual([...names(byName)].sort((a, b) => a.localeCompare(b, 'es-MX', { sensitivity: 'base' })));
    expect(names(await everyRow(wholeCycle({ sort: 'name', order: 'desc' })))).toEqual([...names(byName)].reverse());

    const byCampus = await everyRow(wholeCycle({ sort: 'campus' }));
    expect(byCampus.map((row) => row.campus.nombre)).toEqual([...Array(3).fill('Ranking Norte'), ...Array(13).fill('Ranking Sur')]);
    const norte = byCampus.slice(0, 3).map((row) => row.rank);
    expect(norte).toEqual([...norte].sort((a, b) => a - b));

    const byN = await everyRow(wholeCycle({ sort: 'n' }));
    expect(byN[0]!.teacher.name).toBe('Beto Bravo');
    expect(byN.slice(1).map((row) => row.rank)).toEqual(byN.slice(1).map((row) => row.rank).sort((a, b) => a - b));

    const worstFirst = await everyRow(wholeCycle({ sort: 'mean', order: 'asc' }));
    expect(worstFirst.slice(0, 2).map((row) => row.teacher.name)).toEqual(['Josefina Díaz', 'Beto Bravo']);
    expect(worstFirst.at(-1)!.teacher.name).toBe('José Núñez Peña');

    const byGroup = await everyRow(wholeCycle({ sort: 'group', order: 'asc' }));
    expect(byGroup.map((row) => row.group)).toEqual([...Array(2).fill('insuficientes'), ...Array(13).fill('suficientes'), 'destacados']);

    const changeDesc = await everyRow(wholeCycle({ sort: 'change' }));
    expect(changeDesc.slice(0, 3).map((row) => [row.teacher.name, row.change])).toEqual([
      ['José Núñez Peña', 1.4],
      ['Josefina Díaz', 0],
      ['Carla Cruz', -1],
    ]);
    expect(changeDesc.slice(3).every((row) => row.change === null)).toBe(true);
    const changeAsc = await everyRow(wholeCycle({ sort: 'change', order: 'asc' }));
    expect(names(changeAsc.slice(0, 3))).toEqual(['Carla Cruz', 'Josefina Díaz', 'José Núñez Peña']);
    expect(changeAsc.slice(3).map((row) => row.rank)).toEqual(changeDesc.slice(3).map((row) => row.rank));

    const previous = await ranking(wholeCycle({ sort: 'previousMean' }));
    expect(names(previous.teachers.slice(0, 3))).toEqual(['Carla Cruz', 'José Núñez Peña', 'Josefina Díaz']);
    expect([previous.sort, previous.order]).toEqual(['previousMean', 'desc']);
  });

  it('defaults to the place in the ranking, best first', async () => {
    const report = await ranking(wholeCycle());
    expect([report.sort, report.order]).toEqual(['rank', 'asc']);
    expect(report.teachers.map((row) => row.rank)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });
});

describe(`bad input and grants (${driverName})`, () => {
  it('answers a bad sort, order or search with 422 and a Spanish message, never a 500', async () => {
    const cases: [Params, string, string][] = [
      [{ sort: 'salario' }, 'sort', TEACHER_SORT_MESSAGE],
      [{ order: 'arriba' }, 'order', SORT_ORDER_MESSAGE],
      [{ search: 'a'.repeat(101) }, 'search', TEACHER_SEARCH_MESSAGE],
    ];
    for (const [params, field, message] of cases) {
      const res = await get('/reports/teachers', wholeCycle(params));
      expect(res.statusCode, field).toBe(422);
      expect(res.json().error.fields[field], field).toEqual([message]);
    }
    const control = await get('/reports/teachers', wholeCycle({ search: 'jose\u0000' }));
    expect(control.statusCode).toBe(422);
    expect(looksSpanish(control.json().error.fields.search[0])).toBe(true);
    const badFile = await get('/reports/export', wholeCycle({ table: 'teachers', sort: 'salario' }));
    expect([badFile.statusCode, badFile.json().error.fields.sort]).toEqual([422, [TEACHER_SORT_MESSAGE]]);
  });

  it('shows a user granted only Norte its teachers alone, compared with Norte only, in the report by cycle and by campus', async () => {
    for (const [token, params] of [
      [tokens.norteByCycle, wholeCycle()],
      [tokens.norteByCampus, wholeCycle({ campusId: campus.norte })],
    ] as const) {
      const rows = await everyRow(params, token);
      expect(names(rows).sort()).toEqual(['Ana Alvarado', 'Beto Bravo', 'José Núñez Peña']);
      expect(rows.every((row) => row.campus.id === campus.norte)).toBe(true);
      expect(rows.find((row) => row.teacher.id === teacher.jose)!.change).toBeCloseTo(1.4, 12);
      expect((await ranking({ ...params, search: 'josefina' }, token)).total).toBe(0);
    }
    const other = await get('/reports/teachers', wholeCycle({ campusId: campus.sur, search: 'jose' }), tokens.norteByCampus);
    expect([other.statusCode, other.json().error.message]).toEqual([403, CAMPUS_NOT_GRANTED]);
    const byCycle = await get('/reports/teachers', wholeCycle(), tokens.norteByCampus);
    expect(byCycle.statusCode).toBe(403);
  });
});

describe(`the ranking as a file (${driverName})`, () => {
  it('holds the screen’s list: its search and order, with campus, previous mean and change', async () => {
    const params = wholeCycle({ search: 'jose', sort: 'name', order: 'desc' });
    const res = await get('/reports/export', { ...params, table: 'teachers', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('busqueda-jose');
    const [header, ...rows] = parseCsv(res.rawPayload.subarray(3).toString('utf8')) as string[][];
    expect(header).toEqual(['Lugar', 'Docente', 'Campus', 'Evaluaciones', 'Promedio', 'Desviación estándar', 'Resultado', 'Aprobado', 'Promedio 2025B', 'Cambio']);
    const screen = await ranking(params);
    expect(rows.map((row) => [Number(row[0]), row[1], row[2]])).toEqual(screen.teachers.map((row) => [row.rank, row.teacher.name, row.campus.nombre]));
    expect(rows.map((row) => row[9])).toEqual(['0', '1.4']);
  });
});
