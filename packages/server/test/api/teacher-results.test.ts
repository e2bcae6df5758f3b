/**
 * A teacher's own evaluation, signed in as a respondent (issue 21): while
 * the application runs, per-class counts of students who answered (never an
 * answer; none for a class under the small-group rule); results only from
 * the application's release day, only their own, built as the back office's
 * teacher report builds them (small-group rule and complementary suppression
 * alike), with the trend over earlier terms and no unreviewed comment (the
 * comment review: teacher-comments.test.ts); the PDF; and the
 * release day of an application, its default and its validation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_RELEASE_BEFORE_START_MESSAGE, type ActiveAnswer } from '@encuestas/core/api/actives';
import {
  commentsInReviewNote,
  OWN_RESULTS_ONLY_MESSAGE,
  resultsNotReleasedMessage,
  TEACHER_TERM_NOT_FOUND_MESSAGE,
  TEACHERS_ONLY_MESSAGE,
  type TeacherOwnResults,
  type TeacherProgressAnswer,
  type TeacherTermsAnswer,
} from '@encuestas/core/api/teacher-results';
import { addDays, displayDay, mexicoCityDay } from '@encuestas/core/dates';
import type { TeacherReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { fillAnswers, TEST_CATALOGS } from '@encuestas/core/survey-kinds/testing';
import type { RatingValue } from '@encuestas/core/survey-engine/types';
import { activeCycles, actives, classes, enrolments, periods, responses } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { questionnaireFor } from '../../src/features/surveys/questionnaires';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod, createStudent, createTeacher, publishAllHeld, submitResponse, type Person } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

const KIND = 'alumnos/evaluacionDocente';
const SECRET_COMMENT = 'Comentario que ningún docente debe leer sin revisión';
const today = mexicoCityDay();
const START = addDays(today, -7);
const END = addDays(today, 35);

let t: TestApp;
let admin = '';
const ids = { campus: 0, periodo: 0, earlierPeriodo: 0, active: 0, earlierActive: 0, cycle: 0, big: 0, small: 0 };
let ana: Person;
let beto: Person;
const tokens = { ana: '', beto: '', student: '' };

async function createClass(teacherId: number, periodoId: number, name: string, grupo: string): Promise<number> {
  const [row] = await t.db
    .insert(classes)
    .values({ code: `${name}-${randomUUID().slice(0, 8)}`, name, campusId: ids.campus, periodoId, teacherId, plan: 'LADE', grupo })
    .returning({ id: classes.id });
  return row!.id;
}

/** `n` students enrolled in a class; answers with the first `answering` of them. */
async function enrolAndAnswer(classId: number, n: number, answering: number, rating: RatingValue): Promise<string> {
  let studentPcId = '';
  for (let i = 0; i < n; i++) {
    const student = await createStudent(t.db, { campusId: ids.campus, periodoId: ids.periodo });
    await t.db.insert(enrolments).values({ classId, studentId: student.id });
    studentPcId = student.pcId;
    if (i >= answering) continue;
    const token = await respondentToken(t, student.pcId);
    const questionnaire = questionnaireFor(KIND, String(classId))!;
    const given = { ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, rating])), comments: SECRET_COMMENT };
    await submitResponse(t, token, { activeId: ids.active, cicleId: ids.cycle, subject: String(classId), answers: fillAnswers(questionnaire, TEST_CATALOGS, given) });
  }
  return studentPcId;
}

/** Published evaluations of an earlier term, folded into the aggregates as the mover would. */
async function earlierEvaluations(classId: number, n: number, rating: RatingValue) {
  const rows = Array.from({ length: n }, () => ({
    id: randomUUID(),
    surveyKind: KIND,
    questionnaireId: 'alumnos-evaluacion-docente',
    questionnaireVersion: 1,
    cycleId: ids.cycle,
    activeId: ids.earlierActive,
    campusId: ids.campus,
    periodoId: ids.earlierPeriodo,
    plan: 'LADE',
    grupo: '1A',
    teacherId: ana.id,
    classId,
    submittedOn: '2026-03-02',
    answers: Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, rating])),
  }));
  await t.db.transaction(async (tx) => foldResponses(tx, await tx.insert(responses).values(rows).returning()));
}

const get = (path: string, token: string) => t.request({ method: 'GET', url: `${API}${path}`, token });
async function ok<T>(path: string, token: string): Promise<T> {
  const res = await get(path, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
async function refused(path: string, token: string, status: number, message: string) {
  const res = await get(path, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
}
const putActive = (body: Record<string, unknown>) => t.request({ method: 'PUT', url: `${API}/actives/${ids.active}`, token: admin, payload: body });
const activeBody = (extra: Record<string, unknown> = {}) => ({ startDate: START, endDate: END, cicles: [ids.cycle], ...extra });

beforeAll(async () => {
  t = await createTestApp();
  ids.campus = await createCampus(t.db, 'Campus Docentes');
  ids.periodo = await createPeriod(t.db);
  ({ activeId: ids.active } = await createApplication(t.db, { campusId: ids.campus, periodoId: ids.periodo, kinds: [KIND], startActive: START, endActive: END }));
  ids.cycle = (await t.db.select().from(activeCycles)).find((row) => row.activeId === ids.active)!.cycleId;
  // Granted every campus and survey type there is now.
  admin = (await createAdmin(t)).token;
  ana = await createTeacher(t.db, { campusId: ids.campus });
  beto = await createTeacher(t.db, { campusId: ids.campus });

  // An earlier term (2026A), released long ago, where Ana had five evaluations of Buena (3).
  [{ id: ids.earlierPeriodo }] = await t.db.insert(periods).values({ nombre: 'Anterior', fechaInicio: '2020-01-01', fechaFin: '2020-06-30' }).returning({ id: periods.id }) as [{ id: number }];
  [{ id: ids.earlierActive }] = (await t.db
    .insert(actives)
    .values({ campusId: ids.campus, periodoId: ids.earlierPeriodo, startActive: '2020-03-01', endActive: '2020-03-31' })
    .returning({ id: actives.id })) as [{ id: number }];
  await t.db.insert(activeCycles).values({ activeId: ids.earlierActive, cycleId: ids.cycle });
  await earlierEvaluations(await createClass(ana.id, ids.earlierPeriodo, 'Materia anterior', '1A'), 5, 'buena');

  // This term: a class of 7 (6 answer, Excelente), a class of 3 (2 answer, Muy buena); Beto teaches one class nobody answered.
  ids.big = await createClass(ana.id, ids.periodo, 'Finanzas', '3A');
  ids.small = await createClass(ana.id, ids.periodo, 'Seminario', '5A');
  await createClass(beto.id, ids.periodo, 'Estadística', '3B');
  await enrolAndAnswer(ids.big, 7, 6, 'excelente');
  const studentPcId = await enrolAndAnswer(ids.small, 3, 2, 'muyBuena');

  tokens.ana = await respondentToken(t, ana.pcId);
  tokens.beto = await respondentToken(t, beto.pcId);
  tokens.student = await respondentToken(t, studentPcId);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe(`a teacher's classes while the survey runs (${driverName})`, () => {
  it('counts answered and expected students per class, and shows no figure for a class under the small-group rule', async () => {
    const progress = await ok<TeacherProgressAnswer>(`/respondents/teachers/${ana.id}/classes`, tokens.ana);
    expect(progress.applications).toHaveLength(1);
    const [application] = progress.applications;
    expect(application!.activeId).toBe(ids.active);
    expect(application!.results_release_day).toBe(addDays(END, 1));
    expect(application!.classes.map(({ name, expected, answered, withheld }) => ({ name, expected, answered, withheld }))).toEqual([
      { name: 'Finanzas', expected: 7, answered: 6, withheld: false },
      { name: 'Seminario', expected: null, answered: null, withheld: true },
    ]);
  });

  it('never carries an answer, a comment or a student', async () => {
    const res = await get(`/respondents/teachers/${ana.id}/classes`, tokens.ana);
    expect(res.body).not.toMatch(/excelente|muyBuena|Comentario|Persona/);
  });

  it('refuses another teacher’s id, a student and a back-office user', async () => {
    await refused(`/respondents/teachers/${ana.id}/classes`, tokens.beto, 403, OWN_RESULTS_ONLY_MESSAGE);
    await refused(`/respondents/teachers/${ana.id}/classes`, tokens.student, 403, TEACHERS_ONLY_MESSAGE);
    expect((await get(`/respondents/teachers/${ana.id}/classes`, admin)).statusCode).toBe(401);
  });
});

describe(`the release day of an application (${driverName})`, () => {
  it('defaults to the day after the window and is refused before the window’s start, in Spanish', async () => {
    const { active } = await ok<ActiveAnswer>(`/active/${ids.active}`, admin);
    expect(active.results_release_day).toBe(addDays(END, 1));
    expect(active.results_release_day_chosen).toBeNull();
    const before = await putActive(activeBody({ resultsReleaseDay: addDays(START, -1) }));
    expect(before.statusCode).toBe(422);
    expect(before.json<{ error: { fields: Record<string, string[]> } }>().error.fields.resultsReleaseDay).toEqual([RESULTS_RELEASE_BEFORE_START_MESSAGE]);
    const created = await t.request({
      method: 'POST',
      url: `${API}/actives`,
      token: admin,
      payload: { campusId: ids.campus, periodoId: ids.periodo, startDate: '2030-01-10', endDate: '2030-01-20', cicles: [ids.cycle], resultsReleaseDay: '2030-01-09' },
    });
    expect(created.statusCode).toBe(422);
  });

  it('is kept by an edit that does not send it, and goes back to the default with null', async () => {
    const chosen = addDays(END, 10);
    expect((await putActive(activeBody({ resultsReleaseDay: chosen }))).json<ActiveAnswer>().active.results_release_day).toBe(chosen);
    expect((await putActive(activeBody())).json<ActiveAnswer>().active.results_release_day_chosen).toBe(chosen);
    // A later start that passes the chosen day is refused rather than left inconsistent.
    const moved = await putActive(activeBody({ startDate: addDays(chosen, 1), endDate: addDays(chosen, 2) }));
    expect(moved.statusCode).toBe(422);
    const reset = (await putActive(activeBody({ resultsReleaseDay: null }))).json<ActiveAnswer>().active;
    expect(reset).toMatchObject({ results_release_day: addDays(END, 1), results_release_day_chosen: null });
  });
});

describe(`a teacher's results (${driverName})`, () => {
  it('before the release day: the term is listed with its day, and its results answer 403 with the day', async () => {
    await publishAllHeld(t);
    const { terms } = await ok<TeacherTermsAnswer>(`/respondents/teachers/${ana.id}/results`, tokens.ana);
    expect(terms.map((term) => [term.periodo.id, term.released, term.results_release_day])).toEqual([
      [ids.periodo, false, addDays(END, 1)],
      [ids.earlierPeriodo, true, '2020-04-01'],
    ]);
    await refused(`/respondents/teachers/${ana.id}/results/${ids.active}`, tokens.ana, 403, resultsNotReleasedMessage(addDays(END, 1)));
    expect(resultsNotReleasedMessage(addDays(END, 1))).toContain(displayDay(addDays(END, 1)));
    const pdf = await get(`/respondents/teachers/${ana.id}/results/${ids.active}/pdf`, tokens.ana);
    expect(pdf.statusCode).toBe(403);
  });

  it('from the release day: their own results as the back office reports them, the trend, and no unreviewed comment', async () => {
    // Released with what was reviewed: nothing yet (teacher-comments.test.ts covers the review itself).
    expect((await putActive(activeBody({ resultsReleaseDay: today, releaseWaitsForReview: false }))).statusCode).toBe(200);
    const own = await ok<TeacherOwnResults>(`/respondents/teachers/${ana.id}/results/${ids.active}`, tokens.ana);
    const adminReport = await ok<TeacherReport>(`/reports/teachers/${ana.id}?cicleId=${ids.cycle}&periodoId=${ids.periodo}&campusId=${ids.campus}`, admin);
    const { comments: _c, commentsWithheld: _w, ...expected } = adminReport;
    expect(own.report).toEqual(expected);
    expect(own.report).toMatchObject({ withheld: false, n: 8, group: 'destacados' });
    expect(own.report.mean).toBeCloseTo((6 * 5 + 2 * 4) / 8, 10);
    expect(own.report.items[0]!.distribution.find((value) => value.value === 'excelente')!.n).toBe(6);
    expect(own.report.campusMean).not.toBeNull();
    // The small class (2) is hidden, and so is the other: the total minus it would give it back.
    expect(own.report.classes.map((row) => [row.name, row.withheld, row.n])).toEqual([
      ['Finanzas', true, null],
      ['Seminario', true, null],
    ]);
    expect(own.trend.map((point) => [point.periodo.id, point.n, point.mean, point.group])).toEqual([
      [ids.earlierPeriodo, 5, 3, 'insuficientes'],
      [ids.periodo, 8, own.report.mean, 'destacados'],
    ]);
    // Eight students wrote the same words: one comment, still in review.
    expect(own).toMatchObject({ comments: [], commentsInReview: 1, commentsNote: commentsInReviewNote(1) });
    expect(JSON.stringify(own)).not.toContain(SECRET_COMMENT);
    expect(own).not.toHaveProperty('report.comments');
  });

  it('as a PDF', async () => {
    const res = await get(`/respondents/teachers/${ana.id}/results/${ids.active}/pdf`, tokens.ana);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('never another teacher’s: their id is 403, and an application they were not evaluated in is 404', async () => {
    await refused(`/respondents/teachers/${ana.id}/results/${ids.active}`, tokens.beto, 403, OWN_RESULTS_ONLY_MESSAGE);
    await refused(`/respondents/teachers/${ana.id}/results`, tokens.beto, 403, OWN_RESULTS_ONLY_MESSAGE);
    await refused(`/respondents/teachers/${ana.id}/results/${ids.active}/pdf`, tokens.beto, 403, OWN_RESULTS_ONLY_MESSAGE);
    await refused(`/respondents/teachers/${ana.id}/results/${ids.active}`, tokens.student, 403, TEACHERS_ONLY_MESSAGE);
    await refused(`/respondents/teachers/${beto.id}/results/${ids.earlierActive}`, tokens.beto, 404, TEACHER_TERM_NOT_FOUND_MESSAGE);
  });

  it('a teacher with too few evaluations sees the rule, no figure of theirs', async () => {
    const own = await ok<TeacherOwnResults>(`/respondents/teachers/${beto.id}/results/${ids.active}`, tokens.beto);
    expect(own.report).toMatchObject({ withheld: true, n: null, mean: null, group: null, items: [], classes: [] });
    expect(own.trend).toEqual([{ periodo: { id: ids.periodo, nombre: expect.any(String) }, n: null, mean: null, group: null, withheld: true }]);
  });
});
