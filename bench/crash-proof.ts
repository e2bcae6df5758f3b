/**
 * `npm run test:crash`: the crash proof and the two-process proof, against
 * the real server (`packages/server/src/main.ts` in child processes).
 *
 * 1. kill -9 under load: 50 clients, each a distinct student with its own
 *    session, submit teacher evaluations (one idempotency key per
 *    submission, retried with the same key after any failure) while the
 *    server is killed with SIGKILL three times and restarted. Afterwards every
 *    acknowledged (2xx) submission must be stored exactly once and nothing
 *    twice.
 * 2. two API processes on one PostgreSQL: both serve; one respondent sending
 *    the same survey to both at once gets exactly one stored; a session
 *    revoked (logout) through one process is refused by the other.
 *
 * Options: --db=postgres|pglite|both (default both; the two-process proof
 * runs on PostgreSQL only)  --json=FILE writes { passed, failed, checks }.
 * Exits non-zero on any violation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '../packages/core/src/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { openDatabase, queryRows, type Database } from '../packages/server/src/db/client';
import { TokenService } from '../packages/server/src/http/tokens';
import { freePort, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { seedSubmissionBench, type BenchSeed } from './seed';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dbArg = arg('db', 'both');
const drivers = (dbArg === 'both' ? ['postgres', 'pglite'] : [dbArg]) as ('postgres' | 'pglite')[];
const jsonFile = arg('json', '');

const JWT_SECRET = 'crash-proof-secret-'.padEnd(48, 'x');
const CLIENTS = 50;
const SUBMISSIONS_PER_CLIENT = 8;
const KILLS = 3;
// Hang detectors only, far above the slowest runs measured on a 2-core machine at load average 12
// to 16 (docs/security.md, "The test suite holds on a busy machine"): the proofs assert what is
// stored, never how fast.
/** The whole load, kills and restarts included. */
const LOAD_DEADLINE_MS = 900_000;
/** One server start until /health answers. */
const START_DEADLINE_MS = 300_000;
/** One submission; a client retries it with the same idempotency key after this. */
const REQUEST_TIMEOUT_MS = 60_000;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  console.log(`[crash] ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

const cleanups: (() => void)[] = [];
function cleanUp(): void {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch (error) {
      console.error(`[crash] clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

// ------------------------------------------------------------ the real server

interface Server {
  base: string;
  child: ChildProcess;
  output(): string;
}

/** Starts `packages/server/src/main.ts` the way `npm start` does and waits until /health answers. */
async function startServer(database: { DATABASE_URL: string } | { DATA_DIR: string }, port: number): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(os.tmpdir(), 'encuestas-crash-no-web-dist'),
      ...database,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // However the run stops, no server outlives it.
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}/encuestas/api`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    const health = await fetch(`${base}/health`).catch(() => null);
    if (health?.ok) return { base, child, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within ${START_DEADLINE_MS / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
}

async function stopServer(server: Server, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------ data

function teacherEvaluationAnswers(): Record<string, string> {
  const values: Record<string, string> = {};
  for (const section of TEACHER_EVALUATION_QUESTIONNAIRE.sections)
    for (const item of section.items) {
      if (item.type === 'rating') values[item.id] = 'buena';
      else if (item.type === 'yesNo') values[item.id] = 'yes';
      else if (item.type === 'text') values[item.id] = 'Explica con claridad.';
    }
  return values;
}
const ANSWERS = teacherEvaluationAnswers();

interface Seeded {
  seed: BenchSeed;
  /** One session per student, minted the way a code login issues it. */
  tokens: string[];
}

async function seed(db: Database, students: number): Promise<Seeded> {
  const seeded = await seedSubmissionBench(db, { students, classesPerStudent: SUBMISSIONS_PER_CLIENT, classes: 100, teachers: 20 });
  const tokens = new TokenService(db, JWT_SECRET, 3600);
  return { seed: seeded, tokens: await Promise.all(seeded.studentIds.map((id) => tokens.issue('student', id))) };
}

/**
 * What the database holds for one application: completions per
 * (student, class) and responses per class. The one place that knows where
 * a submission lands: held (waiting for the mover) or published, counted
 * together, so a response the mover published twice or lost shows up too.
 */
async function storedSubmissions(db: Database, activeId: number): Promise<{ completions: Map<string, number>; responsesPerClass: Map<number, number> }> {
  const completionRows = await queryRows<{ respondent_id: number; subject_key: string; n: number }>(
    db,
    sql`select respondent_id, subject_key, count(*)::int as n from completion
        where active_id = ${activeId} and respondent_type = 'student' group by respondent_id, subject_key`,
  );
  const responseRows = await queryRows<{ class_id: number; n: number }>(
    db,
    sql`select class_id, count(*)::int as n
        from (select class_id from held_response where active_id = ${activeId}
              union all select class_id from response where active_id = ${activeId}) stored
        group by class_id`,
  );
  return {
    completions: new Map(completionRows.map((r) => [`${r.respondent_id}:${r.subject_key}`, r.n])),
    responsesPerClass: new Map(responseRows.map((r) => [r.class_id, r.n])),
  };
}

function submit(base: string, token: string, seeded: BenchSeed, classId: number, idempotencyKey: string): Promise<Response> {
  return fetch(`${base}/respondents/responses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ activeId: seeded.activeId, cicleId: seeded.cycleId, subject: String(classId), idempotencyKey, answers: ANSWERS }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

// ------------------------------------------------------------ 1. kill -9 under load

async function crashProof(driver: 'postgres' | 'pglite', work: string, postgresUrl?: string): Promise<void> {
  const label = `kill -9 under load (${driver})`;
  const started = Date.now();
  const database = postgresUrl ? { DATABASE_URL: postgresUrl } : { DATA_DIR: path.join(work, 'data') };
  const pgliteDir = postgresUrl ? undefined : path.join(work, 'data', 'pgdata');

  const setup = await openDatabase({ url: postgresUrl, pgliteDir });
  await setup.migrate();
  const { seed: seeded, tokens } = await seed(setup.db, CLIENTS);
  await setup.close();

  const port = await freePort();
  let server = await startServer(database, port);
  const submissions = seeded.studentIds.flatMap((studentId, index) =>
    seeded.pairs
      .filter((pair) => pair.studentIndex === index)
      .map((pair) => ({ studentId, token: tokens[index]!, classId: pair.classId, key: randomUUID(), status: 0, attempts: 0 })),
  );
  const byClient = seeded.studentIds.map((studentId) => submissions.filter((s) => s.studentId === studentId));
  const total = submissions.length;
  let acknowledged = 0;
  let inFlight = 0;
  const inFlightAtKill: number[] = [];
  const restartSeconds: number[] = [];
  const unexpected: string[] = [];
  const deadline = Date.now() + LOAD_DEADLINE_MS;

  // A client: its submissions one after another, each retried with the same key until a 2xx.
  const client = async (mine: typeof submissions) => {
    for (const submission of mine) {
      while (Date.now() < deadline) {
        submission.attempts++;
        inFlight++;
        const response = await submit(server.base, submission.token, seeded, submission.classId, submission.key).catch(() => null);
        inFlight--;
        if (response) await response.arrayBuffer().catch(() => undefined);
        if (response && response.status >= 200 && response.status < 300) {
          submission.status = response.status;
          acknowledged++;
          break;
        }
        if (response && response.status < 500) {
          unexpected.push(`student ${submission.studentId}, class ${submission.classId}: ${response.status}`);
          break;
        }
        await sleep(100 + Math.random() * 200);
      }
    }
  };

  // The killer: SIGKILL when a quarter, a half and three quarters are acknowledged, then start again.
  const killer = async () => {
    for (let kill = 1; kill <= KILLS; kill++) {
      while (acknowledged < (total * kill) / (KILLS + 1) && Date.now() < deadline) await sleep(5);
      inFlightAtKill.push(inFlight);
      await stopServer(server, 'SIGKILL');
      const restart = Date.now();
      server = await startServer(database, port);
      restartSeconds.push((Date.now() - restart) / 1000);
    }
  };

  await Promise.all([killer(), ...byClient.map(client)]);
  const loadSeconds = (Date.now() - started) / 1000;
  await stopServer(server, 'SIGTERM');

  const verify = await openDatabase({ url: postgresUrl, pgliteDir });
  const stored = await storedSubmissions(verify.db, seeded.activeId);
  await verify.close();

  const acked = submissions.filter((s) => s.status);
  const missing = acked.filter((s) => stored.completions.get(`${s.studentId}:${s.classId}`) !== 1);
  const twice = [...stored.completions].filter(([, n]) => n > 1);
  const completionsPerClass = new Map<number, number>();
  for (const [key, n] of stored.completions) {
    const classId = Number(key.split(':')[1]);
    completionsPerClass.set(classId, (completionsPerClass.get(classId) ?? 0) + n);
  }
  const classIds = new Set([...completionsPerClass.keys(), ...stored.responsesPerClass.keys()]);
  const responseMismatch = [...classIds].filter((c) => (completionsPerClass.get(c) ?? 0) !== (stored.responsesPerClass.get(c) ?? 0));
  const storedTotal = [...stored.completions.values()].reduce((a, b) => a + b, 0);
  const responsesTotal = [...stored.responsesPerClass.values()].reduce((a, b) => a + b, 0);
  const attempts = submissions.reduce((sum, s) => sum + s.attempts, 0);

  check(
    `${label}: the server was killed ${KILLS} times mid-load`,
    inFlightAtKill.length === KILLS && inFlightAtKill.every((n) => n > 0),
    `requests in flight at each kill: ${inFlightAtKill.join(', ')}; restarts took ${restartSeconds.map((s) => s.toFixed(1)).join(', ')} s`,
  );
  check(
    `${label}: every submission was acknowledged after retries with its idempotency key`,
    acked.length === total && unexpected.length === 0,
    `${acked.length} of ${total} acknowledged (${acked.filter((s) => s.status === 200).length} as a replay) in ${attempts} requests` +
      (unexpected.length ? `; unexpected answers: ${unexpected.slice(0, 5).join('; ')}` : ''),
  );
  check(
    `${label}: every acknowledged submission is stored exactly once`,
    missing.length === 0 && twice.length === 0 && storedTotal === acked.length,
    `${storedTotal} completions stored for ${acked.length} acknowledged; missing ${missing.length}, stored twice ${twice.length}`,
  );
  check(
    `${label}: one response per completion, none stored twice`,
    responseMismatch.length === 0 && responsesTotal === storedTotal,
    `${responsesTotal} responses for ${storedTotal} completions; classes that differ: ${responseMismatch.length}`,
  );
  console.log(`[crash] ${label}: ${loadSeconds.toFixed(1)} s`);
}

// ------------------------------------------------------------ 2. two API processes on one PostgreSQL

async function twoProcessProof(clusterUrl: string): Promise<void> {
  const label = 'two API processes on one PostgreSQL';
  const started = Date.now();
  const url = new URL(clusterUrl);
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query('create database two_processes');
  await admin.end();
  url.pathname = '/two_processes';
  const databaseUrl = url.toString();

  const setup = await openDatabase({ url: databaseUrl });
  await setup.migrate();
  const pairsOf = 40;
  const { seed: seeded, tokens } = await seed(setup.db, pairsOf + 1);

  const [a, b] = await Promise.all([
    freePort().then((port) => startServer({ DATABASE_URL: databaseUrl }, port)),
    freePort().then((port) => startServer({ DATABASE_URL: databaseUrl }, port)),
  ]);
  try {
    const health = await Promise.all([a, b].map((s) => fetch(`${s.base}/health`).then((r) => r.status)));
    check(`${label}: both serve`, health.every((s) => s === 200), `/health answered ${health.join(' and ')}`);

    // Students 0..19 send from two devices (two keys), 20..39 retry one submission on both (one key).
    const firstClass = (index: number) => seeded.pairs.find((p) => p.studentIndex === index)!.classId;
    const outcomes = await Promise.all(
      Array.from({ length: pairsOf }, async (_, index) => {
        const classId = firstClass(index);
        const sameKey = index >= pairsOf / 2;
        const key = randomUUID();
        const statuses = await Promise.all(
          [a, b].map((s) => submit(s.base, tokens[index]!, seeded, classId, sameKey ? key : randomUUID()).then(async (r) => (await r.arrayBuffer(), r.status))),
        );
        return { index, classId, sameKey, statuses: statuses.sort() };
      }),
    );
    const stored = await storedSubmissions(setup.db, seeded.activeId);
    const notOnce = outcomes.filter((o) => stored.completions.get(`${seeded.studentIds[o.index]}:${o.classId}`) !== 1);
    const responses = [...stored.responsesPerClass.values()].reduce((x, y) => x + y, 0);
    check(
      `${label}: the same respondent submitting the same survey to both at once gets exactly one stored`,
      notOnce.length === 0 && responses === pairsOf,
      `${pairsOf} respondents, ${pairsOf - notOnce.length} stored exactly once, ${responses} responses`,
    );
    const badStatuses = outcomes.filter((o) => o.statuses.join() !== (o.sameKey ? '200,201' : '201,409'));
    check(
      `${label}: the other process answers a replay (200) or already answered (409)`,
      badStatuses.length === 0,
      badStatuses.length ? `unexpected: ${badStatuses.slice(0, 5).map((o) => o.statuses.join('/')).join('; ')}` : 'two keys: 201 + 409; one key: 201 + 200',
    );

    const token = tokens[pairsOf]!;
    const me = (s: Server) => fetch(`${s.base}/respondents/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const before = [await me(a), await me(b)];
    const logout = await fetch(`${a.base}/respondents/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const after = [await me(b), await me(a)];
    const submitAfter = await submit(b.base, token, seeded, firstClass(pairsOf), randomUUID()).then((r) => r.status);
    check(
      `${label}: a session revoked through one process is refused by the other`,
      before.every((s) => s === 200) && logout === 200 && after.every((s) => s === 401) && submitAfter === 401,
      `/me before ${before.join('/')}, logout on A ${logout}, /me after on B/A ${after.join('/')}, submission on B ${submitAfter}`,
    );
  } finally {
    await Promise.all([stopServer(a, 'SIGTERM'), stopServer(b, 'SIGTERM')]);
    await setup.close();
  }
  console.log(`[crash] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// ------------------------------------------------------------ the run

const startedAt = Date.now();
try {
  for (const driver of drivers) {
    const work = mkdtempSync(path.join(os.tmpdir(), `encuestas-crash-${driver}-`));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    if (driver === 'postgres') {
      const cluster = await startPostgresCluster({ durable: false });
      cleanups.push(cluster.stop);
      await crashProof(driver, work, cluster.url);
      await twoProcessProof(cluster.url);
    } else {
      await crashProof(driver, work);
    }
  }
} catch (error) {
  check('the proofs ran to the end', false, error instanceof Error ? (error.stack ?? error.message) : String(error));
}
const failed = checks.filter((c) => !c.ok).length;
const passed = checks.length - failed;
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ passed, failed, checks }, null, 2));
console.log(`\n[crash] ${failed ? 'FAILED' : 'held'}: ${passed} checks passed, ${failed} failed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
process.exit(failed || checks.length === 0 ? 1 : 0);
