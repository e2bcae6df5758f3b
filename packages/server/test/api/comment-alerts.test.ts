/**
 * Comment alerts (issue 21): each text's triage is stored when it is folded
 * (equal to triageComment, and the same after a rebuild); a holder of
 * 'Atender Alertas de Comentarios' lists the alerts of the campuses and
 * survey types granted, with the comment and its application, the teacher
 * only where the small-group rule lets a report show it, never the author;
 * marks one «Atendida», audited without the words; nothing is withheld.
 */
import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_NOT_FOUND, type CommentAlert, type CommentAlertsPage } from '@encuestas/core/api/comment-alerts';
import type { CommentReviewQueue } from '@encuestas/core/api/comment-review';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { activeCycles, actives, auditLog, campuses, classes, cycles, periods, responses, responseTexts, teachers } from '../../src/db/schema';
import { foldResponses, rebuildAggregates } from '../../src/features/aggregates/fold';
import { alertKey } from '../../src/features/comment-alerts/service';
import { triageComment } from '../../src/features/comment-triage';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';

const EVALUATION = 'alumnos/evaluacionDocente';
const SERVICES = 'alumnos/serviciosA';
const PASSWORD = 'Alertas-Prueba-2026!';
let t: TestApp;
const ids = { evaluation: 0, services: 0, campusA: 0, campusB: 0, periodo: 0, activeA: 0, activeB: 0, ana: 0, beto: 0 };
const tokens = { attender: '', evaluationOnly: '', otherCampus: '', reviewer: '' };

const HARASSMENT = 'El profesor me acosa después de clase y nadie hace nada';
const THREAT = 'Dijo que nos va a matar si reprobamos, da miedo';
const SELF_HARM = 'Ya no puedo más, a veces quiero morirme';
const SERVICES_ALERT = 'En la cafetería un guardia me amenazó con golpearme';
const ANA_COMMENTS = ['Explica con mucha claridad', 'Sus clases son claras y ordenadas', HARASSMENT, 'Muy puntual', 'Deja demasiadas tareas y no las revisa'];
/** Four comments: Beto's text cell stays under the small-group rule (5). */
const BETO_COMMENTS = ['Llega tarde', 'Es puntual', THREAT, 'Muy buen maestro'];

const rated = (comments: string): Answers => ({ ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, 'muyBuena'])), comments });

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

type Scope = { cycleId: number; activeId: number; campusId: number };
const response = (scope: Scope, kind: string, answers: Answers, directory: { teacherId: number; classId: number } | null): typeof responses.$inferInsert => ({
  id: randomUUID(),
  surveyKind: kind,
  questionnaireId: kind === EVALUATION ? 'alumnos-evaluacion-docente' : 'alumnos-servicios-a',
  questionnaireVersion: 1,
  ...scope,
  periodoId: ids.periodo,
  plan: 'ING',
  grupo: '2A',
  teacherId: directory?.teacherId ?? null,
  classId: directory?.classId ?? null,
  submittedOn: '2031-03-02',
  answers,
});

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  ids.evaluation = (await db.select().from(cycles).where(eq(cycles.surveyKind, EVALUATION)))[0]!.id;
  ids.services = (await db.select().from(cycles).where(eq(cycles.surveyKind, SERVICES)))[0]!.id;
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Alertas A' }, { nombre: 'Alertas B' }]).returning()).map((c) => c.id) as [number, number];
  ids.periodo = (await db.insert(periods).values({ nombre: '2032A', fechaInicio: '2032-01-15', fechaFin: '2032-06-30' }).returning())[0]!.id;
  const window = { periodoId: ids.periodo, startActive: '2032-03-01', endActive: '2032-04-30' };
  [ids.activeA, ids.activeB] = (await db.insert(actives).values([{ campusId: ids.campusA, ...window }, { campusId: ids.campusB, ...window }]).returning()).map((a) => a.id) as [
    number,
    number,
  ];
  await db.insert(activeCycles).values([
    { activeId: ids.activeA, cycleId: ids.evaluation },
    { activeId: ids.activeA, cycleId: ids.services },
    { activeId: ids.activeB, cycleId: ids.evaluation },
  ]);
  let pc = 432000000;
  const teacher = async (name: string, campusId: number) => {
    const [made] = await db.insert(teachers).values({ pcId: String(pc++), name, lastName: 'Alerta', campusId }).returning();
    const [klass] = await db.insert(classes).values({ code: `AL${made!.id}`, name: 'Materia Alerta', campusId, periodoId: ids.periodo, teacherId: made!.id, plan: 'ING', grupo: '2A' }).returning();
    return { teacherId: made!.id, classId: klass!.id };
  };
  const ana = await teacher('Ana', ids.campusA);
  const beto = await teacher('Beto', ids.campusA);
  const carla = await teacher('Carla', ids.campusB);
  [ids.ana, ids.beto] = [ana.teacherId, beto.teacherId];
  const evaluationA = { cycleId: ids.evaluation, activeId: ids.activeA, campusId: ids.campusA };
  const values = [
    ...ANA_COMMENTS.map((comment) => response(evaluationA, EVALUATION, rated(comment), ana)),
    ...BETO_COMMENTS.map((comment) => response(evaluationA, EVALUATION, rated(comment), beto)),
    ...ANA_COMMENTS.map((comment) => response({ cycleId: ids.evaluation, activeId: ids.activeB, campusId: ids.campusB }, EVALUATION, rated(comment.replace('me acosa', 'me acosó')), carla)),
    response({ cycleId: ids.services, activeId: ids.activeA, campusId: ids.campusA }, SERVICES, { comments: SERVICES_ALERT }, null),
    response({ cycleId: ids.services, activeId: ids.activeA, campusId: ids.campusA }, SERVICES, { comments: SELF_HARM }, null),
  ];
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(values).returning();
    await foldResponses(tx, inserted);
  });
  tokens.attender = await user('atiende@prueba.mx', [PERMISSIONS.attendCommentAlerts], [ids.campusA], [ids.evaluation, ids.services]);
  tokens.evaluationOnly = await user('atiende-docente@prueba.mx', [PERMISSIONS.attendCommentAlerts], [ids.campusA], [ids.evaluation]);
  tokens.otherCampus = await user('atiende-b@prueba.mx', [PERMISSIONS.attendCommentAlerts], [ids.campusB], [ids.evaluation, ids.services]);
  tokens.reviewer = await user('revisa@prueba.mx', [PERMISSIONS.reviewComments], [ids.campusA], [ids.evaluation]);
});
afterAll(async () => {
  await t?.close();
});

const list = (query = '', token = tokens.attender) => t.request({ method: 'GET', url: `${API}/comment-alerts${query}`, token });
const attend = (activeId: number, key: string, payload: object, token = tokens.attender) =>
  t.request({ method: 'PUT', url: `${API}/comment-alerts/${activeId}/${key}`, token, payload });
async function alerts(query = '?state=all&perPage=100', token = tokens.attender): Promise<CommentAlertsPage> {
  const answer = await list(query, token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CommentAlertsPage>();
}
const byText = (page: CommentAlertsPage, text: string): CommentAlert | undefined => page.alerts.find((alert) => alert.text === text);
const storedTriages = async () =>
  (await t.db.select({ text: responseTexts.text, tone: responseTexts.tone, category: responseTexts.alertCategory, matched: responseTexts.alertMatched }).from(responseTexts))
    .map((row) => JSON.stringify(row))
    .sort();

describe(`comment alerts (${driverName})`, () => {
  it('stores each text’s triage when it is folded, equal to triageComment, and the same after a rebuild', async () => {
    const rows = await t.db.select().from(responseTexts);
    expect(rows.length).toBe(ANA_COMMENTS.length * 2 + BETO_COMMENTS.length + 2);
    for (const row of rows) {
      const { tone, alert } = triageComment(row.text);
      expect({ tone: row.tone, category: row.alertCategory, matched: row.alertMatched }, row.text).toEqual({ tone, category: alert?.category ?? null, matched: alert?.matched ?? null });
    }
    expect(rows.filter((row) => row.alertCategory !== null).map((row) => row.text).sort()).toEqual(
      [HARASSMENT, HARASSMENT.replace('me acosa', 'me acosó'), THREAT, SERVICES_ALERT, SELF_HARM].sort(),
    );
    const before = await storedTriages();
    await rebuildAggregates(t.db);
    expect(await storedTriages()).toEqual(before);
  });

  it('lists the alerts of the granted campus with comment, category, matched words and application, never the author', async () => {
    const page = await alerts();
    expect(page.alerts.map((alert) => alert.text).sort()).toEqual([HARASSMENT, THREAT, SERVICES_ALERT, SELF_HARM].sort());
    expect(page.alerts[0]).toMatchObject({ text: SELF_HARM, category: 'autolesion', label: 'Autolesión o suicidio', matched: 'quiero morirme' });
    const harassment = byText(page, HARASSMENT)!;
    expect(harassment).toMatchObject({
      category: 'acoso',
      label: 'Acoso u hostigamiento',
      matched: 'acosa',
      copies: 1,
      teacher: { id: ids.ana, name: 'Ana Alerta' },
      smallGroup: false,
      attended: null,
      application: { id: ids.activeA, campus: { id: ids.campusA, nombre: 'Alertas A' }, periodo: { id: ids.periodo, nombre: '2032A' }, surveyType: { id: ids.evaluation } },
    });
    // A services survey's alert: its application and survey type, no teacher (there is none).
    expect(byText(page, SERVICES_ALERT)).toMatchObject({ category: 'amenaza', teacher: null, smallGroup: false, application: { surveyType: { id: ids.services } } });
    // Nothing that points at the author: no class, plan, group, day, response or text id.
    for (const alert of page.alerts) {
      expect(Object.keys(alert).sort()).toEqual(['application', 'attended', 'category', 'copies', 'key', 'label', 'matched', 'smallGroup', 'teacher', 'text']);
    }
    expect(JSON.stringify(page)).not.toMatch(/"2A"|"ING"|2032-03-02|Materia Alerta/);
    expect(page.counts).toEqual({ open: 4, attended: 0 });
  });

  it('lists an alert whose text cell is under the small-group rule at the application only, without its teacher', async () => {
    const threat = byText(await alerts(), THREAT)!;
    expect(threat).toMatchObject({ category: 'amenaza', teacher: null, smallGroup: true, application: { id: ids.activeA } });
    expect(JSON.stringify(threat)).not.toContain('Beto');
    // Its key hashes no teacher: Beto's id cannot be found by trying every teacher's id against it.
    const place = { activeId: ids.activeA, cycleId: ids.evaluation, itemId: 'comments' };
    expect(threat.key).toBe(alertKey({ ...place, shownTeacherId: null }, THREAT));
  });

  it('filters by category, period, campus and survey type; a grant of only the teacher evaluation hides the services alerts', async () => {
    expect((await alerts('?state=all&category=amenaza')).alerts.map((alert) => alert.text).sort()).toEqual([THREAT, SERVICES_ALERT].sort());
    expect((await alerts(`?state=all&cycleId=${ids.services}`)).alerts.map((alert) => alert.text).sort()).toEqual([SERVICES_ALERT, SELF_HARM].sort());
    expect((await alerts(`?state=all&campusId=${ids.campusA}&periodoId=${ids.periodo}`)).total).toBe(4);
    const otherPeriod = (await t.db.insert(periods).values({ nombre: '2032B', fechaInicio: '2032-08-01', fechaFin: '2032-12-15' }).returning())[0]!.id;
    expect((await alerts(`?state=all&periodoId=${otherPeriod}`)).total).toBe(0);
    expect((await alerts('?state=all', tokens.evaluationOnly)).alerts.map((alert) => alert.text).sort()).toEqual([HARASSMENT, THREAT].sort());
    expect((await list(`?cycleId=${ids.services}`, tokens.evaluationOnly)).statusCode).toBe(403);
    const paged = await alerts('?state=all&perPage=1&page=2');
    expect([paged.total, paged.alerts.length, paged.page]).toEqual([4, 1, 2]);
  });

  it('answers only holders of the permission, and a user of another campus sees nothing of this one', async () => {
    expect((await list('', tokens.reviewer)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${API}/comment-alerts` })).statusCode).toBe(401);
    const other = await alerts('?state=all', tokens.otherCampus);
    expect(other.alerts.map((alert) => alert.application.campus.id)).toEqual([ids.campusB]);
    expect(other.alerts[0]!.teacher).toMatchObject({ name: 'Carla Alerta' });
    const asked = await list(`?campusId=${ids.campusA}`, tokens.otherCampus);
    expect(asked.statusCode).toBe(403);
    expect(asked.json<{ error: { message: string } }>().error.message).toBe(CAMPUS_NOT_GRANTED);
    const key = byText(await alerts(), HARASSMENT)!.key;
    expect((await attend(ids.activeA, key, { note: 'Intento desde otro campus' }, tokens.otherCampus)).statusCode).toBe(403);
    // Campus B's alert through campus A's application: not there.
    expect((await attend(ids.activeA, other.alerts[0]!.key, { note: 'Atendida por error' })).statusCode).toBe(404);
  });

  it('refuses bad input in Spanish', async () => {
    for (const query of ['?category=otra', '?state=cerrada', '?campusId=abc', '?periodoId=0', '?perPage=1000']) {
      const answer = await list(query);
      expect(answer.statusCode, query).toBe(422);
      expect(looksSpanish(answer.json<{ error: { message: string } }>().error.message), query).toBe(true);
    }
    const key = byText(await alerts(), HARASSMENT)!.key;
    for (const payload of [{}, { note: ' ' }, { note: 'x'.repeat(501) }, { note: 'nota\u0000' }]) {
      const answer = await attend(ids.activeA, key, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(looksSpanish(answer.json<{ error: { message: string } }>().error.message)).toBe(true);
    }
    const unknown = await attend(ids.activeA, 'a'.repeat(64), { note: 'Se turnó al comité' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe(ALERT_NOT_FOUND);
    expect((await attend(999_999, key, { note: 'Se turnó al comité' })).statusCode).toBe(404);
    expect((await attend(ids.activeA, 'no-es-clave', { note: 'Se turnó al comité' })).statusCode).toBe(422);
  });

  it('marks an alert «Atendida» with a note, audited without the words or the note; the state outlives a rebuild', async () => {
    const key = byText(await alerts(), HARASSMENT)!.key;
    const answer = await attend(ids.activeA, key, { note: 'Se turnó al comité de género el mismo día' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ message: string; alert: CommentAlert }>()).toMatchObject({
      message: 'Alerta marcada como atendida.',
      alert: { key, attended: { note: 'Se turnó al comité de género el mismo día', by: 'Prueba' } },
    });
    expect((await alerts('')).alerts.map((alert) => alert.text)).not.toContain(HARASSMENT);
    expect((await alerts('?state=attended')).alerts.map((alert) => alert.text)).toEqual([HARASSMENT]);
    expect((await alerts('?state=all')).counts).toEqual({ open: 3, attended: 1 });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'attend-comment-alert'));
    expect(entries.map((entry) => entry.details)).toEqual([{ category: 'acoso' }]);
    expect(JSON.stringify(entries)).not.toMatch(/acosa|comité/);
    await rebuildAggregates(t.db);
    expect((await alerts('?state=attended')).alerts.map((alert) => alert.key)).toEqual([key]);
  });

  it('withholds nothing: an alert comment still reaches the review queue and stays stored', async () => {
    const queue = await t.request({ method: 'GET', url: `${API}/comment-review/${ids.activeA}?status=all&perPage=100`, token: tokens.reviewer });
    expect(queue.statusCode, queue.body).toBe(200);
    const comments = queue.json<CommentReviewQueue>().comments;
    expect(comments[0]).toMatchObject({ text: HARASSMENT, triage: { alert: { category: 'acoso', matched: 'acosa' } } });
    expect(comments.map((comment) => comment.text).sort()).toEqual([...ANA_COMMENTS].sort());
    const stored = await t.db.select({ text: responseTexts.text }).from(responseTexts).where(isNotNull(responseTexts.alertCategory));
    expect(stored).toHaveLength(5);
  });
});
