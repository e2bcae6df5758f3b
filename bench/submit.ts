/**
 * `npm run bench:submit`: many distinct students submitting teacher
 * evaluations through the real API, next to a baseline route inserting one
 * row per request, in the same run. PostgreSQL (a throwaway cluster) by
 * default; `-- --db=pglite` for the embedded database. Writes the results,
 * with the machine and date, to docs/benchmarks.md.
 *
 * Each run (three by default, reported as the median and the spread) has three
 * phases: the baseline; submissions in a closed loop (each of the connections
 * sends its next request when its last one is answered: the load eases as the
 * server slows); and submissions in an open loop at 80 % of the closed loop's
 * rate (requests sent at that fixed rate over many connections, whatever the
 * answers' pace: the latency a user meets at a busy but sustainable hour).
 * Each baseline waits for the server and database to be quiet (the mover done with the run before).
 * Beside every phase a probe asks GET /health 10 times a second, the latency
 * of a request that does no work while the server is loaded (from a thread of
 * its own: the load generator's busy event loop would delay it otherwise). The server logs
 * as in production (to a file). Each phase also counts the CPU the server process, the
 * PostgreSQL cluster and this process (the load generator) used per request (bench/cpu.ts): on a
 * shared machine it moves less than the rate does.
 *
 * Options: --db=postgres|pglite  --connections=50  --duration=20 (seconds per phase)  --runs=3
 *   --mover=active|idle  active (default): the server's mover publishes held
 *   responses after submissions, as in production; idle: ANONYMITY_BATCH is
 *   set out of reach, so the mover only checks and never publishes.
 *   --background=on|off  on (default): beside both submission phases a
 *   back-office user sends reminder jobs one after another (each one group's
 *   missing students, groups of about 45, mailed to a real SMTP sink) and has
 *   XLSX files of the campus's missing list made one after another, as a busy
 *   morning of an application has them. What is under way when a phase ends
 *   is finished before the next phase.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import type { ReminderJobAnswer } from '../packages/core/src/api/missing';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '../packages/core/src/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { sql } from 'drizzle-orm';
import { createAdminUser, ensurePermissionCatalogue, grantEverything } from '../packages/server/src/db/admin-users';
import { openDatabase, queryRows } from '../packages/server/src/db/client';
import { TokenService } from '../packages/server/src/http/tokens';
import { startPostgresCluster, freePort } from '../scripts/postgres-cluster.mjs';
import { buildBenchServer } from '../scripts/server-build.mjs';
import { canReadCpu, cpuBetween, cpuSnapshot, parentOf, withChildren } from './cpu';
import { seedSubmissionBench } from './seed';
import { writeResults, type PhaseResult, type SubmitRun } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const driver = arg('db', 'postgres') as 'postgres' | 'pglite';
const connections = Number(arg('connections', '50'));
const duration = Number(arg('duration', '20'));
const mover = arg('mover', 'active') as 'active' | 'idle';
const runs = Number(arg('runs', '3'));
const background = arg('background', 'on') === 'on';
/** The open loop's rate, as a share of the same run's closed-loop rate. */
const OPEN_LOOP_SHARE = 0.8;
const HEALTH_PROBE_RATE = 10;
const JWT_SECRET = 'bench-secret-'.padEnd(48, 'x');
const BACK_OFFICE = { email: 'bench-submit@encuestas.invalid', password: 'bench-submit-password', name: 'Benchmark de envíos' };

function answers(): Record<string, string> {
  const values: Record<string, string> = {};
  const ratings = ['excelente', 'muyBuena', 'buena', 'regular'];
  let i = 0;
  for (const section of TEACHER_EVALUATION_QUESTIONNAIRE.sections)
    for (const item of section.items) {
      if (item.type === 'rating') values[item.id] = ratings[i++ % ratings.length]!;
      else if (item.type === 'yesNo') values[item.id] = 'yes';
      else if (item.type === 'text') values[item.id] = 'Explica con claridad y siempre resuelve nuestras dudas en clase.';
    }
  return values;
}

async function startServer(env: Record<string, string>, port: number, logFile: string): Promise<ChildProcess> {
  const log = openSync(logFile, 'a');
  // Bundled as `npm start` runs the server: through tsx every nested function pays for its name at runtime.
  const bundle = await buildBenchServer('bench-submit-server', path.join(here, 'server.ts'));
  const child = fork(bundle, [], {
    env: { ...process.env, ...env, PORT: String(port), JWT_SECRET },
    execArgv: ['--enable-source-maps', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return child;
}

/** Stops the server and waits for it to exit (it closes its database first). */
async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

interface OpenLoopResult {
  requestsPerSecond: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0;
}

/**
 * Requests sent at a fixed rate, evenly spaced, whatever the answers' pace (an
 * open loop: autocannon's own rate limit sends each second's requests in one
 * burst). Latency from the moment a request was due, so a generator that falls
 * behind counts against the server, not in its favour.
 */
async function openLoop(url: string, rate: number, request: () => { method: string; headers?: Record<string, string>; body?: string }): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * duration);
  for (let sent = 0; sent < total; sent++) {
    const due = start + (sent * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { method, headers, body } = request();
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request(url, { method, headers, agent }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
            else failed++;
            resolve();
          });
        });
        req.on('error', () => {
          failed++;
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort((x, y) => x - y);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { requestsPerSecond: ok / elapsed, ok, failed, p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? 0) };
}

/** /health checked HEALTH_PROBE_RATE times a second for the phase, from a thread of its own (bench/health-probe.mjs). */
function healthProbe(url: string): Promise<{ p99: number }> {
  const worker = new Worker(new URL('./health-probe.mjs', import.meta.url), { workerData: { url, rate: HEALTH_PROBE_RATE, seconds: duration } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** The processes whose CPU a phase counts (bench/cpu.ts): the server's, and the PostgreSQL cluster's when it runs here. */
interface MeasuredProcesses {
  server: number;
  postmaster: number | null;
}
let measured: MeasuredProcesses | null = null;

function cpuNow(): { server: Map<number, number>; database: Map<number, number> | null } | null {
  if (!measured) return null;
  return { server: cpuSnapshot([measured.server]), database: measured.postmaster ? cpuSnapshot(withChildren(measured.postmaster)) : null };
}

/** A second's CPU under this share of one core, server and database together, is a quiet machine for the baseline. */
const QUIET_SHARE = 0.05;
const QUIET_WAIT_MS = 120_000;

/**
 * Waits until the server and the database are quiet (or QUIET_WAIT_MS has passed): after a run the
 * mover still publishes what its submissions left held, and a baseline measured meanwhile shares the
 * CPU with it (PGlite's baseline 2,199, 1,270, 1,748/s within one table). Answers the seconds waited.
 */
async function quietBeforeBaseline(): Promise<number> {
  if (!measured) return 0;
  const began = performance.now();
  while (performance.now() - began < QUIET_WAIT_MS) {
    const before = cpuNow()!;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuNow()!;
    const used = cpuBetween(before.server, after.server) + (before.database && after.database ? cpuBetween(before.database, after.database) : 0);
    if (used < 1000 * QUIET_SHARE) break;
  }
  return Math.round((performance.now() - began) / 1000);
}

/** One phase of load on `url` (autocannon's closed loop, or an open loop at `rate`), with the /health probe beside it. */
async function phase(
  name: string,
  health: string,
  work: () => Promise<OpenLoopResult | autocannon.Result>,
): Promise<PhaseResult> {
  const before = cpuNow();
  const generatorBefore = process.cpuUsage();
  const [result, probe] = await Promise.all([work(), healthProbe(health)]);
  const generator = process.cpuUsage(generatorBefore);
  const after = cpuNow();
  const counted =
    'latency' in result
      ? {
          requestsPerSecond: result.requests.average,
          ok: result['2xx'],
          failed: result.non2xx + result.errors + result.timeouts,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
        }
      : result;
  // CPU per request answered 2xx (the phase's other work, /health probes and a back office beside, included).
  const perRequest = (ms: number) => Math.round((1000 * ms) / Math.max(1, counted.ok)) / 1000;
  return {
    name,
    healthP99: probe.p99,
    ...counted,
    serverCpuMs: before && after ? perRequest(cpuBetween(before.server, after.server)) : null,
    databaseCpuMs: before?.database && after?.database ? perRequest(cpuBetween(before.database, after.database)) : null,
    generatorCpuMs: perRequest((generator.user + generator.system) / 1000),
  };
}

/** An SMTP server on a free loopback port that takes every message and keeps none (the reminders' mail). */
async function startSmtpSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

interface BackOffice {
  base: string;
  headers: Record<string, string>;
  seeded: Awaited<ReturnType<typeof seedSubmissionBench>>;
}

/** What a back office did beside one submission phase. */
interface BackOfficeWork {
  files: number;
  refusedFiles: number;
  mails: number;
  jobs: number;
}

/**
 * A back office at work beside one submission phase, until `until` resolves: reminder jobs for one
 * group's missing students after another (`nextGroup`: a person gets one reminder a day), and XLSX
 * files of the campus's missing list one after another. The job and the file under way when the phase
 * ends are finished before this answers, so nothing of one phase runs into the next.
 */
async function backOfficeAtWork(office: BackOffice, nextGroup: () => string, until: Promise<unknown>): Promise<BackOfficeWork> {
  let over = false;
  void until.then(() => (over = true));
  const [files, reminders] = await Promise.all([filesOneAfterAnother(office, () => over), remindersOneAfterAnother(office, nextGroup, () => over)]);
  return { ...files, ...reminders };
}

async function filesOneAfterAnother({ base, headers, seeded }: BackOffice, over: () => boolean): Promise<{ files: number; refusedFiles: number }> {
  let files = 0;
  let refusedFiles = 0;
  const query = new URLSearchParams({
    cicleId: String(seeded.cycleId),
    periodoId: String(seeded.periodoId),
    campusId: String(seeded.campusId),
    table: 'missing',
    format: 'xlsx',
  });
  while (!over()) {
    const file = await fetch(`${base}/reports/export?${query}`, { headers });
    await file.arrayBuffer();
    if (file.status === 200) files++;
    else if (file.status === 429) {
      refusedFiles++;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } else throw new Error(`the missing list's XLSX answered ${file.status}`);
  }
  return { files, refusedFiles };
}

async function remindersOneAfterAnother({ base, headers, seeded }: BackOffice, nextGroup: () => string, over: () => boolean): Promise<{ mails: number; jobs: number }> {
  let mails = 0;
  let jobs = 0;
  while (!over()) {
    const started = await fetch(`${base}/ciclo/${seeded.cycleId}/missing/students/reminders`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        periodoId: seeded.periodoId,
        campusId: seeded.campusId,
        plan: 'LADE',
        grupo: nextGroup(),
        subject: 'Te falta la {encuesta}',
        text: 'Hola {nombre}, responde en {enlace}. {institucion}',
      }),
    });
    if (started.status !== 202) throw new Error(`the reminder job answered ${started.status}: ${await started.text()}`);
    let { job } = (await started.json()) as ReminderJobAnswer;
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ({ job } = (await (await fetch(`${base}/reminders/${job.id}`, { headers })).json()) as ReminderJobAnswer);
    }
    mails += job.sent;
    jobs++;
  }
  return { mails, jobs };
}

/**
 * Where the run's submissions are right after it: published by the mover, or still held (a mover
 * that fell behind shows here). PGlite's folder is read once the server has stopped: one process owns it.
 */
async function logPipeline(where: { url: string } | { pgliteDir: string }): Promise<void> {
  const probe = await openDatabase(where);
  const [row] = await queryRows<{ published: number; held: number }>(
    probe.db,
    sql`select (select count(*) from response)::int as published, (select count(*) from held_response)::int as held`,
  );
  console.log(`[bench] right after the run (mover ${mover}): ${row?.published} published, ${row?.held} held`);
  await probe.close();
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-'));
  const cluster = driver === 'postgres' ? await startPostgresCluster() : null;
  const smtp = background ? await startSmtpSink() : null;
  let server: ChildProcess | undefined;
  try {
    const env: Record<string, string> = {
      ...(cluster ? { DATABASE_URL: cluster.url } : { DATA_DIR: path.join(work, 'data') }),
      ...(mover === 'idle' ? { ANONYMITY_BATCH: '1000000000' } : {}),
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
    };
    // Students enough that no pair repeats within the runs: each pair submits once (two submission phases a run).
    const expected = (driver === 'postgres' ? 2500 : 1200) * duration * runs * 2;
    const studentCount = Math.ceil(expected / 5) + 1000;
    console.log(`[bench] ${driver}: seeding ${studentCount} students with 5 classes each …`);
    const seedDb = await openDatabase({ url: cluster?.url, pgliteDir: cluster ? undefined : path.join(work, 'data', 'pgdata') });
    await seedDb.migrate();
    const seeded = await seedSubmissionBench(seedDb.db, { students: studentCount, classesPerStudent: 5 });
    const tokens = new TokenService(seedDb.db, JWT_SECRET, 24 * 3600);
    const studentTokens: string[] = [];
    for (let i = 0; i < seeded.studentIds.length; i += 200) {
      studentTokens.push(...(await Promise.all(seeded.studentIds.slice(i, i + 200).map((id) => tokens.issue('student', id)))));
    }
    if (background) {
      await ensurePermissionCatalogue(seedDb.db);
      await grantEverything(seedDb.db, (await createAdminUser(seedDb.db, BACK_OFFICE)).id);
    }
    const postmaster = cluster ? parentOf((await queryRows<{ pid: number }>(seedDb.db, sql`select pg_backend_pid() as pid`))[0]!.pid) : null;
    // The seed's writes flushed now, not by a checkpoint during the first run's baseline (stalls of up to 1.3 s there today).
    await seedDb.db.execute(sql`checkpoint`);
    await seedDb.close();

    const port = await freePort();
    server = await startServer(env, port, path.join(work, 'server.log'));
    if (canReadCpu() && server.pid) measured = { server: server.pid, postmaster };
    const base = `http://127.0.0.1:${port}/encuestas/api`;
    const health = `${base}/health`;
    const body = answers();
    let office: BackOffice | undefined;
    if (background) {
      const login = await fetch(`${base}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BACK_OFFICE.email, password: BACK_OFFICE.password }),
      });
      if (login.status !== 200) throw new Error(`the back office's sign-in answered ${login.status}: ${await login.text()}`);
      office = { base, headers: { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }, seeded };
    }
    // Every reminder job mails another group (a person gets one reminder a day).
    let reminderGroup = 0;
    const nextGroup = () => `G${reminderGroup++ % seeded.groups}`;
    const besideSubmissions = async <T>(work: () => Promise<T>): Promise<[T, BackOfficeWork | null]> => {
      if (!office) return [await work(), null];
      const phaseDone = work();
      const [result, done] = await Promise.all([phaseDone, backOfficeAtWork(office, nextGroup, phaseDone.catch(() => undefined))]);
      return [result, done];
    };

    let next = 0;
    const pairs = seeded.pairs;
    const submissionBody = () => {
      const pair = pairs[next++ % pairs.length]!;
      return {
        authorization: `Bearer ${studentTokens[pair.studentIndex]}`,
        body: JSON.stringify({ activeId: seeded.activeId, cicleId: seeded.cycleId, subject: String(pair.classId), idempotencyKey: randomUUID(), answers: body }),
      };
    };
    const closedLoop = (url: string, opts: Partial<autocannon.Options>) => () =>
      load({ url, connections, duration, method: 'POST', headers: { 'content-type': 'application/json' }, ...opts });
    const submissions = `${base}/respondents/responses`;
    const results: SubmitRun[] = [];
    for (let run = 1; run <= runs; run++) {
      const waited = await quietBeforeBaseline();
      console.log(`[bench] run ${run}/${runs}: baseline, ${connections} connections, ${duration}s (after ${waited} s for the server to be quiet)`);
      const baseline = await phase('baseline: insert one row', health, closedLoop(`${base}/bench/baseline`, { body: JSON.stringify({ answers: body }) }));
      console.log(`[bench] run ${run}/${runs}: submissions, closed loop, ${connections} connections, ${duration}s`);
      const [closed, closedBeside] = await besideSubmissions(() => phase(
        'submissions, closed loop',
        health,
        closedLoop(submissions, {
          requests: [
            {
              setupRequest: (request) => {
                const { authorization, body: json } = submissionBody();
                return { ...request, headers: { ...request.headers, authorization }, body: json };
              },
            },
          ],
        }),
      ));
      const rate = Math.max(1, Math.round(closed.requestsPerSecond * OPEN_LOOP_SHARE));
      console.log(`[bench] run ${run}/${runs}: submissions, open loop at ${rate}/s, ${duration}s`);
      const [open, openBeside] = await besideSubmissions(() => phase(`submissions, open loop at ${rate}/s`, health, () =>
        openLoop(submissions, rate, () => {
          const { authorization, body: json } = submissionBody();
          return { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: json };
        }),
      ));
      const beside = closedBeside && openBeside
        ? {
            files: closedBeside.files + openBeside.files,
            refusedFiles: closedBeside.refusedFiles + openBeside.refusedFiles,
            mails: closedBeside.mails + openBeside.mails,
            jobs: closedBeside.jobs + openBeside.jobs,
          }
        : null;
      if (beside)
        console.log(
          `[bench] run ${run}/${runs}: beside the submissions, ${beside.files} XLSX files (${beside.refusedFiles} refused as busy), ${beside.mails} reminders mailed by ${beside.jobs} jobs`,
        );
      results.push({ baseline, closed, open, openRate: rate, load: os.loadavg()[0]!, background: beside });
      console.table([baseline, closed, open]);
    }
    if (next > pairs.length) console.warn('[bench] pairs were reused: raise the student count');
    if (cluster) await logPipeline({ url: cluster.url });
    else {
      await stopServer(server);
      await logPipeline({ pgliteDir: path.join(work, 'data', 'pgdata') });
    }

    writeResults(path.join(here, '..', 'docs', 'benchmarks.md'), { driver, connections, duration, mover, runs: results, answersPerSubmission: Object.keys(body).length });
  } finally {
    await stopServer(server);
    cluster?.stop();
    await smtp?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
