/**
 * The response pipeline's write path and mover: a submission's response is
 * held, not published; the mover publishes held responses only in batches of
 * at least ANONYMITY_BATCH, shuffled, under fresh ids, in one statement
 * (all or nothing), one mover at a time; held rows are never shown by the API.
 */
import { createSecretKey } from 'node:crypto';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mexicoCityDay } from '@encuestas/core/dates';
import { queryRows } from '../../src/db/client';
import { pgErrorCode } from '../../src/db/errors';
import { DEMO_ADMIN } from '../../src/db/seed/demo';
import { classes, completions, enrolments, heldResponses, responses, students } from '../../src/db/schema';
import { foldWrites } from '../../src/features/aggregates/fold';
import { HeldAnswersKeyError } from '../../src/features/responses/held-seal';
import {
  EMBEDDED_SETS_PER_BATCH,
  SERVER_SETS_PER_BATCH,
  heldResponseCount,
  MOVER_LOCK_KEY,
  publishHeldResponses,
  publishRemainders,
  startResponseMover,
  type ResponseRow,
} from '../../src/features/responses/mover';
import { startMoverThread } from '../../src/features/responses/mover-thread';
import { TokenService } from '../../src/http/tokens';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { holdResponses, openedHeldResponses, testHeldKey } from '../helpers/held';
import { teacherEvaluationAnswers } from '../helpers/answers';
import { BACKGROUND_WAIT_MS } from '../helpers/timeouts';

interface Evaluation {
  token: string;
  body: { activeId: number; cicleId: number; subject: string; idempotencyKey: string; answers: Record<string, string> };
}

/** Every teacher evaluation the demo's students can submit, each with its own comment as a marker. */
async function pendingEvaluations(t: TestApp, marker: string): Promise<Evaluation[]> {
  const tokens = new TokenService(t.db, TEST_JWT_SECRET);
  const all: Evaluation[] = [];
  for (const student of await t.db.select({ id: students.id }).from(students).orderBy(students.id)) {
    const token = await tokens.issue('student', student.id);
    const list = await t.request({ method: 'GET', url: `${API}/respondents/availability/encuestasDocente`, token });
    if (list.statusCode !== 200) continue;
    for (const entry of list.json().encuestasDocente as { activeId: number; cicleId: number; subject: string; done: boolean }[]) {
      if (entry.done) continue;
      const n = all.length;
      all.push({
        token,
        body: { activeId: entry.activeId, cicleId: entry.cicleId, subject: entry.subject, idempotencyKey: `mover-test-${marker}-${n}`, answers: teacherEvaluationAnswers(`${marker} ${n}`) },
      });
    }
  }
  return all;
}

const submit = (t: TestApp, e: Evaluation) => t.request({ method: 'POST', url: `${API}/respondents/responses`, payload: e.body, token: e.token });
const count = async (t: TestApp, table: typeof responses | typeof heldResponses) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** Held rows made from a real held response, each with a numbered marker answer (to follow it through the move). */
async function holdCopies(t: TestApp, template: ResponseRow, markers: string[]): Promise<void> {
  await holdResponses(t.db, markers.map((marker) => ({ ...template, id: crypto.randomUUID(), answers: { marker } })));
}
const markersIn = async (t: TestApp, table: typeof responses | typeof heldResponses) =>
  (table === responses ? await t.db.select().from(responses) : await openedHeldResponses(t.db))
    .map((r) => (r.answers as { marker?: string }).marker)
    .filter(Boolean);

/** `count` anonymity sets (a group each, named prefix + i) of four held responses like `template`; answers the groups. */
async function holdSetsOfFour(db: TestApp['db'], template: ResponseRow, prefix: string, count: number): Promise<string[]> {
  const groups = Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  await holdResponses(
    db,
    groups.flatMap((grupo) => [1, 2, 3, 4].map((n) => ({ ...template, id: crypto.randomUUID(), grupo, answers: { marker: `${grupo}-${n}` } }))),
  );
  return groups;
}

describe(`held responses and the mover (${driverName})`, () => {
  let t: TestApp;
  let evaluations: Evaluation[];
  let template: ResponseRow;
  beforeAll(async () => {
    // The server's own mover never reaches this batch size: the tests drive publishHeldResponses themselves.
    t = await createTestApp({ demo: true, env: { ANONYMITY_BATCH: '100000' } });
    evaluations = await pendingEvaluations(t, 'held-marker');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a submission leaves its response held, not published, and its completion carries no date', async () => {
    const [first] = evaluations;
    const created = await submit(t, first!);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({});
    expect(await count(t, responses)).toBe(0);
    const held = await openedHeldResponses(t.db);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ classId: Number(first!.body.subject), submittedOn: mexicoCityDay(), answers: first!.body.answers });
    template = held[0]!;
    const [completion] = await t.db.select().from(completions);
    expect(Object.keys(completion!).sort()).toEqual(['activeId', 'cycleId', 'idempotencyKey', 'respondentId', 'respondentType', 'subjectKey']);
  });

  it('held_response keeps in clear only the segments of response, the rest sealed: nothing that orders or times its rows', async () => {
    const columnsOf = (table: string) =>
      queryRows<{ column_name: string; data_type: string; column_default: string | null }>(
        t.db,
        sql`select column_name, data_type, column_default from information_schema.columns where table_name = ${table} order by column_name`,
      );
    const held = await columnsOf('held_response');
    const published = await columnsOf('response');
    const sealedAway = ['answers', 'scores', 'submitted_on'];
    expect(held).toEqual(
      [...published.filter((c) => !sealedAway.includes(c.column_name)), { column_name: 'sealed', data_type: 'bytea', column_default: null }].sort((a, b) =>
        a.column_name.localeCompare(b.column_name),
      ),
    );
    expect(held.filter((c) => /time|serial|date/.test(c.data_type) || c.column_default !== null)).toEqual([]);
  });

  it('seals held answers at one length whatever they say, so a long comment is as long as none', async () => {
    const [, short, long] = evaluations;
    short!.body.answers = { ...short!.body.answers, comments: 'held-marker corto' };
    long!.body.answers = { ...long!.body.answers, comments: `held-marker largo ${'ñ'.repeat(900)}` };
    for (const e of [short!, long!]) expect((await submit(t, e)).statusCode).toBe(201);
    const rows = await queryRows<{ bytes: number; clear: string }>(t.db, sql`select length(sealed)::int as bytes, encode(sealed, 'escape') as clear from held_response`);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.bytes)).size).toBe(1);
    for (const row of rows) expect(row.clear).not.toMatch(/held-marker|buena|comments|\d{4}-\d{2}-\d{2}/);
    expect((await openedHeldResponses(t.db)).map((r) => (r.answers as { comments: string }).comments).sort()).toEqual(
      [evaluations[0]!, long!, short!].map((e) => e.body.answers.comments).sort(),
    );
    // Back to one held response for the tests below.
    await t.db.delete(heldResponses).where(sql`${heldResponses.id} <> ${template.id}`);
  });

  it('a replay answers "already answered" without a date, and stores nothing twice', async () => {
    const replay = await submit(t, evaluations[0]!);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({});
    expect(await count(t, heldResponses)).toBe(1);
    expect(await heldResponseCount(t.db)).toBe(1);
  });

  it('held answers are never shown by any API: a marker answer appears in no GET answer, admin or respondent', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const doc = (await t.request({ method: 'GET', url: `${API}/docs/json` })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = Object.entries(doc.paths)
      .filter(([path, methods]) => 'get' in methods && !path.includes('{'))
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths)
      for (const token of [admin, evaluations[0]!.token]) {
        const answer = await t.request({ method: 'GET', url: `${API}${path}`, token });
        expect(answer.body, path).not.toContain('held-marker');
      }
  });

  it('counts held responses by application, cycle and campus, as a number only', async () => {
    const { activeId, cicleId } = evaluations[0]!.body;
    expect(await heldResponseCount(t.db, { activeIds: [activeId], cycleId: cicleId, campusId: template.campusId })).toBe(1);
    expect(await heldResponseCount(t.db, { activeIds: [activeId + 1000] })).toBe(0);
    expect(await heldResponseCount(t.db, { activeIds: [] })).toBe(0);
  });

  /** Each test below starts from an empty holding table. */
  const clearHeld = () => t.db.delete(heldResponses);

  it('publishes nothing while a set holds fewer than twice minBatch, then all but minBatch at once, shuffled, under fresh ids; the close publishes the rest', async () => {
    await clearHeld();
    const markers = Array.from({ length: 10 }, (_, i) => `m${i + 1}`);
    await holdCopies(t, template, markers.slice(0, 9));
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5 })).toEqual({ published: 0, held: 9 });
    expect(await count(t, responses)).toBe(0);

    await holdCopies(t, template, markers.slice(9));
    const heldIds = (await t.db.select({ id: heldResponses.id }).from(heldResponses)).map((r) => r.id);
    // Five stay held for the close, so whatever arrives later never publishes as fewer than five.
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5 })).toEqual({ published: 5, held: 5 });
    const published = await t.db.select().from(responses);
    expect(published).toHaveLength(5);
    // Fresh ids: no published id is a held one, so the held id cannot be matched (e.g. from a backup).
    for (const row of published) {
      expect(heldIds).not.toContain(row.id);
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    // Columns travel unchanged.
    expect(published[0]).toMatchObject({ ...template, id: expect.any(String), answers: { marker: expect.any(String) } });

    // The application closes: the five kept publish as one more set, under one day.
    expect(await publishRemainders(t.db, { activeId: template.activeId }, { heldKey: testHeldKey, minBatch: 5 })).toMatchObject({ published: 5, held: 0, byLevel: [5, 0, 0, 0, 0] });
    expect((await markersIn(t, responses)).sort()).toEqual([...markers].sort());
  });

  it('a failure in the publishing statement (one of its aggregate writes fails) publishes nothing and keeps every response held', async () => {
    await clearHeld();
    await holdCopies(t, template, ['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
    const before = await count(t, responses);
    let folded = 0;
    const fold = (rows: readonly ResponseRow[]) => {
      folded = rows.length;
      return [sql`insert into ${responses} (id) select null::uuid`]; // a NOT NULL violation, as the statement runs
    };
    await expect(publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 3, fold })).rejects.toThrow();
    expect(folded).toBe(3);
    expect(await count(t, responses)).toBe(before);
    expect((await markersIn(t, heldResponses)).sort()).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
  });

  it('the fold is given the published rows, with their new ids', async () => {
    let folded: readonly ResponseRow[] = [];
    const result = await publishHeldResponses(t.db, {
      heldKey: testHeldKey,
      minBatch: 3,
      fold: (rows) => {
        folded = rows;
        return [];
      },
    });
    expect(result).toEqual({ published: 3, held: 3 });
    const published = await t.db.select().from(responses).where(sql`${responses.answers}->>'marker' like 'f%'`);
    expect(folded.map((r) => r.id).sort()).toEqual(published.map((r) => r.id).sort());
  });

  it("the publishing statement's check refuses one that did not hold the mover's lock or found a row it read gone", async () => {
    const check = (locked: boolean, expected: number, taken: number) =>
      t.db.execute(sql`select held_responses_taken(${locked}, ${expected}::int, ${taken}::int)`);
    await expect(check(true, 3, 3)).resolves.toBeDefined();
    for (const [locked, taken] of [[false, 3], [true, 2]] as const) {
      await expect(check(locked, 3, taken)).rejects.toSatisfy((error: unknown) => pgErrorCode(error) === 'EM001');
    }
  });

  it('keeps a set smaller than minBatch held while its application is open, and publishes nothing below minBatch when told to', async () => {
    await clearHeld();
    await holdCopies(t, template, ['r1', 'r2']);
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5 })).toEqual({ published: 0, held: 2 });
    // An application still open counts as not closed: the server's pass leaves it alone.
    const open = await publishRemainders(t.db, { closedBefore: mexicoCityDay() }, { heldKey: testHeldKey, minBatch: 5 });
    expect(open).toMatchObject({ published: 0, applications: 0 });
    // The operator's pass on the application: two responses make no set at any level.
    const named = await publishRemainders(t.db, { activeId: template.activeId, cycleId: template.cycleId }, { heldKey: testHeldKey, minBatch: 5 });
    expect(named).toMatchObject({ published: 0, held: 2, applications: 1 });
    expect((await markersIn(t, heldResponses)).sort()).toEqual(['r1', 'r2']);
  });

  it("coarsens leftovers: a class's two and another class's three of the same teacher and group publish as one set without a class, under one day", async () => {
    const [otherClass] = await t.db.select().from(classes).where(sql`${classes.id} <> ${template.classId!}`).limit(1);
    await holdResponses(
      t.db,
      ['r3', 'r4', 'r5'].map((marker, i) => ({ ...template, id: crypto.randomUUID(), classId: otherClass!.id, submittedOn: `2020-01-0${i + 1}`, answers: { marker } })),
    );
    const outcome = await publishRemainders(t.db, { activeId: template.activeId }, { heldKey: testHeldKey, minBatch: 5 });
    expect(outcome).toEqual({ published: 5, held: 0, byLevel: [0, 5, 0, 0, 0], applications: 1 });
    const published = await t.db.select().from(responses).where(sql`${responses.answers}->>'marker' like 'r%'`);
    expect(published.map((r) => (r.answers as { marker: string }).marker).sort()).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    for (const row of published) expect(row).toMatchObject({ classId: null, teacherId: template.teacherId, plan: template.plan, grupo: template.grupo });
    expect(new Set(published.map((r) => r.submittedOn))).toEqual(new Set([template.submittedOn]));
  });

  it('publishes in an order unrelated to the held order', async () => {
    await clearHeld();
    const markers = Array.from({ length: 200 }, (_, i) => `s${String(i).padStart(3, '0')}`);
    await holdCopies(t, template, markers);
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5 })).toEqual({ published: 195, held: 5 });
    const inPhysicalOrder = (
      await queryRows<{ marker: string }>(t.db, sql`select answers->>'marker' as marker from response where answers->>'marker' like 's%' order by ctid`)
    ).map((r) => r.marker);
    expect(inPhysicalOrder).toHaveLength(195);
    // 195 rows in held order by chance: 1 in 195!.
    expect(inPhysicalOrder).not.toEqual(markers.filter((m) => inPhysicalOrder.includes(m)));
  });

  it('concurrent movers never publish a response twice nor lose one', async () => {
    await clearHeld();
    const markers = Array.from({ length: 60 }, (_, i) => `c${i}`);
    await holdCopies(t, template, markers);
    const before = await count(t, responses);
    // Two wait for the lock, two step aside if it is taken (as the server's own runs do).
    const outcomes = await Promise.all([true, false, true, false].map((wait) => publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5, wait })));
    expect(outcomes.reduce((sum, o) => sum + o.published, 0)).toBe(55);
    expect(await count(t, responses)).toBe(before + 55);
    expect(await count(t, heldResponses)).toBe(5);
    const everywhere = [...(await markersIn(t, responses)), ...(await markersIn(t, heldResponses))].filter((m) => m!.startsWith('c'));
    expect(new Set(everywhere).size).toBe(60);
    expect(everywhere).toHaveLength(60);
  });

  it("the server's mover moves a bounded number of sets a transaction, and on PGlite a query sent meanwhile is answered between them", async () => {
    await clearHeld();
    const setsPerTransaction = usingPostgres ? SERVER_SETS_PER_BATCH : EMBEDDED_SETS_PER_BATCH;
    // Three transactions' worth of sets (one group each) of four: each publishes two and keeps two for the close.
    const groups = await holdSetsOfFour(t.db, template, 'G', setsPerTransaction * 3);
    const setsPerFold: number[] = [];
    let foldsWhenAnswered: number | undefined;
    let answered: Promise<unknown> | undefined;
    const fold = (rows: readonly ResponseRow[]) => {
      setsPerFold.push(new Set(rows.map((r) => r.grupo)).size);
      // A request arriving while the mover works on its first batch: it queues for the one connection.
      answered ??= t.db.execute(sql`select 1`).then(() => (foldsWhenAnswered = setsPerFold.length));
      return [];
    };
    const mover = startResponseMover(t.db, t.app.log, { minBatch: 2, heldKey: testHeldKey, fold, intervalSeconds: 3600 });
    await vi.waitFor(async () => expect(await count(t, heldResponses)).toBe(groups.length * 2), { timeout: BACKGROUND_WAIT_MS, interval: 50 });
    await mover.stop();
    await answered;
    expect(setsPerFold.reduce((sum, sets) => sum + sets, 0)).toBe(groups.length);
    expect(Math.max(...setsPerFold)).toBeLessThanOrEqual(setsPerTransaction);
    expect(setsPerFold.length).toBeGreaterThanOrEqual(3);
    // PGlite's one connection: answered after the first transaction, not after the whole backlog.
    if (!usingPostgres) expect(foldsWhenAnswered).toBe(1);
    await clearHeld();
  });

  it("the server's mover stops after the transaction in progress when the server does, the backlog left held for the next start", async () => {
    await clearHeld();
    const setsPerTransaction = usingPostgres ? SERVER_SETS_PER_BATCH : EMBEDDED_SETS_PER_BATCH;
    // Three transactions' worth of sets of four: each publishes two and keeps two for the close.
    const groups = await holdSetsOfFour(t.db, template, 'S', setsPerTransaction * 3);
    let stopping: Promise<void> | undefined;
    const published: number[] = [];
    const fold = (rows: readonly ResponseRow[]) => {
      published.push(rows.length);
      // The server shuts down while the first transaction runs.
      stopping ??= mover.stop();
      return [];
    };
    const mover = startResponseMover(t.db, t.app.log, { minBatch: 2, heldKey: testHeldKey, fold, intervalSeconds: 3600 });
    await vi.waitFor(() => expect(stopping).toBeDefined(), { timeout: BACKGROUND_WAIT_MS, interval: 20 });
    await stopping;
    expect(published).toHaveLength(1);
    expect(await count(t, heldResponses)).toBe(groups.length * 4 - published[0]!);
    // The next start publishes the rest, as any run does.
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 2, fold: () => [] })).toEqual({ published: groups.length * 2 - published[0]!, held: groups.length * 2 });
    await clearHeld();
  });

  it('publishes at most responsesPerBatch a statement: a big increment in parts of minBatch or more, every set still keeping minBatch', async () => {
    await clearHeld();
    // Three sets (one group each) of 20: each publishes 15 and keeps 5 for the close.
    const groups = ['B0', 'B1', 'B2'];
    await holdResponses(
      t.db,
      groups.flatMap((grupo) => Array.from({ length: 20 }, (_, n) => ({ ...template, id: crypto.randomUUID(), grupo, answers: { marker: `${grupo}-${n}` } }))),
    );
    const statements: Map<string | null, number>[] = [];
    const fold = (rows: readonly ResponseRow[]) => {
      const bySet = new Map<string | null, number>();
      for (const row of rows) bySet.set(row.grupo, (bySet.get(row.grupo) ?? 0) + 1);
      statements.push(bySet);
      return [];
    };
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5, fold, responsesPerBatch: 12 })).toEqual({ published: 45, held: 15 });
    const sizes = statements.map((bySet) => [...bySet.values()].reduce((sum, n) => sum + n, 0));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(12);
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    // No part of a set smaller than minBatch, which the figures before and after it would show.
    for (const bySet of statements) for (const n of bySet.values()) expect(n).toBeGreaterThanOrEqual(5);
    const held = await t.db.select({ grupo: heldResponses.grupo, n: sql<number>`count(*)::int` }).from(heldResponses).groupBy(heldResponses.grupo);
    expect(held.sort((a, b) => String(a.grupo).localeCompare(String(b.grupo)))).toEqual(groups.map((grupo) => ({ grupo, n: 5 })));
    await clearHeld();
  });

  it('a mover whose read another mover published from meanwhile publishes nothing: never what a set keeps for the close', async () => {
    // Two servers' movers (neither waits) read the same set of four (minBatch 2: publish two, keep two). The second
    // publishes while the first has read but not yet published; whichever two it took, the first must then step aside:
    // if its two were the ones the second kept, the set would be published whole, with nothing kept for the close.
    const interleaved = (db: typeof t.db, before: () => Promise<unknown>): typeof t.db =>
      new Proxy(db, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (property === 'execute') {
            return async (query: Parameters<typeof db.execute>[0]) => {
              const { dialect } = target as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } };
              if (dialect.sqlToQuery(query).sql.includes('held_responses_taken')) await before();
              return target.execute(query);
            };
          }
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    let raced = 0;
    for (let attempt = 0; raced < 24 && attempt < 200; attempt++) {
      await clearHeld();
      await holdCopies(t, template, ['p1', 'p2', 'p3', 'p4']);
      const raceOf: { first?: { published: number; held: number } } = {};
      const other = async () => (raceOf.first = await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 2, wait: false }));
      const late = await publishHeldResponses(interleaved(t.db, other), { heldKey: testHeldKey, minBatch: 2, wait: false });
      expect(late).toEqual({ published: 0, held: -1 });
      // The app's own mover (it checks the held count every tick, under the lock) held the lock when the first
      // looked: it stepped aside before reading and the second never ran. Nothing raced: that attempt again.
      const { first } = raceOf;
      if (!first) continue;
      raced++;
      // The second published two and kept two, or also found the app's mover at work and stepped aside:
      // either way never fewer than two left.
      expect([{ published: 2, held: 2 }, { published: 0, held: -1 }]).toContainEqual(first);
      expect(await count(t, heldResponses)).toBe(4 - first.published);
    }
    expect(raced).toBe(24);
    await clearHeld();
  });

  it("a failed publishing statement is recorded without its values: no held id, no answer", async () => {
    await clearHeld();
    await holdCopies(t, template, ['secret-answer-1', 'secret-answer-2', 'secret-answer-3', 'secret-answer-4']);
    const heldIds = (await t.db.select({ id: heldResponses.id }).from(heldResponses)).map((row) => row.id);
    const fold = () => [sql`insert into ${responses} (id) select null::uuid`]; // fails as the statement runs
    const mover = startResponseMover(t.db, t.app.log, { minBatch: 2, heldKey: testHeldKey, fold, intervalSeconds: 3600 });
    const lastError = async () => (await queryRows<{ e: string | null }>(t.db, sql`select last_error as e from background_run where name = 'mover'`))[0]?.e ?? null;
    await vi.waitFor(async () => expect(await lastError()).toContain('Failed query'), { timeout: BACKGROUND_WAIT_MS, interval: 50 });
    await mover.stop();
    const recorded = (await lastError())!;
    expect(recorded).not.toContain('secret-answer');
    for (const id of heldIds) expect(recorded).not.toContain(id);
    expect(await count(t, heldResponses)).toBe(4);
    await clearHeld();
  });

  it.runIf(!usingPostgres)("on PGlite, which runs no autovacuum, the server's mover vacuums the holding table after publishing", async () => {
    await clearHeld();
    await holdCopies(t, template, ['v1', 'v2', 'v3', 'v4']);
    const vacuums = async () =>
      (await queryRows<{ n: number }>(t.db, sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'held_response'`))[0]!.n;
    const before = await vacuums();
    const mover = startResponseMover(t.db, t.app.log, { minBatch: 2, heldKey: testHeldKey, intervalSeconds: 3600, vacuumEvery: 2 });
    await vi.waitFor(async () => expect(await vacuums()).toBe(before + 1), { timeout: BACKGROUND_WAIT_MS, interval: 50 });
    await mover.stop();
    expect((await markersIn(t, heldResponses)).length).toBe(2);
    await clearHeld();
  });

  it.runIf(usingPostgres)('a mover that must not wait steps aside while another process holds the lock', async () => {
    await clearHeld();
    await holdCopies(t, template, ['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8', 'w9', 'w10']);
    let batchesMade = 0;
    const fold = (rows: readonly ResponseRow[]) => {
      batchesMade += 1;
      return foldWrites(rows);
    };
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint)`);
      expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5, wait: false, fold })).toEqual({ published: 0, held: -1 });
    });
    // It saw the lock taken before reading: no batch was read, opened and made only to be undone.
    expect(batchesMade).toBe(0);
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5, wait: false, fold })).toEqual({ published: 5, held: 5 });
    expect(batchesMade).toBe(1);
  });

  it('refuses a batch size below 1', async () => {
    await expect(publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 0 })).rejects.toThrow(RangeError);
  });

  it('opens held answers only with their key and beside their own row: a wrong key or a moved blob publishes nothing', async () => {
    await clearHeld();
    await holdCopies(t, template, ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10']);
    const before = await count(t, responses);
    const otherKey = createSecretKey(Buffer.alloc(32, 9));
    await expect(publishHeldResponses(t.db, { heldKey: otherKey, minBatch: 5 })).rejects.toThrow(HeldAnswersKeyError);
    // Another row's blob (same set, another id) does not open in this one. Every row but one carries it,
    // so whichever five the mover takes (it keeps five others for the close), it meets a moved blob.
    const [b] = await t.db.select().from(heldResponses).limit(1);
    await t.db.update(heldResponses).set({ sealed: b!.sealed }).where(ne(heldResponses.id, b!.id));
    await expect(publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: 5 })).rejects.toThrow(HeldAnswersKeyError);
    expect(await count(t, heldResponses)).toBe(10);
    expect(await count(t, responses)).toBe(before);
    await t.db.delete(heldResponses);
  });
});

describe(`the server's mover (${driverName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // As a server runs it: on PostgreSQL in its own thread.
    t = await createTestApp({ demo: true, env: { ANONYMITY_BATCH: '2', MIN_GROUP_SIZE: '2' }, moverInThread: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes after submissions once a set holds twice ANONYMITY_BATCH, keeping ANONYMITY_BATCH for the close', async () => {
    // One anonymity set: four students of one campus evaluating the same class.
    const [someClass] = await t.db.select().from(classes).orderBy(classes.id).limit(1);
    const classmates = await t.db.select({ id: students.id }).from(students).where(eq(students.campusId, someClass!.campusId)).limit(4);
    await t.db.insert(enrolments).values(classmates.map((s) => ({ classId: someClass!.id, studentId: s.id }))).onConflictDoNothing();
    const evaluations = (await pendingEvaluations(t, 'server')).filter((e) => e.body.subject === String(someClass!.id)).slice(0, 4);
    expect(evaluations).toHaveLength(4);
    const first = await Promise.all(evaluations.slice(0, 3).map((e) => submit(t, e)));
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    // Three held: publishing two would leave one for the close, a set of one. Nothing moves.
    expect(await publishHeldResponses(t.db, { heldKey: testHeldKey, minBatch: t.config.ANONYMITY_BATCH })).toMatchObject({ published: 0, held: 3 });

    expect((await submit(t, evaluations[3]!)).statusCode).toBe(201);
    await vi.waitFor(async () => expect(await count(t, responses)).toBe(2), { timeout: BACKGROUND_WAIT_MS, interval: 50 });
    expect(await count(t, heldResponses)).toBe(2);
    const published = (await t.db.select({ answers: responses.answers }).from(responses)).map((r) => (r.answers as { comments: string }).comments);
    const sent = evaluations.map((e) => e.body.answers.comments);
    for (const comment of published) expect(sent).toContain(comment);
  });
});

describe(`the mover's own thread (${driverName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app's own mover never reaches this batch size: the test drives the thread itself.
    t = await createTestApp({ demo: true, env: { ANONYMITY_BATCH: '50', MIN_GROUP_SIZE: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('on PostgreSQL publishes from a thread of its own, with its own connection; the embedded database has none', async () => {
    const thread = startMoverThread(t.db, testHeldKey);
    if (!usingPostgres) {
      expect(thread).toBeNull();
      return;
    }
    try {
      const [someClass] = await t.db.select().from(classes).orderBy(classes.id).limit(1);
      const classmates = await t.db.select({ id: students.id }).from(students).where(eq(students.campusId, someClass!.campusId)).limit(4);
      await t.db.insert(enrolments).values(classmates.map((s) => ({ classId: someClass!.id, studentId: s.id }))).onConflictDoNothing();
      const evaluations = (await pendingEvaluations(t, 'thread')).filter((e) => e.body.subject === String(someClass!.id)).slice(0, 4);
      expect((await Promise.all(evaluations.map((e) => submit(t, e)))).map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await count(t, responses)).toBe(0);

      // Four held in one set, two kept for the close: two published, by the thread.
      expect(await thread!.run({ minBatch: 2 })).toMatchObject({ published: 2, held: 2 });
      expect(await count(t, responses)).toBe(2);
      expect(await count(t, heldResponses)).toBe(2);
      const published = (await t.db.select({ answers: responses.answers }).from(responses)).map((r) => (r.answers as { comments: string }).comments);
      for (const comment of published) expect(evaluations.map((e) => e.body.answers.comments)).toContain(comment);
    } finally {
      await thread!.close();
    }
  });

  it.skipIf(!usingPostgres)('once the server stops, a run in the thread ends after its transaction in progress', async () => {
    const thread = startMoverThread(t.db, testHeldKey)!;
    try {
      // A held row of the test above (two were kept for the close) as the pattern of a backlog.
      const [template] = await openedHeldResponses(t.db);
      await t.db.delete(heldResponses);
      const groups = await holdSetsOfFour(t.db, template!, 'T', SERVER_SETS_PER_BATCH * 3);
      thread.requestStop();
      // One transaction of SERVER_SETS_PER_BATCH sets, two published from each: the rest stays held.
      expect(await thread.run({ minBatch: 2 })).toMatchObject({ published: SERVER_SETS_PER_BATCH * 2 });
      expect(await count(t, heldResponses)).toBe(groups.length * 4 - SERVER_SETS_PER_BATCH * 2);
    } finally {
      await thread.close();
    }
  });
});
