/**
 * Linkage: can someone who reads only the database (a dump, a backup, a
 * read-only analyst) pair a respondent with their answers?
 *
 * 200 respondents with known, distinct answers submit through the real API
 * over five days (students evaluate classes; staff answer NOM-035 Guía I,
 * some with a referral, then Guía II or III), the mover publishing as the
 * server would. Then an attacker who sees the tables, their system columns
 * and a dump tries every linkage we know of. Each attack answers, for every
 * published response, the completions it could belong to; it scores
 * 1/|candidates| when the true one is among them (the expected hits of a
 * guess among them), so the figures are exact, not sampled.
 *
 * Figures are printed; the method and the figures before the holding table
 * are in docs/privacy.md.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { FREQUENCY_VALUES, type Answers } from '@encuestas/core/survey-engine/types';
import { fillAnswers } from '@encuestas/core/survey-kinds/testing';
import { queryRows } from '../../src/db/client';
import { actives, activeCycles, campuses, classes, cycles, enrolments, staff, students } from '../../src/db/schema';
import { pruneExpired } from '../../src/features/maintenance/prune';
import { publishHeldResponses, publishRemainders } from '../../src/features/responses/mover';
import { TokenService } from '../../src/http/tokens';
import { findPgBin } from '../../../../scripts/postgres-cluster.mjs';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { testHeldKey } from '../helpers/held';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const DAYS = 5;
const STUDENTS = 140;
const STAFF = 60;
const ANONYMITY_BATCH = 5;

/**
 * Runs the mover as the server does after a submission (the app's own runs
 * too; the advisory lock lets one at a time). With `closing`, as the server
 * does once the applications have closed: the remainders coarsened. Answers
 * how many were held before and how many of those a join on xmin links to
 * their completion while they wait.
 */
async function publishPending(db: TestApp['db'], options: { closing?: boolean } = {}): Promise<{ before: number; linkedByXmin: number }> {
  const [held] = await queryRows<{ before: number; linked: number }>(
    db,
    sql`select count(*)::int as before, count(*) filter (where exists (select 1 from completion c where c.xmin = h.xmin))::int as linked
        from held_response h`,
  );
  await publishHeldResponses(db, { minBatch: ANONYMITY_BATCH, heldKey: testHeldKey });
  if (options.closing) await publishRemainders(db, { closedBefore: '9999-12-31' }, { minBatch: ANONYMITY_BATCH, heldKey: testHeldKey });
  return { before: held!.before, linkedByXmin: held!.linked };
}

/** mulberry32: a fixed seed, so the scenario is the same on every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(8);
const shuffle = <T>(list: T[]): T[] => {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
};

/**
 * The least b with P(X > b) < 1e-9 for X ~ Binomial(n, p): a guess that is
 * right one time in k stays below it except once in a billion runs.
 */
function binomialBound(n: number, p: number): number {
  let pmf = (1 - p) ** n;
  let cdf = pmf;
  for (let b = 0; b < n; b++) {
    if (1 - cdf < 1e-9) return b;
    pmf *= ((n - b) / (b + 1)) * (p / (1 - p));
    cdf += pmf;
  }
  return n;
}

// ------------------------------------------------------------ ground truth in the answers

const owner = (type: 'student' | 'staff', id: number) => `${type}:${id}`;

function evaluationAnswers(studentId: number, classId: number): Answers {
  const answers: Answers = {};
  for (const item of TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items)) {
    if (item.required === false || item.gate) continue;
    answers[item.id] = item.type === 'rating' ? 'muyBuena' : 'yes';
  }
  return { ...answers, comments: `Comentario del alumno ${studentId} sobre la clase ${classId}.` };
}

/** Guía I: the staff member's ordinal (1..63) in the bits of section I; a yes in section II means a referral. */
function guideOneAnswers(ordinal: number, referral: boolean): Answers {
  const answers: Answers = {};
  for (const section of NOM035_QUESTIONNAIRES.I.sections) {
    for (const [index, item] of section.items.entries()) {
      answers[item.id] = section.id === 'I' ? ((ordinal >> index) & 1 ? 'yes' : 'no') : referral && item.id === 'q7' ? 'yes' : 'no';
    }
  }
  return answers;
}

/** Guía II/III: the ordinal in base 5 over the first three items. */
function riskGuideAnswers(guide: 'II' | 'III', ordinal: number): Answers {
  const digit = (n: number) => FREQUENCY_VALUES[Math.floor(ordinal / 5 ** n) % 5]!;
  return fillAnswers(NOM035_QUESTIONNAIRES[guide], {}, { q1: digit(0), q2: digit(1), q3: digit(2) });
}

/** Who wrote a response, read from its answers (the test's knowledge, not the attacker's). */
function ownerOf(questionnaireId: string, answers: Record<string, unknown>, staffByOrdinal: Map<number, number>): string {
  const comment = /alumno (\d+) /.exec(String(answers.comments ?? ''));
  if (comment) return owner('student', Number(comment[1]));
  let ordinal = 0;
  if (questionnaireId === NOM035_QUESTIONNAIRES.I.id) {
    for (let i = 0; i < 6; i++) if (answers[`q${i + 1}`] === 'yes') ordinal |= 1 << i;
  } else {
    for (let n = 0; n < 3; n++) ordinal += FREQUENCY_VALUES.indexOf(answers[`q${n + 1}`] as never) * 5 ** n;
  }
  return owner('staff', staffByOrdinal.get(ordinal)!);
}

// ------------------------------------------------------------ what the attacker reads

interface CompletionRow {
  key: string;
  owner: string;
  activeId: number;
  cycleId: number;
  subject: string;
  xmin: number;
  /** The day, while completions kept one. */
  day: string | null;
}
interface ResponseRow {
  id: string;
  activeId: number;
  cycleId: number;
  campusId: number;
  classId: number | null;
  questionnaireId: string;
  day: string;
  xmin: number;
  truth: string;
}
type Candidates = Map<string, string[]>; // response id → owners it could belong to

/** Expected right guesses: 1/|candidates| for each response whose owner is among its candidates. */
function score(responses: ResponseRow[], candidates: Candidates): number {
  let hits = 0;
  for (const r of responses) {
    const owners = candidates.get(r.id) ?? [];
    if (owners.includes(r.truth)) hits += 1 / owners.length;
  }
  return hits;
}

/** Whether a column is still there (the attacker reads what the schema of the day holds). */
async function hasColumn(t: TestApp, table: string, column: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from information_schema.columns where table_name = ${table} and column_name = ${column}`,
  );
  return row!.n > 0;
}

async function readCompletions(t: TestApp): Promise<CompletionRow[]> {
  const day = (await hasColumn(t, 'completion', 'completed_on')) ? sql`completed_on::text` : sql`null::text`;
  const rows = await queryRows<Omit<CompletionRow, 'key' | 'owner'> & { type: string; respondentId: number }>(
    t.db,
    sql`select respondent_type as type, respondent_id as "respondentId", active_id as "activeId", ciclo_id as "cycleId",
          subject_key as subject, xmin::text::bigint::float8 as xmin, ${day} as day
        from completion order by ctid`,
  );
  return rows.map((r) => ({
    ...r,
    key: `${r.type}:${r.respondentId}:${r.activeId}:${r.cycleId}:${r.subject}`,
    owner: `${r.type}:${r.respondentId}`,
  }));
}

async function readResponses(t: TestApp, staffByOrdinal: Map<number, number>): Promise<ResponseRow[]> {
  const rows = await queryRows<Omit<ResponseRow, 'truth'> & { answers: Record<string, unknown> }>(
    t.db,
    sql`select id, active_id as "activeId", ciclo_id as "cycleId", campus_id as "campusId", class_id as "classId",
          questionnaire_id as "questionnaireId", submitted_on::text as day, xmin::text::bigint::float8 as xmin, answers
        from response order by ctid`,
  );
  return rows.map(({ answers, ...r }) => ({ ...r, truth: ownerOf(r.questionnaireId, answers, staffByOrdinal) }));
}

/** Order per (application, cycle) zipped: the i-th completion with the i-th response. */
function zipInOrder(completionKeys: CompletionRow[], responseIds: ResponseRow[]): Candidates {
  const group = (activeId: number, cycleId: number) => `${activeId}/${cycleId}`;
  const completionsBy = new Map<string, CompletionRow[]>();
  for (const c of completionKeys) (completionsBy.get(group(c.activeId, c.cycleId)) ?? completionsBy.set(group(c.activeId, c.cycleId), []).get(group(c.activeId, c.cycleId))!).push(c);
  const seen = new Map<string, number>();
  const candidates: Candidates = new Map();
  for (const r of responseIds) {
    const g = group(r.activeId, r.cycleId);
    const index = seen.get(g) ?? 0;
    seen.set(g, index + 1);
    const c = completionsBy.get(g)?.[index];
    if (c) candidates.set(r.id, [c.owner]);
  }
  return candidates;
}

/** The physical order a plain dump shows: pg_dump on PostgreSQL, an unordered select (what a dump reads) on PGlite. */
async function dumpOrder(t: TestApp, table: 'completion' | 'response'): Promise<string[]> {
  const keyColumns = table === 'completion' ? ['respondent_type', 'respondent_id', 'active_id', 'ciclo_id', 'subject_key'] : ['id'];
  if (!usingPostgres) {
    const rows = await queryRows<{ key: string }>(t.db, sql.raw(`select concat_ws(':', ${keyColumns.join(', ')}) as key from ${table}`));
    return rows.map((r) => r.key);
  }
  const pgDump = path.join(findPgBin()!, 'pg_dump');
  const dump = execFileSync(pgDump, ['--data-only', `--table=public.${table}`, t.database.url!], { encoding: 'utf8', maxBuffer: 256 << 20 });
  const lines = dump.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`COPY public.${table} (`));
  const columns = /\((.*)\)/.exec(lines[start]!)![1]!.split(', ');
  const positions = keyColumns.map((c) => columns.indexOf(c));
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const cells = line.split('\t');
    keys.push(positions.map((p) => cells[p]).join(':'));
  }
  return keys;
}

function inDumpOrder<T>(rows: T[], keyOf: (row: T) => string, order: string[]): T[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return order.map((key) => byKey.get(key)).filter((row): row is T => row !== undefined);
}

/**
 * Days the attacker can still attach to people: a completion's own day while
 * it had one, else a live session (expires 12 h after the login), a NOM-035
 * referral's day (Guía I), the audit log and the outbox.
 */
async function knownDays(t: TestApp): Promise<Map<string, Set<string>>> {
  const days = new Map<string, Set<string>>();
  const add = (who: string, day: string) => (days.get(who) ?? days.set(who, new Set()).get(who)!).add(day);
  const sessions = await queryRows<{ who: string; expires: string }>(
    t.db,
    sql`select subject_type || ':' || subject_id as who, expires_at::text as expires from session where subject_type <> 'admin'`,
  );
  for (const s of sessions) add(s.who, mexicoCityDay(new Date(new Date(s.expires).getTime() - 12 * 3600_000)));
  if (await hasColumn(t, 'nom035_referral', 'referred_on')) {
    const referrals = await queryRows<{ who: string; day: string }>(t.db, sql`select 'staff:' || staff_id as who, referred_on::text as day from nom035_referral`);
    for (const r of referrals) add(r.who, r.day);
  }
  // Mail to a respondent's address dates their login; the audit log names back-office actors only.
  const mails = await queryRows<{ who: string; at: string }>(
    t.db,
    sql`select 'student:' || s.id as who, m.created_at::text as at from mail_outbox m join student s on lower(s.email) = lower(m.to)
        union all select 'staff:' || s.id, m.created_at::text from mail_outbox m join staff s on lower(s.email) = lower(m.to)`,
  );
  for (const m of mails) add(m.who, mexicoCityDay(new Date(m.at)));
  const audited = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where entity in ('student', 'staff', 'response', 'completion')`);
  expect(audited[0]!.n, 'the audit log names no respondent').toBe(0);
  return days;
}

/** Same application, cycle and subject (the class, the guide), and a day that fits what the attacker knows. */
function byDayAndSubject(
  completions: CompletionRow[],
  responses: ResponseRow[],
  days: Map<string, Set<string>>,
  options: { useSubject: boolean },
): Candidates {
  const candidates: Candidates = new Map();
  for (const r of responses) {
    const subject = subjectOf(r);
    const owners = completions
      .filter((c) => c.activeId === r.activeId && c.cycleId === r.cycleId)
      .filter((c) => !options.useSubject || (subject === null ? c.subject !== 'I' : c.subject === subject))
      .filter((c) => {
        const known = c.day !== null ? new Set([c.day]) : days.get(c.owner);
        return !known || known.has(r.day);
      })
      .map((c) => c.owner);
    candidates.set(r.id, owners);
  }
  return candidates;
}

/** What a response was about, as its completion names it: the class, 'I', or the risk guide. */
const subjectOf = (r: ResponseRow) => (r.classId !== null ? String(r.classId) : r.questionnaireId.endsWith('guia1') ? 'I' : null);

/**
 * Transaction order: a response's xmin bounds when it was published, so its
 * completion is one with the same application, cycle and subject written
 * after the previous published batch and before this one.
 */
function byTransactionOrder(completions: CompletionRow[], responses: ResponseRow[]): Candidates {
  const batches = [...new Set(responses.map((r) => r.xmin))].sort((a, b) => a - b);
  const candidates: Candidates = new Map();
  for (const r of responses) {
    const previous = batches[batches.indexOf(r.xmin) - 1] ?? 0;
    const subject = subjectOf(r);
    candidates.set(
      r.id,
      completions
        .filter((c) => c.activeId === r.activeId && c.cycleId === r.cycleId && (subject === null ? c.subject !== 'I' : c.subject === subject))
        .filter((c) => c.xmin > previous && c.xmin <= r.xmin)
        .map((c) => c.owner),
    );
  }
  return candidates;
}

// ------------------------------------------------------------ the scenario

let t: TestApp;
const staffByOrdinal = new Map<number, number>();
let heldBeforeForce = 0;
let heldLinkedByXmin = 0;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  const { db } = t;
  const today = mexicoCityDay();
  const [cycleRows, campusRows] = await Promise.all([
    db.select({ id: cycles.id, kind: cycles.surveyKind }).from(cycles),
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses).orderBy(campuses.id),
  ]);
  const evaluationCycle = cycleRows.find((c) => c.kind === 'alumnos/evaluacionDocente')!.id;
  const nom035Cycle = cycleRows.find((c) => c.kind === 'administrativos/norma')!.id;
  // Some campuses answer Guía III, the rest Guía II.
  await db.update(campuses).set({ nom035Guide: 'III' }).where(inArray(campuses.id, campusRows.slice(0, 3).map((c) => c.id)));
  const openActive = new Map(
    (
      await db
        .select({ id: actives.id, campusId: actives.campusId })
        .from(actives)
        .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
        .where(and(eq(activeCycles.cycleId, evaluationCycle), sql`${actives.startActive} <= ${today} and ${actives.endActive} >= ${today}`))
    ).map((a) => [a.campusId, a.id]),
  );

  // 140 more students in six groups (two per campus on three campuses), each enrolled in the group's four classes.
  const groups = campusRows.slice(0, 3).flatMap((campus) => [
    { campusId: campus.id, plan: 'LADE', grupo: '1A' },
    { campusId: campus.id, plan: 'ISC', grupo: '3A' },
  ]);
  const studentValues = Array.from({ length: STUDENTS }, (_, i) => {
    const group = groups[i % groups.length]!;
    return {
      pcId: String(190000000 + i),
      name: 'Alumno',
      lastName: `Enlace ${i}`,
      email: `enlace${i}@alumnos.encuestas.mx`,
      campusId: group.campusId,
      plan: group.plan,
      grupo: group.grupo,
      sesion: 'Matutino',
      year: 2026,
    };
  });
  const studentRows = await db.insert(students).values(studentValues).returning({ id: students.id, campusId: students.campusId, plan: students.plan, grupo: students.grupo });
  const classRows = await db.select({ id: classes.id, campusId: classes.campusId, plan: classes.plan, grupo: classes.grupo }).from(classes);
  const classesOf = (s: (typeof studentRows)[number]) => classRows.filter((c) => c.campusId === s.campusId && c.plan === s.plan && c.grupo === s.grupo);
  await db.insert(enrolments).values(studentRows.flatMap((s) => classesOf(s).map((c) => ({ classId: c.id, studentId: s.id }))));
  const staffRows = (await db.select({ id: staff.id, campusId: staff.campusId }).from(staff).orderBy(staff.id)).slice(0, STAFF);
  staffRows.forEach((s, i) => staffByOrdinal.set(i + 1, s.id));

  // What each respondent submits, in order: one or two classes; Guía I (every fourth with a referral) then the risk guide.
  type Submission = { activeId: number; cicleId: number; subject: string; answers: Answers };
  const plans: { type: 'student' | 'staff'; id: number; submissions: Submission[] }[] = [
    ...studentRows.map((s, i) => ({
      type: 'student' as const,
      id: s.id,
      submissions: shuffle(classesOf(s))
        .slice(0, 1 + (i % 2))
        .map((c) => ({ activeId: openActive.get(s.campusId)!, cicleId: evaluationCycle, subject: String(c.id), answers: evaluationAnswers(s.id, c.id) })),
    })),
    ...staffRows.map((s, i) => {
      const guide = campusRows.findIndex((c) => c.id === s.campusId) < 3 ? 'III' : 'II';
      const activeId = openActive.get(s.campusId)!;
      return {
        type: 'staff' as const,
        id: s.id,
        submissions: [
          { activeId, cicleId: nom035Cycle, subject: 'I', answers: guideOneAnswers(i + 1, (i + 1) % 4 === 0) },
          { activeId, cicleId: nom035Cycle, subject: guide, answers: riskGuideAnswers(guide, i + 1) },
        ],
      };
    }),
  ];

  // Five days from tomorrow (the demo's applications stay open five weeks), each respondent on one of them.
  const byDay = Array.from({ length: DAYS }, () => [] as typeof plans);
  for (const plan of shuffle(plans)) byDay[Math.floor(random() * DAYS)]!.push(plan);
  const tokens = new TokenService(db, TEST_JWT_SECRET);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  try {
    for (const [d, people] of byDay.entries()) {
      // 9:00 in Mexico City (UTC-6); what the server's pruner would have removed overnight goes first.
      vi.setSystemTime(new Date(`${addDays(today, d + 1)}T15:00:00Z`));
      await pruneExpired(db, new Date());
      // Respondents of a day log in and submit interleaved, as they would.
      const queue: { token: string; submission: Submission }[][] = [];
      for (const person of people) {
        const token = await tokens.issue(person.type, person.id);
        queue.push(person.submissions.map((submission) => ({ token, submission })));
      }
      while (queue.some((q) => q.length)) {
        const open = queue.filter((q) => q.length);
        const { token, submission } = open[Math.floor(random() * open.length)]!.shift()!;
        const response = await t.request({
          method: 'POST',
          url: `${API}/respondents/responses`,
          token,
          payload: { ...submission, idempotencyKey: `enlace-${random().toString(36).slice(2, 14)}` },
        });
        if (response.statusCode !== 201) throw new Error(`submission answered ${response.statusCode}: ${response.body}`);
        await publishPending(db);
      }
    }
  } finally {
    vi.useRealTimers();
  }
  const held = await publishPending(db, { closing: true });
  heldBeforeForce = held.before;
  heldLinkedByXmin = held.linkedByXmin;
}, HEAVY_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe(`linkage of respondents to answers by someone who reads the database (${driverName})`, () => {
  it('every respondent submitted through the API and every response is published', async () => {
    const [completions] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from completion`);
    const [published] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from response`);
    expect(completions!.n).toBeGreaterThanOrEqual(STUDENTS * 1.5 + STAFF * 2 - 1);
    const [held] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from held_response`);
    // Whatever cannot make a set of five even at its application's level stays held (a campus's guide of four).
    expect(published!.n + held!.n).toBe(completions!.n);
    const leftovers = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from held_response group by survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id`,
    );
    for (const leftover of leftovers) expect(leftover.n).toBeLessThan(ANONYMITY_BATCH);
    console.info(`[linkage ${driverName}] ${completions!.n} submissions by ${STUDENTS + STAFF} respondents over ${DAYS} days; ` +
      `${heldBeforeForce} still held at the end (${heldLinkedByXmin} of them linkable by xmin while held); ` +
      `the applications' close published them coarsened but ${held!.n}`);
  });

  interface AttackResult {
    name: string;
    n: number;
    hits: number;
    chance: number;
    bound: number;
    /** An attack on order: zipped physical, dump or transaction order. */
    orderAttack: boolean;
  }
  let results: AttackResult[] = [];

  beforeAll(async () => {
    const completions = await readCompletions(t);
    const responses = await readResponses(t, staffByOrdinal);
    const owners = new Set(completions.map((c) => c.owner));
    expect(owners.size).toBe(STUDENTS + STAFF);
    // Everyone's answers are published but those left held at their application's level (fewer than k even coarsened).
    const [held] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from held_response`);
    const publishedOwners = new Set(responses.map((r) => r.truth));
    expect([...publishedOwners].every((owner) => owners.has(owner))).toBe(true);
    expect(publishedOwners.size).toBeGreaterThanOrEqual(STUDENTS + STAFF - held!.n);

    const byXmin = new Map<number, string[]>();
    for (const c of completions) (byXmin.get(c.xmin) ?? byXmin.set(c.xmin, []).get(c.xmin)!).push(c.owner);
    const referrals = await queryRows<{ who: string; xmin: number }>(t.db, sql`select 'staff:' || staff_id as who, xmin::text::bigint::float8 as xmin from nom035_referral`);
    const guideOne = responses.filter((r) => r.questionnaireId.endsWith('guia1'));
    const referredGuideOne = guideOne.filter((r) => referrals.some((f) => f.who === r.truth));
    const days = await knownDays(t);
    const completionOrder = inDumpOrder(completions, (c) => c.key, await dumpOrder(t, 'completion'));
    const responseOrder = inDumpOrder(responses, (r) => r.id, await dumpOrder(t, 'response'));
    const evaluations = responses.filter((r) => r.classId !== null);

    const attacks: { name: string; scope: ResponseRow[]; candidates: Candidates; orderAttack?: boolean }[] = [
      { name: '(a) equal xmin, completion = response', scope: responses, candidates: new Map(responses.map((r) => [r.id, byXmin.get(r.xmin) ?? []])) },
      {
        name: '(a) equal xmin, nom035_referral = Guía I response',
        scope: referredGuideOne,
        candidates: new Map(guideOne.map((r) => [r.id, referrals.filter((f) => f.xmin === r.xmin).map((f) => f.who)])),
      },
      { name: '(b) ctid order zipped per application and cycle', scope: responses, candidates: zipInOrder(completions, responses), orderAttack: true },
      {
        name: `(c) ${usingPostgres ? 'pg_dump --data-only' : 'unordered select (dump)'} order zipped per application and cycle`,
        scope: responses,
        candidates: zipInOrder(completionOrder, responseOrder),
        orderAttack: true,
      },
      { name: '(d) day and class (teacher evaluation)', scope: evaluations, candidates: byDayAndSubject(completions, evaluations, days, { useSubject: true }) },
      { name: '(d) day and guide (NOM-035)', scope: responses.filter((r) => r.classId === null), candidates: byDayAndSubject(completions, responses.filter((r) => r.classId === null), days, { useSubject: true }) },
      { name: '(f) transaction order (xmin between batches) and subject', scope: responses, candidates: byTransactionOrder(completions, responses), orderAttack: true },
      { name: '(e) day and campus', scope: responses, candidates: byDayAndSubject(completions, responses, days, { useSubject: false }) },
    ];
    results = attacks.map(({ name, scope, candidates, orderAttack = false }) => ({
      name,
      n: scope.length,
      hits: Math.round(score(scope, candidates) * 10) / 10,
      chance: Math.round((scope.length / ANONYMITY_BATCH) * 10) / 10,
      bound: binomialBound(scope.length, 1 / ANONYMITY_BATCH),
      orderAttack,
    }));
    console.info(
      `[linkage ${driverName}] k = ${ANONYMITY_BATCH}; right guesses of the respondent of a response (expected by chance; bound)\n` +
        results.map((r) => `  ${r.name}: ${r.hits} of ${r.n} (${r.chance}; ${r.bound})${r.orderAttack ? ' [order]' : ''}`).join('\n'),
    );
  });

  it('equal xmin, day and class, day and guide, day and campus: no better than a guess within a batch', () => {
    const guarded = results.filter((r) => !r.orderAttack);
    expect(guarded.map((r) => r.name)).toHaveLength(5);
    for (const r of guarded) expect(r.hits, r.name).toBeLessThanOrEqual(r.bound);
  });

  // Closed by publishing whole anonymity sets (a class's or a guide's responses together, under one
  // day): zipping orders or following transaction order no longer singles a response out.
  it('transaction order and physical or dump order per application: no better than a guess within a batch', () => {
    for (const r of results.filter((r) => r.orderAttack)) expect(r.hits, r.name).toBeLessThanOrEqual(r.bound);
  });
});
