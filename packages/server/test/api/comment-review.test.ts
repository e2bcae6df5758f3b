/**
 * The comment review queue (issue 21): a reviewer with 'Revisar Comentarios'
 * and the campus sees the comments teachers could read (text cells at the
 * small-group rule), alerts first, with nothing of the author; publishes,
 * redacts and withholds them, audited without the words; decisions outlive a
 * rebuild of the aggregates; and nobody else gets in.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_NOT_FOUND, REDACTION_MARK, SPANS_OUT_OF_TEXT, type CommentReviewQueue, type ReviewedComment } from '@encuestas/core/api/comment-review';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { activeCycles, actives, auditLog, campuses, classes, commentReviews, cycles, periods, responses, teachers } from '../../src/db/schema';
import { foldResponses, rebuildAggregates } from '../../src/features/aggregates/fold';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const KIND = 'alumnos/evaluacionDocente';
const PASSWORD = 'Revision-Prueba-2026!';
let t: TestApp;
const ids = { cycle: 0, servicesCycle: 0, campusA: 0, campusB: 0, periodo: 0, activeA: 0, activeB: 0, servicesOnly: 0 };
const tokens = { reviewer: '', otherCampus: '', noPermission: '' };

const HARASSMENT = 'El profesor me acosa después de clase y nadie hace nada';
const INSULT = 'Explica bien pero el ayudante Pedro Gómez es un idiota';
const ANA_COMMENTS = ['Explica con mucha claridad', 'Sus clases son claras y ordenadas', HARASSMENT, INSULT, 'Deja demasiadas tareas y no las revisa'];
const BETO_COMMENTS = ['Llega tarde', 'Es puntual', 'Clases aburridas', 'Muy buen maestro'];

const rated = (comments: string): Answers => ({ ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, 'muyBuena'])), comments });

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  ids.servicesCycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA')))[0]!.id;
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Revisión A' }, { nombre: 'Revisión B' }]).returning()).map((c) => c.id) as [number, number];
  ids.periodo = (await db.insert(periods).values({ nombre: '2031A', fechaInicio: '2031-01-15', fechaFin: '2031-06-30' }).returning())[0]!.id;
  const window = { periodoId: ids.periodo, startActive: '2031-03-01', endActive: '2031-04-30' };
  [ids.activeA, ids.activeB, ids.servicesOnly] = (
    await db.insert(actives).values([{ campusId: ids.campusA, ...window }, { campusId: ids.campusB, ...window }, { campusId: ids.campusA, ...window }]).returning()
  ).map((a) => a.id) as [number, number, number];
  await db.insert(activeCycles).values([
    { activeId: ids.activeA, cycleId: ids.cycle },
    { activeId: ids.activeB, cycleId: ids.cycle },
    { activeId: ids.servicesOnly, cycleId: ids.servicesCycle },
  ]);
  const teacherIds: number[] = [];
  let pc = 431000000;
  for (const [name, campusId] of [['Ana', ids.campusA], ['Beto', ids.campusA], ['Carla', ids.campusB]] as const) {
    teacherIds.push((await db.insert(teachers).values({ pcId: String(pc++), name, lastName: 'Revisión', campusId }).returning())[0]!.id);
  }
  const rows = [
    [teacherIds[0]!, ids.campusA, ids.activeA, ANA_COMMENTS],
    [teacherIds[1]!, ids.campusA, ids.activeA, BETO_COMMENTS],
    [teacherIds[2]!, ids.campusB, ids.activeB, ANA_COMMENTS],
  ] as const;
  const values: (typeof responses.$inferInsert)[] = [];
  for (const [teacherId, campusId, activeId, comments] of rows) {
    const [klass] = await db.insert(classes).values({ code: `R${teacherId}`, name: 'Materia', campusId, periodoId: ids.periodo, teacherId, plan: 'ING', grupo: '2A' }).returning();
    for (const comment of comments) {
      values.push({
        id: randomUUID(),
        surveyKind: KIND,
        questionnaireId: 'alumnos-evaluacion-docente',
        questionnaireVersion: 1,
        cycleId: ids.cycle,
        activeId,
        campusId,
        periodoId: ids.periodo,
        plan: 'ING',
        grupo: '2A',
        teacherId,
        classId: klass!.id,
        submittedOn: '2031-03-02',
        answers: rated(comment),
      });
    }
  }
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(values).returning();
    await foldResponses(tx, inserted);
  });
  tokens.reviewer = await user('revisora@prueba.mx', [PERMISSIONS.reviewComments], [ids.campusA], [ids.cycle, ids.servicesCycle]);
  tokens.otherCampus = await user('revisora-b@prueba.mx', [PERMISSIONS.reviewComments], [ids.campusB], [ids.cycle]);
  tokens.noPermission = await user('reportes@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB], [ids.cycle]);
});
afterAll(async () => {
  await t?.close();
});

const queue = (activeId: number, query = '', token = tokens.reviewer) => t.request({ method: 'GET', url: `${API}/comment-review/${activeId}${query}`, token });
const decide = (activeId: number, key: string, payload: object, token = tokens.reviewer) =>
  t.request({ method: 'PUT', url: `${API}/comment-review/${activeId}/comments/${key}`, token, payload });
async function pending(activeId = ids.activeA): Promise<CommentReviewQueue> {
  const response = await queue(activeId, '?status=all&perPage=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommentReviewQueue>();
}
const byText = (list: CommentReviewQueue, text: string): ReviewedComment => list.comments.find((comment) => comment.text === text)!;

describe(`comment review (${driverName})`, () => {
  it('lists the comments a teacher could read, the alert first, with the teacher and nothing of the author', async () => {
    const list = await pending();
    expect(list.total).toBe(ANA_COMMENTS.length);
    expect(new Set(list.comments.map((comment) => comment.text))).toEqual(new Set(ANA_COMMENTS));
    // Beto's four comments stay under the small-group rule: he would see none, so there is nothing to review.
    expect(list.comments.some((comment) => BETO_COMMENTS.includes(comment.text))).toBe(false);
    expect(list.comments[0]!.text).toBe(HARASSMENT);
    expect(list.comments[0]!.triage.alert).toMatchObject({ category: 'acoso' });
    expect(list.counts).toEqual({ pending: 5, published: 0, redacted: 0, withheld: 0 });
    expect(list.application).toMatchObject({ id: ids.activeA, campus: { id: ids.campusA, nombre: 'Revisión A' }, releaseWaitsForReview: true });
    // Nothing that points at the author: no class, group, plan, day or response id.
    for (const comment of list.comments) expect(Object.keys(comment).sort()).toEqual(['copies', 'key', 'review', 'teacher', 'text', 'triage']);
    expect(JSON.stringify(list)).not.toMatch(/2A|ING|2031-03-02/);
  });

  it('publishes, redacts a span and withholds with a reason; the queue and its counts follow, audited without the words', async () => {
    const list = await pending();
    const published = await decide(ids.activeA, byText(list, ANA_COMMENTS[0]!).key, { decision: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ message: string }>().message).toBe('Comentario publicado.');

    const start = INSULT.indexOf('Pedro Gómez');
    const redacted = await decide(ids.activeA, byText(list, INSULT).key, { decision: 'redacted', spans: [{ start, end: INSULT.length }] });
    expect(redacted.statusCode, redacted.body).toBe(200);
    expect(redacted.json<{ comment: ReviewedComment }>().comment.review).toMatchObject({ decision: 'redacted', publishedText: `Explica bien pero el ayudante ${REDACTION_MARK}` });

    const withheld = await decide(ids.activeA, byText(list, HARASSMENT).key, { decision: 'withheld', reason: 'Se turnó a la coordinación por posible acoso' });
    expect(withheld.statusCode, withheld.body).toBe(200);

    const after = await pending();
    expect(after.counts).toEqual({ pending: 2, published: 1, redacted: 1, withheld: 1 });
    const pendingOnly = (await queue(ids.activeA)).json<CommentReviewQueue>();
    expect(pendingOnly.comments.map((comment) => comment.review)).toEqual([null, null]);
    const reviewed = (await queue(ids.activeA, '?status=reviewed')).json<CommentReviewQueue>();
    expect(reviewed.total).toBe(3);
    expect(byText(reviewed, HARASSMENT).review).toMatchObject({ decision: 'withheld', reason: 'Se turnó a la coordinación por posible acoso', reviewer: 'Prueba' });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review-comment'));
    expect(entries).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toMatch(/acosa|idiota|claridad/);
  });

  it('a second decision on the same comment replaces the first (one row)', async () => {
    const key = byText(await pending(), ANA_COMMENTS[0]!).key;
    expect((await decide(ids.activeA, key, { decision: 'withheld', reason: 'Revisado de nuevo' })).statusCode).toBe(200);
    expect((await decide(ids.activeA, key, { decision: 'published' })).statusCode).toBe(200);
    const rows = await t.db.select().from(commentReviews).where(eq(commentReviews.textKey, key));
    expect(rows.map((row) => row.decision)).toEqual(['published']);
  });

  it('refuses bad decisions in Spanish: spans outside the text or overlapping, a withholding without reason, an unknown comment', async () => {
    const key = byText(await pending(), ANA_COMMENTS[1]!).key;
    const outside = await decide(ids.activeA, key, { decision: 'redacted', spans: [{ start: 0, end: 500 }] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json<{ error: { message: string } }>().error.message).toBe(SPANS_OUT_OF_TEXT);
    const overlapping = await decide(ids.activeA, key, { decision: 'redacted', spans: [{ start: 0, end: 5 }, { start: 3, end: 8 }] });
    expect(overlapping.statusCode).toBe(422);
    for (const payload of [{ decision: 'withheld' }, { decision: 'withheld', reason: ' ' }, { decision: 'borrar' }, { decision: 'redacted', spans: [] }]) {
      const response = await decide(ids.activeA, key, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(looksSpanish(response.json<{ error: { message: string } }>().error.message)).toBe(true);
    }
    const unknown = await decide(ids.activeA, 'a'.repeat(64), { decision: 'published' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe(COMMENT_NOT_FOUND);
    expect((await decide(ids.activeA, 'not-a-key', { decision: 'published' })).statusCode).toBe(422);
  });

  it('keeps every decision through a rebuild of the aggregates (the texts get new ids)', async () => {
    const before = await pending();
    await rebuildAggregates(t.db);
    const after = await pending();
    expect(after.counts).toEqual(before.counts);
    expect(after.comments.map((comment) => [comment.key, comment.review?.decision ?? null])).toEqual(before.comments.map((comment) => [comment.key, comment.review?.decision ?? null]));
  });

  it('narrows the queue to one teacher (the counts follow) and names every teacher with their pending ones', async () => {
    const all = await pending();
    const ana = all.teachers.find((teacher) => teacher.name.startsWith('Ana'))!;
    expect(all.teachers.map((teacher) => teacher.name)).toEqual(['Ana Revisión']);
    const only = (await queue(ids.activeA, `?status=all&teacherId=${ana.id}`)).json<CommentReviewQueue>();
    expect(only.comments.every((comment) => comment.teacher.id === ana.id)).toBe(true);
    expect(ana.pending).toBe(only.counts.pending);
    const nobody = (await queue(ids.activeA, '?status=all&teacherId=999999')).json<CommentReviewQueue>();
    expect(nobody).toMatchObject({ total: 0, counts: { pending: 0, published: 0, redacted: 0, withheld: 0 } });
  });

  it('lists the applications a reviewer may open: their campuses’ teacher evaluations only', async () => {
    const mine = (await t.request({ method: 'GET', url: `${API}/comment-review`, token: tokens.reviewer })).json<{ applications: { id: number }[] }>();
    expect(mine.applications.map((application) => application.id)).toEqual([ids.activeA]);
    const theirs = (await t.request({ method: 'GET', url: `${API}/comment-review`, token: tokens.otherCampus })).json<{ applications: { id: number }[] }>();
    expect(theirs.applications.map((application) => application.id)).toEqual([ids.activeB]);
    expect((await t.request({ method: 'GET', url: `${API}/comment-review`, token: tokens.noPermission })).statusCode).toBe(403);
  });

  it('answers only a reviewer of the campus: 403 without the permission or the campus, 404 for no application or no teacher evaluation', async () => {
    expect((await queue(ids.activeA, '', tokens.noPermission)).statusCode).toBe(403);
    const otherCampus = await queue(ids.activeA, '', tokens.otherCampus);
    expect(otherCampus.statusCode).toBe(403);
    expect(otherCampus.json<{ error: { message: string } }>().error.message).toBe(CAMPUS_NOT_GRANTED);
    expect((await queue(ids.activeB, '')).statusCode).toBe(403);
    expect((await queue(999_999, '')).statusCode).toBe(404);
    expect((await queue(ids.servicesOnly, '')).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${API}/comment-review/${ids.activeA}` })).statusCode).toBe(401);
    // A comment of campus B, decided through campus A's application: not there.
    const keyInB = (await queue(ids.activeB, '?status=all', tokens.otherCampus)).json<CommentReviewQueue>().comments[0]!.key;
    expect((await decide(ids.activeA, keyInB, { decision: 'published' })).statusCode).toBe(404);
    expect((await decide(ids.activeB, keyInB, { decision: 'published' })).statusCode).toBe(403);
  });
});
