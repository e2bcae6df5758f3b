/**
 * Submissions sent at once share statements (features/surveys/submission-batches.ts):
 * each still gets its own answer, its own held response and completion, and
 * one respondent's double submission still meets the first one.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ANSWERED_MESSAGE, SURVEY_NOT_AVAILABLE_MESSAGE } from '@encuestas/core/api/surveys';
import { completions, heldResponses, students } from '../../src/db/schema';
import { TokenService } from '../../src/http/tokens';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { teacherEvaluationAnswers } from '../helpers/answers';
import { openedHeldResponses } from '../helpers/held';

interface Evaluation {
  studentId: number;
  token: string;
  sessionId: string;
  body: { activeId: number; cicleId: number; subject: string; idempotencyKey: string; answers: Record<string, string> };
}

describe(`submissions sent at once (${driverName})`, () => {
  let t: TestApp;
  /** One pending teacher evaluation per student, each with its own marker comment. */
  let evaluations: Evaluation[];
  const submit = (e: Evaluation, body = e.body) => t.request({ method: 'POST', url: `${API}/respondents/responses`, payload: body, token: e.token });
  const heldCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(heldResponses))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { ANONYMITY_BATCH: '100000' } });
    const tokens = new TokenService(t.db, TEST_JWT_SECRET);
    evaluations = [];
    for (const student of await t.db.select({ id: students.id }).from(students).orderBy(students.id)) {
      const token = await tokens.issue('student', student.id);
      const list = await t.request({ method: 'GET', url: `${API}/respondents/availability/encuestasDocente`, token });
      if (list.statusCode !== 200) continue;
      const pending = (list.json().encuestasDocente as { activeId: number; cicleId: number; subject: string; done: boolean }[]).filter((e) => !e.done);
      if (pending.length < 2) continue;
      const sessionId = (await tokens.verifySignature(token))!.sessionId;
      for (const entry of pending.slice(0, 2)) {
        const n = evaluations.length;
        evaluations.push({
          studentId: student.id,
          token,
          sessionId,
          body: { activeId: entry.activeId, cicleId: entry.cicleId, subject: entry.subject, idempotencyKey: `batch-test-${n}`, answers: teacherEvaluationAnswers(`marcador ${n}`) },
        });
      }
    }
    expect(evaluations.length).toBeGreaterThanOrEqual(8);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('many students at once: every submission is written once, with its own answers, class and segments', async () => {
    const batch = evaluations.filter((_, i) => i % 2 === 0);
    const before = await heldCount();
    const answered = await Promise.all(batch.map((e) => submit(e)));
    expect(answered.map((r) => r.statusCode)).toEqual(batch.map(() => 201));
    expect(await heldCount()).toBe(before + batch.length);
    const held = await openedHeldResponses(t.db);
    for (const e of batch) {
      const mine = held.filter((r) => (r.answers as { comments?: string }).comments === e.body.answers.comments);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ classId: Number(e.body.subject), activeId: e.body.activeId, cycleId: e.body.cicleId });
    }
    const written = await t.db.select().from(completions);
    for (const e of batch)
      expect(written.filter((c) => c.respondentId === e.studentId && c.idempotencyKey === e.body.idempotencyKey)).toHaveLength(1);
  });

  it('one student sending the same evaluation five times at once: one 201, the same key replays (200), another key is refused (409)', async () => {
    const e = evaluations[1]!;
    const before = await heldCount();
    const answered = await Promise.all([
      submit(e),
      submit(e),
      submit(e, { ...e.body, idempotencyKey: 'batch-test-other-1' }),
      submit(e, { ...e.body, idempotencyKey: 'batch-test-other-2' }),
      submit(e),
    ]);
    const statuses = answered.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // Whichever went first wins; the rest answer as a retry (its key) or a second submission (409).
    const firstKey = [e.body.idempotencyKey, e.body.idempotencyKey, 'batch-test-other-1', 'batch-test-other-2', e.body.idempotencyKey][statuses.indexOf(201)];
    answered.forEach((response, i) => {
      if (i === statuses.indexOf(201)) return;
      const key = i === 2 ? 'batch-test-other-1' : i === 3 ? 'batch-test-other-2' : e.body.idempotencyKey;
      if (key === firstKey) expect(response.statusCode).toBe(200);
      else {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.message).toBe(ALREADY_ANSWERED_MESSAGE);
      }
    });
    expect(await heldCount()).toBe(before + 1);
  });

  it('a refused submission among accepted ones at once refuses only itself', async () => {
    const remaining = evaluations.filter((_, i) => i % 2 === 1).slice(1);
    const [closedSession, notEnrolled, ...good] = remaining;
    await t.db.execute(sql`update session set revoked_at = now() where id = ${closedSession!.sessionId}`);
    const before = await heldCount();
    const answered = await Promise.all([
      submit(closedSession!),
      submit(notEnrolled!, { ...notEnrolled!.body, subject: '999999' }),
      ...good.map((e) => submit(e)),
    ]);
    expect(answered[0]!.statusCode).toBe(401);
    expect(answered[1]!.statusCode).toBe(403);
    expect(answered[1]!.json().error.message).toBe(SURVEY_NOT_AVAILABLE_MESSAGE);
    expect(answered.slice(2).map((r) => r.statusCode)).toEqual(good.map(() => 201));
    expect(await heldCount()).toBe(before + good.length);
  });
});
