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
 * 3. three API processes behind HAProxy on one PostgreSQL: a session obtained
 *    through the balancer works on every process; wrong sign-in codes spread
 *    over the processes count together; 30 clients submit through the
 *    balancer while one process is killed with SIGKILL: every acknowledged
 *    submission is stored exactly once, the mover published each response
 *    once, and pruning ran once for the three.
 *
 * Options: --db=postgres|pglite|both (default both; the two-process and
 * balancer proofs run on PostgreSQL only)  --json=FILE writes { passed,
 * failed, checks }. Exits non-zero on any violation.
 * --bench: instead of the proofs, submissions per second through HAProxy
 * with 1 and with 3 API processes (3 runs each, median and spread), for
 * docs/benchmarks.md.
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
import { takeDueRun } from '../packages/server/src/features/maintenance/background-runs';
import { MAX_CODE_ATTEMPTS } from '../packages/server/src/features/respondents/login-codes';
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
/** Detects a mover that never publishes after the load (it runs every 30 s, and after submissions). */
const MOVER_DEADLINE_MS = 120_000;
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
async function startServer(database: { DATABASE_URL: string } | { DATA_DIR: string }, port: number, env: Record<string, string> = {}): Promise<Server> {
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
      ...env,
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

async function seed(db: Database, students: number, classes = 100): Promise<Seeded> {
  const seeded = await seedSubmissionBench(db, { students, classesPerStudent: SUBMISSIONS_PER_CLIENT, classes, teachers: 20 });
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

interface Submission {
  studentId: number;
  token: string;
  classId: number;
  key: string;
  status: number;
  attempts: number;
}

function submissionsOf(seeded: Seeded): Submission[] {
  return seeded.seed.studentIds.flatMap((studentId, index) =>
    seeded.seed.pairs
      .filter((pair) => pair.studentIndex === index)
      .map((pair) => ({ studentId, token: seeded.tokens[index]!, classId: pair.classId, key: randomUUID(), status: 0, attempts: 0 })),
  );
}

interface Load {
  acknowledged: number;
  inFlight: number;
  /** Acknowledged answers per process (X-Served-By). */
  served: Map<string, number>;
  unexpected: string[];
}

/**
 * One client per student, each sending its submissions one after another
 * through `base`, each retried with the same idempotency key after a dropped
 * connection or a 5xx until a 2xx.
 */
async function driveSubmissions(base: string, seeded: BenchSeed, submissions: Submission[], load: Load): Promise<void> {
  const deadline = Date.now() + LOAD_DEADLINE_MS;
  const clients = [...new Set(submissions.map((s) => s.studentId))].map((studentId) => submissions.filter((s) => s.studentId === studentId));
  await Promise.all(
    clients.map(async (mine) => {
      for (const submission of mine) {
        while (Date.now() < deadline) {
          submission.attempts++;
          load.inFlight++;
          const response = await submit(base, submission.token, seeded, submission.classId, submission.key).catch(() => null);
          load.inFlight--;
          if (response) await response.arrayBuffer().catch(() => undefined);
          if (response && response.status >= 200 && response.status < 300) {
            submission.status = response.status;
            load.acknowledged++;
            const by = response.headers.get('x-served-by') ?? '?';
            load.served.set(by, (load.served.get(by) ?? 0) + 1);
            break;
          }
          if (response && response.status < 500) {
            load.unexpected.push(`student ${submission.studentId}, class ${submission.classId}: ${response.status}`);
            break;
          }
          await sleep(100 + Math.random() * 200);
        }
      }
    }),
  );
}

/** Every acknowledged submission stored exactly once, and one response (held or published) per completion. */
function checkStoredOnce(label: string, submissions: Submission[], stored: Awaited<ReturnType<typeof storedSubmissions>>): void {
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
  const submissions = submissionsOf({ seed: seeded, tokens });
  const total = submissions.length;
  const load: Load = { acknowledged: 0, inFlight: 0, served: new Map(), unexpected: [] };
  const inFlightAtKill: number[] = [];
  const restartSeconds: number[] = [];
  const deadline = Date.now() + LOAD_DEADLINE_MS;

  // The killer: SIGKILL when a quarter, a half and three quarters are acknowledged, then start again (same port).
  const killer = async () => {
    for (let kill = 1; kill <= KILLS; kill++) {
      while (load.acknowledged < (total * kill) / (KILLS + 1) && Date.now() < deadline) await sleep(5);
      inFlightAtKill.push(load.inFlight);
      await stopServer(server, 'SIGKILL');
      const restart = Date.now();
      server = await startServer(database, port);
      restartSeconds.push((Date.now() - restart) / 1000);
    }
  };

  await Promise.all([killer(), driveSubmissions(server.base, seeded, submissions, load)]);
  const loadSeconds = (Date.now() - started) / 1000;
  await stopServer(server, 'SIGTERM');

  const verify = await openDatabase({ url: postgresUrl, pgliteDir });
  const stored = await storedSubmissions(verify.db, seeded.activeId);
  await verify.close();

  const acked = submissions.filter((s) => s.status);
  const attempts = submissions.reduce((sum, s) => sum + s.attempts, 0);

  check(
    `${label}: the server was killed ${KILLS} times mid-load`,
    inFlightAtKill.length === KILLS && inFlightAtKill.every((n) => n > 0),
    `requests in flight at each kill: ${inFlightAtKill.join(', ')}; restarts took ${restartSeconds.map((s) => s.toFixed(1)).join(', ')} s`,
  );
  check(
    `${label}: every submission was acknowledged after retries with its idempotency key`,
    acked.length === total && load.unexpected.length === 0,
    `${acked.length} of ${total} acknowledged (${acked.filter((s) => s.status === 200).length} as a replay) in ${attempts} requests` +
      (load.unexpected.length ? `; unexpected answers: ${load.unexpected.slice(0, 5).join('; ')}` : ''),
  );
  checkStoredOnce(label, submissions, stored);
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

// ------------------------------------------------------------ 3. three API processes behind HAProxy

const HAPROXY = '/usr/sbin/haproxy';
const BALANCED_PROCESSES = 3;
const BALANCED_CLIENTS = 30;
/** The servers believe the balancer's X-Forwarded-For (README, TRUST_PROXY), so throttles see the client. */
const BEHIND_BALANCER = { TRUST_PROXY: 'loopback' };

/** A new database on the throwaway cluster. */
async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * HAProxy in front of the API processes, as docs/operations.md ("Several API processes behind a load balancer")
 * describes (there on public ports): round robin, a process taken out of
 * rotation when /health/ready fails twice, a request whose connection was
 * refused sent to another process (never one a process may have received).
 * X-Served-By names the process that answered, so the proof sees the spread.
 */
export function haproxyConfig(port: number, serverPorts: readonly number[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 5s
  timeout client 2m
  timeout server 2m
  option forwardfor
  option redispatch
  retries 3

frontend encuestas
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /encuestas/api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  http-response set-header X-Served-By %s
${serverPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** HAProxy in the foreground (-db) on a free port, once it passes requests to a ready process. */
async function startBalancer(work: string, serverPorts: readonly number[]): Promise<Server> {
  const port = await freePort();
  const file = path.join(work, `haproxy-${port}.cfg`);
  writeFileSync(file, haproxyConfig(port, serverPorts));
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('error', (error) => (output += `could not start ${HAPROXY}: ${error.message}`));
  const base = `http://127.0.0.1:${port}/encuestas/api`;
  const deadline = Date.now() + START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null || output.includes('could not start')) throw new Error(`HAProxy exited during start-up:\n${output}`);
    const ready = await fetch(`${base}/health/ready`).catch(() => null);
    if (ready?.ok) return { base, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`HAProxy did not pass /health/ready within ${START_DEADLINE_MS / 1000} s:\n${output}`);
    await sleep(100);
  }
}

async function postJson(base: string, route: string, body: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, json: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** The code of the `count`-th sign-in mail to `email` (kept in the outbox: no SMTP_URL). */
async function mailedCode(db: Database, email: string, count: number): Promise<string> {
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  for (;;) {
    const mails = await queryRows<{ subject: string }>(db, sql`select subject from mail_outbox where "to" = ${email} order by id`);
    const code = mails[count - 1]?.subject.match(/código de acceso: (\d+)/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in mail number ${count} to ${email}`);
    await sleep(100);
  }
}

async function balancerProof(clusterUrl: string, work: string): Promise<void> {
  const label = `${BALANCED_PROCESSES} API processes behind HAProxy`;
  const started = Date.now();
  const databaseUrl = await createDatabase(clusterUrl, 'balanced');
  const setup = await openDatabase({ url: databaseUrl });
  await setup.migrate();
  // Ten classes, so each class's anonymity set fills and the mover publishes while the load runs.
  const seeded = await seed(setup.db, BALANCED_CLIENTS + 1, 10);
  const ports: number[] = [];
  for (let i = 0; i < BALANCED_PROCESSES; i++) ports.push(await freePort());
  const servers = await Promise.all(ports.map((port) => startServer({ DATABASE_URL: databaseUrl }, port, BEHIND_BALANCER)));
  const balancer = await startBalancer(work, ports);
  try {
    // Sign-in: wrong codes sent to each process in turn spend one pool of tries.
    const [person] = await queryRows<{ pc_id: string; email: string }>(
      setup.db,
      sql`select pc_id, email from student where id = ${seeded.seed.studentIds[BALANCED_CLIENTS]!}`,
    );
    const identifier = person!.pc_id;
    const asked = await postJson(balancer.base, '/respondents/code', { identifier });
    const code = await mailedCode(setup.db, person!.email, 1);
    const wrong = code === '000000' ? '000001' : '000000';
    const tries: number[] = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) tries.push((await postJson(servers[i % servers.length]!.base, '/respondents/code/validate', { identifier, code: wrong })).status);
    const rightAfter = await postJson(servers[MAX_CODE_ATTEMPTS % servers.length]!.base, '/respondents/code/validate', { identifier, code });
    check(
      `${label}: wrong sign-in codes sent to different processes count together`,
      asked.status === 201 && tries.slice(0, -1).every((s) => s === 422) && tries.at(-1) === 429 && rightAfter.status === 429,
      `code asked ${asked.status}; ${MAX_CODE_ATTEMPTS} wrong codes over ${servers.length} processes: ${tries.join(', ')}; then the right code on another: ${rightAfter.status}`,
    );

    // A session opened through the balancer works on every process, and a logout ends it on all.
    await postJson(balancer.base, '/respondents/code', { identifier });
    const signIn = await postJson(balancer.base, '/respondents/code/validate', { identifier, code: await mailedCode(setup.db, person!.email, 2) });
    const token = String(signIn.json.token ?? '');
    const me = (s: Server) => fetch(`${s.base}/respondents/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const before = await Promise.all(servers.map(me));
    const logout = (await postJson(balancer.base, '/respondents/logout', {}, token)).status;
    const after = await Promise.all(servers.map(me));
    check(
      `${label}: a session opened through the balancer works on every process, and its logout ends it on every process`,
      signIn.status === 200 && before.every((s) => s === 200) && logout === 200 && after.every((s) => s === 401),
      `sign-in ${signIn.status}; /me on each process ${before.join('/')}; logout ${logout}; /me after ${after.join('/')}`,
    );

    // The load, with one process killed halfway.
    const student = { seed: { ...seeded.seed, studentIds: seeded.seed.studentIds.slice(0, BALANCED_CLIENTS) }, tokens: seeded.tokens };
    const submissions = submissionsOf(student);
    const load: Load = { acknowledged: 0, inFlight: 0, served: new Map(), unexpected: [] };
    let atKill = { inFlight: 0, acknowledged: 0, served: '' };
    const victim = servers[1]!;
    const killer = async () => {
      while (load.acknowledged < submissions.length / 2) await sleep(5);
      atKill = { inFlight: load.inFlight, acknowledged: load.acknowledged, served: [...load.served].map(([k, v]) => `${k} ${v}`).join(', ') };
      await stopServer(victim, 'SIGKILL');
    };
    await Promise.all([killer(), driveSubmissions(balancer.base, seeded.seed, submissions, load)]);

    const stored = await storedSubmissions(setup.db, seeded.seed.activeId);
    const acked = submissions.filter((s) => s.status);
    const attempts = submissions.reduce((sum, s) => sum + s.attempts, 0);
    check(
      `${label}: every process answered submissions, and one was killed with SIGKILL mid-load`,
      load.served.size === BALANCED_PROCESSES && atKill.inFlight > 0 && atKill.acknowledged < submissions.length,
      `answered before the kill: ${atKill.served}; ${atKill.inFlight} requests in flight at the kill, ${atKill.acknowledged} of ${submissions.length} acknowledged`,
    );
    check(
      `${label}: every submission was acknowledged through the balancer after retries with its idempotency key`,
      acked.length === submissions.length && load.unexpected.length === 0,
      `${acked.length} of ${submissions.length} acknowledged (${acked.filter((s) => s.status === 200).length} as a replay) in ${attempts} requests; ` +
        `answered by ${[...load.served].map(([k, v]) => `${k} ${v}`).join(', ')}` +
        (load.unexpected.length ? `; unexpected answers: ${load.unexpected.slice(0, 5).join('; ')}` : ''),
    );
    checkStoredOnce(label, submissions, stored);

    // Background work: the mover published (each response once: checked above), pruning ran once for the three.
    // The mover works in a thread of its own, which may still be on its first run when the load ends: wait for it.
    const background = async () => {
      const [published] = await queryRows<{ n: number }>(setup.db, sql`select count(*)::int as n from response where active_id = ${seeded.seed.activeId}`);
      const runs = new Map((await queryRows<{ name: string; runs: number; finished: boolean }>(
        setup.db,
        sql`select name, runs, finished_at is not null as finished from background_run`,
      )).map((r) => [r.name, r]));
      return { published, runs };
    };
    const moverDeadline = Date.now() + MOVER_DEADLINE_MS;
    let { published, runs } = await background();
    while (!((published?.n ?? 0) > 0 && runs.get('mover')?.finished) && Date.now() < moverDeadline) {
      await sleep(200);
      ({ published, runs } = await background());
    }
    check(
      `${label}: the mover published during or right after the load, each response once, and recorded its runs`,
      (published?.n ?? 0) > 0 && (runs.get('mover')?.runs ?? 0) > 0 && runs.get('mover')?.finished === true,
      `${published?.n ?? 0} responses published of ${acked.length}; background_run mover: ${runs.get('mover')?.runs ?? 0} runs recorded`,
    );
    check(
      `${label}: pruning ran once for the ${BALANCED_PROCESSES} processes`,
      runs.get('prune')?.runs === 1 && runs.get('prune')?.finished === true,
      `background_run prune: ${runs.get('prune')?.runs ?? 0} runs, finished ${runs.get('prune')?.finished ?? false}`,
    );
  } finally {
    await Promise.all([...servers.map((s) => stopServer(s, 'SIGTERM')), stopServer(balancer, 'SIGTERM')]);
    await setup.close();
  }
  console.log(`[crash] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// ------------------------------------------------------------ --bench: capacity through the balancer

const BENCH_RUNS = 3;
const BENCH_CLIENTS = 60;

/** Submissions per second through HAProxy with `processes` API processes, on a fresh database. */
async function balancedRate(clusterUrl: string, work: string, processes: number, run: number): Promise<number> {
  const databaseUrl = await createDatabase(clusterUrl, `bench_${processes}_${run}`);
  const setup = await openDatabase({ url: databaseUrl });
  await setup.migrate();
  // Half the students warm the processes up (JIT, pools) untimed; the other half are timed.
  const seeded = await seed(setup.db, BENCH_CLIENTS * 2);
  await setup.close();
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  const servers = await Promise.all(ports.map((port) => startServer({ DATABASE_URL: databaseUrl }, port, BEHIND_BALANCER)));
  const balancer = await startBalancer(work, ports);
  try {
    const all = submissionsOf(seeded);
    const warmUp = all.filter((s) => seeded.seed.studentIds.indexOf(s.studentId) < BENCH_CLIENTS);
    const submissions = all.filter((s) => !warmUp.includes(s));
    await driveSubmissions(balancer.base, seeded.seed, warmUp, { acknowledged: 0, inFlight: 0, served: new Map(), unexpected: [] });
    const load: Load = { acknowledged: 0, inFlight: 0, served: new Map(), unexpected: [] };
    const start = performance.now();
    await driveSubmissions(balancer.base, seeded.seed, submissions, load);
    const seconds = (performance.now() - start) / 1000;
    if (load.acknowledged !== submissions.length) throw new Error(`${submissions.length - load.acknowledged} submissions not acknowledged`);
    return submissions.length / seconds;
  } finally {
    await Promise.all([...servers.map((s) => stopServer(s, 'SIGTERM')), stopServer(balancer, 'SIGTERM')]);
  }
}

/**
 * What the once-per-interval lease costs a process: the check that finds the
 * run taken (every minute, in every process), against `select 1` on the same
 * connection, 3 connections at once as 3 processes would.
 */
async function leaseCost(clusterUrl: string): Promise<void> {
  const databaseUrl = await createDatabase(clusterUrl, 'bench_lease');
  const setup = await openDatabase({ url: databaseUrl });
  await setup.migrate();
  await setup.close();
  const CALLS = 500;
  const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: databaseUrl })));
  const timed = async (run: (db: Database) => Promise<unknown>) => {
    const times: number[] = [];
    await Promise.all(
      handles.map(async ({ db }) => {
        for (let i = 0; i < CALLS; i++) {
          const start = performance.now();
          await run(db);
          times.push(performance.now() - start);
        }
      }),
    );
    return times.sort((a, b) => a - b);
  };
  const took = await Promise.all(handles.map(({ db }) => takeDueRun(db, 'bench', 3_600_000)));
  for (let round = 1; round <= BENCH_RUNS; round++) {
    const baseline = await timed((db) => db.execute(sql`select 1`));
    const lease = await timed((db) => takeDueRun(db, 'bench', 3_600_000));
    const at = (xs: number[], q: number) => xs[Math.floor(xs.length * q)]!.toFixed(2);
    console.log(
      `[bench] round ${round}, 3 connections × ${CALLS}: lease check median ${at(lease, 0.5)} ms (p95 ${at(lease, 0.95)}), ` +
        `select 1 median ${at(baseline, 0.5)} ms (p95 ${at(baseline, 0.95)}); runs taken ${took.filter(Boolean).length} of 3`,
    );
  }
  await Promise.all(handles.map((h) => h.close()));
}

async function clusterBench(clusterUrl: string, work: string): Promise<void> {
  await leaseCost(clusterUrl);
  const rates: Record<number, number[]> = { 1: [], 3: [] };
  // Alternating, so a busier moment of the machine falls on both.
  for (let run = 1; run <= BENCH_RUNS; run++)
    for (const processes of [1, 3]) {
      const rate = await balancedRate(clusterUrl, work, processes, run);
      rates[processes]!.push(rate);
      console.log(`[bench] run ${run}, ${processes} process(es): ${rate.toFixed(1)} submissions/s`);
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const processes of [1, 3]) {
    const xs = rates[processes]!;
    console.log(
      `[bench] ${processes} process(es) behind HAProxy: median ${median(xs).toFixed(1)} submissions/s ` +
        `(runs ${xs.map((x) => x.toFixed(1)).join(', ')}; spread ${(Math.max(...xs) - Math.min(...xs)).toFixed(1)})`,
    );
  }
}

// ------------------------------------------------------------ the run

const startedAt = Date.now();
if (process.argv.includes('--bench')) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'encuestas-cluster-bench-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const cluster = await startPostgresCluster({ durable: false });
  cleanups.push(cluster.stop);
  await clusterBench(cluster.url, work);
  process.exit(0);
}
try {
  for (const driver of drivers) {
    const work = mkdtempSync(path.join(os.tmpdir(), `encuestas-crash-${driver}-`));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    if (driver === 'postgres') {
      const cluster = await startPostgresCluster({ durable: false });
      cleanups.push(cluster.stop);
      await crashProof(driver, work, cluster.url);
      await twoProcessProof(cluster.url);
      await balancerProof(cluster.url, work);
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
