/**
 * `npm run bench:submit`: many distinct students submitting teacher
 * evaluations through the real API, next to a baseline route inserting one
 * row per request, in the same run. PostgreSQL (a throwaway cluster) by
 * default; `-- --db=pglite` for the embedded database. Writes the results,
 * with the machine and date, to docs/benchmarks.md.
 *
 * Options: --db=postgres|pglite  --connections=50  --duration=20 (seconds per phase)
 *   --mover=active|idle  active (default): the server's mover publishes held
 *   responses after submissions, as in production; idle: ANONYMITY_BATCH is
 *   set out of reach, so the mover only checks and never publishes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '../packages/core/src/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../packages/server/src/db/client';
import { TokenService } from '../packages/server/src/http/tokens';
import { startPostgresCluster, freePort } from '../scripts/postgres-cluster.mjs';
import { seedSubmissionBench } from './seed';
import { writeResults, type PhaseResult } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const driver = arg('db', 'postgres') as 'postgres' | 'pglite';
const connections = Number(arg('connections', '50'));
const duration = Number(arg('duration', '20'));
const mover = arg('mover', 'active') as 'active' | 'idle';
const JWT_SECRET = 'bench-secret-'.padEnd(48, 'x');

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

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = fork(path.join(here, 'server.ts'), [], {
    env: { ...process.env, ...env, PORT: String(port), JWT_SECRET },
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return child;
}

function phase(name: string, url: string, opts: Partial<autocannon.Options>): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, method: 'POST', headers: { 'content-type': 'application/json' }, ...opts }, (err, result) => {
      if (err) return reject(err);
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        ok: result['2xx'],
        failed: result.non2xx + result.errors + result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
      });
    });
  });
}

/** Where the run's submissions are right after it: published by the mover, or still held. */
async function logPipeline(url: string | undefined): Promise<void> {
  if (!url) return; // PGlite: one process owns the data folder
  const probe = await openDatabase({ url });
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
  let server: ChildProcess | undefined;
  try {
    const env: Record<string, string> = {
      ...(cluster ? { DATABASE_URL: cluster.url } : { DATA_DIR: path.join(work, 'data') }),
      ...(mover === 'idle' ? { ANONYMITY_BATCH: '1000000000' } : {}),
    };
    // Students enough that no pair repeats within the run: each pair submits once.
    const expected = (driver === 'postgres' ? 3000 : 800) * duration;
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
    await seedDb.close();

    const port = await freePort();
    server = await startServer(env, port);
    const base = `http://127.0.0.1:${port}/encuestas/api`;
    const body = answers();

    console.log(`[bench] baseline: ${connections} connections, ${duration}s`);
    const baseline = await phase('baseline: insert one row', `${base}/bench/baseline`, { body: JSON.stringify({ answers: body }) });

    let next = 0;
    const pairs = seeded.pairs;
    console.log(`[bench] submissions: ${connections} connections, ${duration}s, ${pairs.length} distinct (student, class) pairs`);
    const submissions = await phase('teacher evaluation submission', `${base}/respondents/responses`, {
      requests: [
        {
          setupRequest: (request) => {
            const pair = pairs[next++ % pairs.length]!;
            return {
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${studentTokens[pair.studentIndex]}` },
              body: JSON.stringify({
                activeId: seeded.activeId,
                cicleId: seeded.cycleId,
                subject: String(pair.classId),
                idempotencyKey: randomUUID(),
                answers: body,
              }),
            };
          },
        },
      ],
    });
    if (next > pairs.length) console.warn('[bench] pairs were reused: raise the student count');
    await logPipeline(cluster?.url);

    const results = { driver, connections, duration, mover, baseline, submissions, answersPerSubmission: Object.keys(body).length };
    console.table([baseline, submissions]);
    writeResults(path.join(here, '..', 'docs', 'benchmarks.md'), results);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
