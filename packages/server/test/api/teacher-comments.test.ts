/**
 * Teachers read their reviewed comments (issue 21): only what a reviewer
 * published, a redacted comment in its redacted words only, never a withheld
 * or pending one; an application that waits for the review holds a teacher's
 * results while a comment of theirs is pending, and never another teacher's;
 * one that releases what was reviewed shows the reviewed ones and a count of
 * the rest; comments under the small-group rule are never shown and hold
 * nothing. The actives API carries the choice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveAnswer } from '@encuestas/core/api/actives';
import { REDACTION_MARK, type CommentReviewApplications, type CommentReviewQueue } from '@encuestas/core/api/comment-review';
import { PERMISSIONS } from '@encuestas/core/permissions';
import {
  commentsInReviewNote,
  commentsWithheldNote,
  OWN_RESULTS_ONLY_MESSAGE,
  RESULTS_AWAIT_REVIEW_MESSAGE,
  type TeacherOwnResults,
} from '@encuestas/core/api/teacher-results';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { classes, responses } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod, createTeacher, type Person } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

const KIND = 'alumnos/evaluacionDocente';
const today = mexicoCityDay();
const START = addDays(today, -7);
const END = addDays(today, 35);

const INSULT = 'Explica bien pero el ayudante Pedro Gómez es un idiota';
const HARASSMENT = 'El profesor me acosa después de clase y nadie hace nada';
const ANA = ['Explica con mucha claridad', 'Sus clases son claras y ordenadas', INSULT, HARASSMENT, 'Deja demasiadas tareas y no las revisa', 'Muy puntual'];
const BETO = ['Llega tarde', 'Es puntual', 'Clases aburridas', 'Muy buen maestro', 'Revisa rápido las tareas'];
const CARLA = ['Comentario de un grupo pequeño', 'Otro comentario pequeño', 'Tercero pequeño'];

let t: TestApp;
const ids = { campus: 0, otherCampus: 0, spareCampus: 0, periodo: 0, active: 0, otherActive: 0, cycle: 0 };
const people: Record<'ana' | 'beto' | 'carla', Person> = {} as never;
const tokens = { admin: '', reviewer: '', otherReviewer: '', ana: '', beto: '', carla: '' };

/** Evaluations of a teacher's class folded as the mover folds them: one per comment, and `silent` more without one. */
async function evaluations(teacher: Person, comments: readonly string[], silent = 0) {
  const [klass] = await t.db
    .insert(classes)
    .values({ code: `C-${randomUUID().slice(0, 8)}`, name: 'Materia', campusId: ids.campus, periodoId: ids.periodo, teacherId: teacher.id, plan: 'ING', grupo: '2A' })
    .returning({ id: classes.id });
  const ratings = Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, 'muyBuena']));
  const rows = [...comments.map((comments) => ({ ...ratings, comments })), ...Array.from({ length: silent }, () => ratings)].map((answers) => ({
    id: randomUUID(),
    surveyKind: KIND,
    questionnaireId: 'alumnos-evaluacion-docente',
    questionnaireVersion: 1,
    cycleId: ids.cycle,
    activeId: ids.active,
    campusId: ids.campus,
    periodoId: ids.periodo,
    plan: 'ING',
    grupo: '2A',
    teacherId: teacher.id,
    classId: klass!.id,
    submittedOn: START,
    answers,
  }));
  await t.db.transaction(async (tx) => foldResponses(tx, await tx.insert(responses).values(rows).returning()));
}

const get = (path: string, token: string) => t.request({ method: 'GET', url: `${API}${path}`, token });
const resultsOf = (who: 'ana' | 'beto' | 'carla') => get(`/respondents/teachers/${people[who].id}/results/${ids.active}`, tokens[who]);
async function own(who: 'ana' | 'beto' | 'carla'): Promise<TeacherOwnResults> {
  const response = await resultsOf(who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TeacherOwnResults>();
}
const putActive = (payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `${API}/actives/${ids.active}`, token: tokens.admin, payload: { startDate: START, endDate: END, cicles: [ids.cycle], ...payload } });
async function queue(): Promise<CommentReviewQueue> {
  const response = await get(`/comment-review/${ids.active}?status=all&perPage=100`, tokens.reviewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommentReviewQueue>();
}
async function decide(text: string, body: object) {
  const key = (await queue()).comments.find((comment) => comment.text === text)!.key;
  const response = await t.request({ method: 'PUT', url: `${API}/comment-review/${ids.active}/comments/${key}`, token: tokens.reviewer, payload: body });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  ids.campus = await createCampus(t.db, 'Campus Comentarios');
  ids.otherCampus = await createCampus(t.db, 'Campus Ajeno');
  ids.spareCampus = await createCampus(t.db, 'Campus Nuevo');
  ids.periodo = await createPeriod(t.db);
  const created = await createApplication(t.db, { campusId: ids.campus, periodoId: ids.periodo, kinds: [KIND], startActive: START, endActive: END });
  ids.active = created.activeId;
  ids.cycle = created.cycleIds[KIND]!;
  ids.otherActive = (await createApplication(t.db, { campusId: ids.otherCampus, periodoId: ids.periodo, kinds: [KIND], startActive: START, endActive: END })).activeId;
  tokens.admin = (await createAdmin(t)).token;
  tokens.reviewer = await signedInAdmin(t, { email: 'revisor@prueba.mx', password: 'Revisor-Prueba-2026!', permissionNames: [PERMISSIONS.reviewComments], campusIds: [ids.campus], cycleIds: [ids.cycle] });
  tokens.otherReviewer = await signedInAdmin(t, { email: 'revisor-ajeno@prueba.mx', password: 'Revisor-Prueba-2026!', permissionNames: [PERMISSIONS.reviewComments], campusIds: [ids.otherCampus], cycleIds: [ids.cycle] });
  for (const who of ['ana', 'beto', 'carla'] as const) people[who] = await createTeacher(t.db, { campusId: ids.campus });
  await evaluations(people.ana, ANA);
  await evaluations(people.beto, BETO);
  // Carla: six evaluations, three of them with a comment: her figures show, her comments never (under the rule).
  await evaluations(people.carla, CARLA, 3);
  for (const who of ['ana', 'beto', 'carla'] as const) tokens[who] = await respondentToken(t, people[who].pcId);
  // The release day is today; the application waits for the review (the default).
  const released = await putActive({ resultsReleaseDay: today });
  expect(released.statusCode, released.body).toBe(200);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe(`teachers and the comment review (${driverName})`, () => {
  it('the actives API: a new application waits for the review; an edit that leaves it out keeps it; a non-boolean is refused in Spanish', async () => {
    const { active } = (await get(`/active/${ids.active}`, tokens.admin)).json<ActiveAnswer>();
    expect(active.release_waits_for_review).toBe(true);
    const bad = await putActive({ releaseWaitsForReview: 'quizá' });
    expect(bad.statusCode).toBe(422);
    expect(looksSpanish(bad.json<{ error: { message: string } }>().error.message)).toBe(true);
    const created = await t.request({
      method: 'POST',
      url: `${API}/actives`,
      token: tokens.admin,
      payload: { campusId: ids.spareCampus, periodoId: ids.periodo, startDate: START, endDate: END, cicles: [ids.cycle], releaseWaitsForReview: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<ActiveAnswer>().active.release_waits_for_review).toBe(false);
  });

  it('the reviewer lists only the applications of their campuses', async () => {
    const mine = (await get('/comment-review', tokens.reviewer)).json<CommentReviewApplications>();
    expect(mine.applications.map((a) => a.id)).toEqual([ids.active]);
    expect(mine.applications[0]).toMatchObject({ campus: { id: ids.campus }, results_release_day: today, releaseWaitsForReview: true });
    const theirs = (await get('/comment-review', tokens.otherReviewer)).json<CommentReviewApplications>();
    expect(theirs.applications.map((a) => a.id)).not.toContain(ids.active);
    expect((await get(`/comment-review/${ids.active}`, tokens.otherReviewer)).statusCode).toBe(403);
  });

  it('while the application waits: a teacher with pending comments gets 403 in Spanish; one whose comments are under the rule reads results without comments', async () => {
    for (const who of ['ana', 'beto'] as const) {
      const response = await resultsOf(who);
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(RESULTS_AWAIT_REVIEW_MESSAGE);
      expect((await get(`/respondents/teachers/${people[who].id}/results/${ids.active}/pdf`, tokens[who])).statusCode).toBe(403);
    }
    const carla = await own('carla');
    expect(carla.report.withheld).toBe(false);
    expect(carla.comments).toEqual([]);
    expect(carla.commentsNote).toBe(commentsWithheldNote(5));
    expect(JSON.stringify(carla)).not.toMatch(/pequeño/);
    // Nothing of Carla's is in the queue either: a reviewer reads only what a teacher could.
    expect((await queue()).comments.some((comment) => CARLA.includes(comment.text))).toBe(false);
  });

  it('once every comment of Ana is reviewed she reads the published ones and the redacted words only; Beto, still pending, waits', async () => {
    for (const text of [ANA[0]!, ANA[1]!, ANA[4]!]) await decide(text, { decision: 'published' });
    const start = INSULT.indexOf('Pedro Gómez');
    await decide(INSULT, { decision: 'redacted', spans: [{ start, end: start + 'Pedro Gómez'.length }] });
    await decide(ANA[5]!, { decision: 'withheld', reason: 'Prueba de retención' });
    expect((await resultsOf('ana')).statusCode).toBe(403); // the harassment comment is still pending
    await decide(HARASSMENT, { decision: 'withheld', reason: 'Se turnó a la coordinación por posible acoso' });

    const ana = await own('ana');
    expect(ana.comments.map((comment) => comment.text).sort()).toEqual(
      [ANA[0]!, ANA[1]!, ANA[4]!, `Explica bien pero el ayudante ${REDACTION_MARK} es un idiota`].sort(),
    );
    expect(ana.comments.find((comment) => comment.redacted)).toMatchObject({ copies: 1 });
    expect(ana).toMatchObject({ commentsInReview: 0, commentsNote: null });
    const body = JSON.stringify(ana);
    for (const hidden of ['Pedro', 'acosa', 'Muy puntual', 'Prueba de retención', 'coordinación']) expect(body).not.toContain(hidden);
    const pdf = await get(`/respondents/teachers/${people.ana.id}/results/${ids.active}/pdf`, tokens.ana);
    expect(pdf.statusCode).toBe(200);
    expect((await resultsOf('beto')).statusCode).toBe(403);
  });

  it('a reviewer’s change of mind reaches the teacher: a published comment withheld is gone', async () => {
    await decide(ANA[0]!, { decision: 'withheld', reason: 'Revisado de nuevo' });
    expect((await own('ana')).comments.map((comment) => comment.text)).not.toContain(ANA[0]);
  });

  it('an application that releases what was reviewed: Beto reads his results, the reviewed comments and how many are still in review', async () => {
    const saved = await putActive({ releaseWaitsForReview: false });
    expect(saved.json<ActiveAnswer>().active.release_waits_for_review).toBe(false);
    expect((await putActive({})).json<ActiveAnswer>().active.release_waits_for_review).toBe(false);
    const before = await own('beto');
    expect(before.comments).toEqual([]);
    expect(before).toMatchObject({ commentsInReview: BETO.length, commentsNote: commentsInReviewNote(BETO.length) });
    for (const text of BETO) expect(JSON.stringify(before)).not.toContain(text);
    await decide(BETO[3]!, { decision: 'published' });
    const after = await own('beto');
    expect(after.comments).toEqual([{ text: BETO[3], copies: 1, redacted: false }]);
    expect(after.commentsInReview).toBe(BETO.length - 1);
  });

  it('never another teacher’s results: their id is 403', async () => {
    const response = await get(`/respondents/teachers/${people.ana.id}/results/${ids.active}`, tokens.beto);
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(OWN_RESULTS_ONLY_MESSAGE);
  });
});
