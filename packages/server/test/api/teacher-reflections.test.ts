/**
 * A teacher's reflection, «Lo que haré con estos resultados» (issue 21): the
 * teacher writes one per class of a released term (refused before release,
 * for another teacher's class, for a student), with a length limit and an
 * empty text that deletes it; next term, a student who evaluates that teacher
 * reads it in their list of surveys (the same subject's first, else the
 * teacher's latest), and a student of another teacher reads nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@encuestas/core/api/surveys';
import {
  CLASS_NOT_EVALUATED_MESSAGE,
  CLASS_NOT_FOUND_MESSAGE,
  OWN_CLASSES_ONLY_MESSAGE,
  REFLECTION_MAX_LENGTH,
  REFLECTION_TOO_LONG_MESSAGE,
  type ReflectionAnswer,
  type TermReflectionsAnswer,
} from '@encuestas/core/api/teacher-reflections';
import { OWN_RESULTS_ONLY_MESSAGE, resultsNotReleasedMessage, TEACHERS_ONLY_MESSAGE } from '@encuestas/core/api/teacher-results';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { activeCycles, actives, classes, enrolments, periods } from '../../src/db/schema';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod, createStudent, createTeacher, cycleIds, type Person } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

const KIND = 'alumnos/evaluacionDocente';
const today = mexicoCityDay();
const START = addDays(today, -7);
const END = addDays(today, 35);

let t: TestApp;
let admin = '';
let ana: Person;
let beto: Person;
const ids = { campus: 0, current: 0, cycle: 0, active: 0, active2020: 0, active2021: 0 };
/** Ana's classes: finance in 2020 and now, a seminar in 2021, statistics now, one of 2019 no evaluation covered; Beto's law now. */
const cls = { fin2020: 0, sem2021: 0, fin: 0, est: 0, old2019: 0, der: 0 };
const tokens = { ana: '', beto: '', finStudent: '', estStudent: '' };

async function period(nombre: string, year: number): Promise<number> {
  const [row] = await t.db.insert(periods).values({ nombre, fechaInicio: `${year}-01-01`, fechaFin: `${year}-06-30` }).returning({ id: periods.id });
  return row!.id;
}

/** A finished teacher evaluation of a past period (released long ago). */
async function pastApplication(periodoId: number, year: number): Promise<number> {
  const [row] = await t.db
    .insert(actives)
    .values({ campusId: ids.campus, periodoId, startActive: `${year}-03-01`, endActive: `${year}-03-31` })
    .returning({ id: actives.id });
  await t.db.insert(activeCycles).values({ activeId: row!.id, cycleId: ids.cycle });
  return row!.id;
}

async function createClass(teacherId: number, periodoId: number, code: string, name: string): Promise<number> {
  const [row] = await t.db
    .insert(classes)
    .values({ code, name, campusId: ids.campus, periodoId, teacherId, plan: 'LADE', grupo: '3A' })
    .returning({ id: classes.id });
  return row!.id;
}

/** A student of this term enrolled in the classes. */
async function studentOf(...classIds: number[]): Promise<string> {
  const student = await createStudent(t.db, { campusId: ids.campus, periodoId: ids.current });
  await t.db.insert(enrolments).values(classIds.map((classId) => ({ classId, studentId: student.id })));
  return respondentToken(t, student.pcId);
}

const reflectionUrl = (teacherId: number, classId: number) => `${API}/respondents/teachers/${teacherId}/classes/${classId}/reflection`;
const put = (teacherId: number, classId: number, token: string, payload: unknown) =>
  t.request({ method: 'PUT', url: reflectionUrl(teacherId, classId), token, payload: payload as Record<string, unknown> });

async function saved(classId: number, text: string): Promise<ReflectionAnswer> {
  const res = await put(ana.id, classId, tokens.ana, { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReflectionAnswer>();
}

async function refused(res: Awaited<ReturnType<typeof put>>, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
}

/** The teacher-evaluation entries of a student's list: class id → the reflection shown before it. */
async function reflectionsSeen(token: string) {
  const res = await t.request({ method: 'GET', url: `${API}/respondents/availability`, token });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<Availability>().encuestasDocente.map((entry) => [Number(entry.subject), entry.reflection]));
}

beforeAll(async () => {
  t = await createTestApp();
  ids.campus = await createCampus(t.db, 'Campus Reflexiones');
  ids.current = await createPeriod(t.db);
  ({ activeId: ids.active } = await createApplication(t.db, { campusId: ids.campus, periodoId: ids.current, kinds: [KIND], startActive: START, endActive: END }));
  ids.cycle = (await cycleIds(t.db, [KIND]))[KIND]!;
  const [p2019, p2020, p2021] = [await period('2019A', 2019), await period('2020A', 2020), await period('2021A', 2021)];
  ids.active2020 = await pastApplication(p2020, 2020);
  ids.active2021 = await pastApplication(p2021, 2021);
  admin = (await createAdmin(t)).token;
  ana = await createTeacher(t.db, { campusId: ids.campus });
  beto = await createTeacher(t.db, { campusId: ids.campus });
  cls.old2019 = await createClass(ana.id, p2019, 'FIN', 'Finanzas');
  cls.fin2020 = await createClass(ana.id, p2020, 'FIN', 'Finanzas');
  cls.sem2021 = await createClass(ana.id, p2021, 'SEM', 'Seminario');
  cls.fin = await createClass(ana.id, ids.current, 'FIN', 'Finanzas');
  cls.est = await createClass(ana.id, ids.current, 'EST', 'Estadística');
  cls.der = await createClass(beto.id, ids.current, 'DER', 'Derecho Civil');
  tokens.ana = await respondentToken(t, ana.pcId);
  tokens.beto = await respondentToken(t, beto.pcId);
  tokens.finStudent = await studentOf(cls.fin, cls.der);
  tokens.estStudent = await studentOf(cls.est);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe(`a teacher's reflection on a class (${driverName})`, () => {
  it('is refused before the term’s release day, with the day', async () => {
    await refused(await put(ana.id, cls.fin, tokens.ana, { text: 'Aún no hay resultados' }), 403, resultsNotReleasedMessage(addDays(END, 1)));
  });

  it('is saved (trimmed) after release, listed with the term’s classes, and updated in place', async () => {
    const first = await saved(cls.fin2020, '  Daré más ejemplos prácticos y revisaré las tareas a tiempo.  ');
    expect(first.reflection).toMatchObject({ text: 'Daré más ejemplos prácticos y revisaré las tareas a tiempo.' });
    const second = await saved(cls.fin2020, 'Daré más ejemplos prácticos.\nRevisaré las tareas en una semana.');
    expect(second.reflection!.writtenAt).toBe(first.reflection!.writtenAt);
    expect(second.reflection!.updatedAt >= first.reflection!.updatedAt).toBe(true);

    const res = await t.request({ method: 'GET', url: `${API}/respondents/teachers/${ana.id}/results/${ids.active2020}/reflections`, token: tokens.ana });
    expect(res.statusCode, res.body).toBe(200);
    const term = res.json<TermReflectionsAnswer>();
    expect(term.maxLength).toBe(REFLECTION_MAX_LENGTH);
    expect(term.classes).toEqual([
      { classId: cls.fin2020, name: 'Finanzas', plan: 'LADE', grupo: '3A', reflection: second.reflection },
    ]);
  });

  it('lists a released term’s classes without one as empty, and refuses a term still waiting for its day', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/respondents/teachers/${ana.id}/results/${ids.active2021}/reflections`, token: tokens.ana });
    expect(res.json<TermReflectionsAnswer>().classes.map((row) => [row.classId, row.reflection])).toEqual([[cls.sem2021, null]]);
    const waiting = await t.request({ method: 'GET', url: `${API}/respondents/teachers/${ana.id}/results/${ids.active}/reflections`, token: tokens.ana });
    await refused(waiting, 403, resultsNotReleasedMessage(addDays(END, 1)));
  });

  it('is refused for another teacher’s class, another teacher’s id, a student, a back-office user and an unknown class', async () => {
    await refused(await put(beto.id, cls.fin2020, tokens.beto, { text: 'Intruso' }), 403, OWN_CLASSES_ONLY_MESSAGE);
    await refused(await put(ana.id, cls.fin2020, tokens.beto, { text: 'Intruso' }), 403, OWN_RESULTS_ONLY_MESSAGE);
    await refused(await put(ana.id, cls.fin2020, tokens.finStudent, { text: 'Intruso' }), 403, TEACHERS_ONLY_MESSAGE);
    expect((await put(ana.id, cls.fin2020, admin, { text: 'Intruso' })).statusCode).toBe(401);
    await refused(await put(ana.id, 2_000_000_000, tokens.ana, { text: 'Nada' }), 404, CLASS_NOT_FOUND_MESSAGE);
    const beto2020 = await t.request({ method: 'GET', url: `${API}/respondents/teachers/${ana.id}/results/${ids.active2020}/reflections`, token: tokens.beto });
    await refused(beto2020, 403, OWN_RESULTS_ONLY_MESSAGE);
    const [kept] = (await t.request({ method: 'GET', url: `${API}/respondents/teachers/${ana.id}/results/${ids.active2020}/reflections`, token: tokens.ana })).json<TermReflectionsAnswer>().classes;
    expect(kept!.reflection!.text).not.toContain('Intruso');
  });

  it('is refused for a class no teacher evaluation covered', async () => {
    await refused(await put(ana.id, cls.old2019, tokens.ana, { text: 'Sin evaluación' }), 403, CLASS_NOT_EVALUATED_MESSAGE);
  });

  it('refuses a text over the limit, or one with a NUL, in Spanish (422)', async () => {
    const long = await put(ana.id, cls.fin2020, tokens.ana, { text: 'a'.repeat(REFLECTION_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json<{ error: { fields: Record<string, string[]> } }>().error.fields.text).toEqual([REFLECTION_TOO_LONG_MESSAGE]);
    expect((await put(ana.id, cls.fin2020, tokens.ana, { text: 'a'.repeat(REFLECTION_MAX_LENGTH) })).statusCode).toBe(200);
    expect((await put(ana.id, cls.fin2020, tokens.ana, { text: 'con \u0000 nulo' })).statusCode).toBe(422);
    expect((await put(ana.id, cls.fin2020, tokens.ana, {})).statusCode).toBe(422);
    await saved(cls.fin2020, 'Daré más ejemplos prácticos.');
  });
});

describe(`next term's students read it before they evaluate (${driverName})`, () => {
  it('a student of the same subject reads the reflection on it, with its term; a student of another teacher reads none', async () => {
    await saved(cls.sem2021, 'En el seminario pediré avances cada semana.');
    const seen = await reflectionsSeen(tokens.finStudent);
    // The same subject (FIN, 2020) comes before the teacher's later reflection on another one (2021).
    expect(seen.get(cls.fin)).toEqual({ text: 'Daré más ejemplos prácticos.', periodo: { id: expect.any(Number), nombre: '2020A' } });
    expect(seen.has(cls.der)).toBe(true);
    expect(seen.get(cls.der)).toBeUndefined();
  });

  it('a student of another subject of hers reads her latest reflection; once deleted, the one before', async () => {
    expect((await reflectionsSeen(tokens.estStudent)).get(cls.est)).toMatchObject({ text: 'En el seminario pediré avances cada semana.', periodo: { nombre: '2021A' } });
    expect(await saved(cls.sem2021, '   ')).toEqual({ reflection: null });
    expect((await reflectionsSeen(tokens.estStudent)).get(cls.est)).toMatchObject({ text: 'Daré más ejemplos prácticos.', periodo: { nombre: '2020A' } });
  });

  it('never shows a reflection written for the term being evaluated', async () => {
    const released = await t.request({
      method: 'PUT',
      url: `${API}/actives/${ids.active}`,
      token: admin,
      payload: { startDate: START, endDate: END, cicles: [ids.cycle], resultsReleaseDay: today },
    });
    expect(released.statusCode, released.body).toBe(200);
    await saved(cls.fin, 'Lo que haré el próximo periodo.');
    expect((await reflectionsSeen(tokens.finStudent)).get(cls.fin)).toMatchObject({ text: 'Daré más ejemplos prácticos.', periodo: { nombre: '2020A' } });
  });
});
