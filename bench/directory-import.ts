/**
 * `npm run bench:import`: how long the server takes to answer /health while
 * a 100,000-row directory import runs (the issue's bound: 1 s), against the
 * same probes on the same server before the import (the baseline). The test
 * suite only asserts that /health keeps being answered and progress is
 * reported (packages/server/test/api/directory-import-load.test.ts); the
 * figures are this script's.
 *
 * Each run starts the real server (`npm start`'s way) on a fresh database
 * holding the demo's campuses, users and a few students (the API test's
 * data, seeded before the start; no demo answers): embedded PGlite in a
 * DATA_DIR, as in production without DATABASE_URL, and a database of a
 * throwaway PostgreSQL cluster (durable, as benchmarks keep it). The client probes /health every 20 ms over HTTP and,
 * after each answer, reads the import's progress as the browser does; a
 * probe's latency counts from when it was due, so a stalled server counts
 * even before the request is sent.
 *
 * Options: --db=pglite|postgres|both (default both)  --runs=3  --rows=100000  --no-write
 * Writes the figures, with the machine, date and load, to docs/benchmarks.md.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { mexicoCityDay } from '../packages/core/src/dates';
import { openDatabase } from '../packages/server/src/db/client';
import { DEMO_ADMIN, DEMO_CAMPUSES, periodForDay, seedDemo } from '../packages/server/src/db/seed/demo';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { spawnProductionServer, type RunningServer } from '../scripts/production-server.mjs';
import { machine } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const dbArg = arg('db', 'both');
const DRIVERS = (dbArg === 'both' ? ['pglite', 'postgres'] : [dbArg]) as Driver[];
const RUNS = Number(arg('runs', '3'));
const ROWS = Number(arg('rows', '100000'));
const WRITE = !process.argv.includes('--no-write');
/** The issue's bound on /health during an import. */
const TARGET_MS = 1000;
const PROBE_EVERY_MS = 20;
/** Baseline probes on the idle server before each import. */
const BASELINE_PROBES = 250;

type Driver = 'pglite' | 'postgres';
const log = (message: string) => console.log(`[bench:import ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const percentile = (values: readonly number[], p: number) => {
  const s = sorted(values);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const median = (values: readonly number[]) => sorted(values)[Math.floor(values.length / 2)]!;

interface Latencies {
  p50: number;
  p99: number;
  max: number;
  probes: number;
}
interface Run {
  importSeconds: number;
  baseline: Latencies;
  during: Latencies;
  /** The worst probe in each phase the progress showed. */
  worstByPhase: Record<string, number>;
}

const summary = (latencies: readonly number[]): Latencies => ({
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  max: Math.max(...latencies),
  probes: latencies.length,
});

/** The same students CSV as the API test: one in ten a new-intake student of the current period. */
function studentsCsv(period: string): string {
  const lines = ['pc_id,nombre,apellido_paterno,apellido_materno,correo,campus,plan,grupo,sesion,anio,periodo,nuevo_ingreso'];
  for (let i = 0; i < ROWS; i++) {
    const pcId = String(950_000_000 + i);
    const campus = DEMO_CAMPUSES[i % DEMO_CAMPUSES.length];
    const newIntake = i % 10 === 0;
    lines.push(`${pcId},Alumno ${i},Carga,Masiva,a${pcId}@alumnos.mx,${campus},LADE,${(i % 9) + 1}A,Matutino,2026,${newIntake ? period : ''},${newIntake ? 'sí' : 'no'}`);
  }
  return lines.join('\n');
}

/** One probe: the time from when it was due until /health answered 200. */
async function probe(api: string, due: number): Promise<number> {
  const response = await fetch(`${api}/health`);
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - due;
}

async function oneRun(server: RunningServer): Promise<Run> {
  const api = `${server.baseUrl}/api`;
  const login = await fetch(`${api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const csv = studentsCsv(periodForDay(mexicoCityDay(new Date())).nombre);

  const baseline: number[] = [];
  for (let i = 0; i < BASELINE_PROBES; i++) {
    const due = performance.now() + PROBE_EVERY_MS;
    await sleep(PROBE_EVERY_MS);
    baseline.push(await probe(api, due));
  }

  const progressId = `bench-import-${Date.now()}`;
  let finished = false;
  const started = performance.now();
  const importing = fetch(`${api}/directory/import/alumnos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ csv, progressId }),
  })
    .then(async (response) => {
      const body = await response.text();
      if (response.status !== 200) throw new Error(`the import answered ${response.status}: ${body.slice(0, 500)}`);
      const { report } = JSON.parse(body) as { report: { imported: number } };
      if (report.imported !== ROWS) throw new Error(`the import reported ${report.imported} rows of ${ROWS}`);
      return (performance.now() - started) / 1000;
    })
    .finally(() => (finished = true));

  const probes: { latency: number; phase: string }[] = [];
  while (!finished) {
    const due = performance.now() + PROBE_EVERY_MS;
    await sleep(PROBE_EVERY_MS);
    const latency = await probe(api, due);
    const progress = await fetch(`${api}/directory/import/progress/${progressId}`, { headers: { authorization: `Bearer ${token}` } });
    const phase = ((await progress.json()) as { progress: { phase: string } | null }).progress?.phase ?? 'none';
    probes.push({ latency, phase });
  }
  const importSeconds = await importing;
  const worstByPhase: Record<string, number> = {};
  for (const { latency, phase } of probes) worstByPhase[phase] = Math.max(worstByPhase[phase] ?? 0, latency);
  return { importSeconds, baseline: summary(baseline), during: summary(probes.map((p) => p.latency)), worstByPhase };
}

/** A fresh database for each run: a DATA_DIR for PGlite, a new database in the cluster for PostgreSQL. */
async function runsOn(driver: Driver): Promise<Run[]> {
  const cluster = driver === 'postgres' ? await startPostgresCluster() : undefined;
  const runs: Run[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-import-'));
      const env: Record<string, string> = { SEED_DEMO: 'false' };
      if (cluster) {
        const admin = new pg.Client({ connectionString: cluster.url });
        await admin.connect();
        await admin.query(`create database bench_import_${run}`);
        await admin.end();
        env.DATABASE_URL = cluster.url.replace(/\/encuestas$/, `/bench_import_${run}`);
      }
      const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: env.DATABASE_URL ? undefined : path.join(dataDir, 'pgdata') });
      await database.migrate();
      await seedReferenceData(database.db);
      await seedDemo(database.db, { studentsPerCampus: 5 });
      await database.close();
      const server = await spawnProductionServer({ dataDir, env, readyWithinMs: 300_000 });
      try {
        const result = await oneRun(server);
        runs.push(result);
        const ms = (n: number) => `${Math.round(n)} ms`;
        log(
          `${driver} run ${run}/${RUNS}: import ${result.importSeconds.toFixed(1)} s; /health during it p50 ${ms(result.during.p50)}, p99 ${ms(result.during.p99)}, ` +
            `max ${ms(result.during.max)} over ${result.during.probes} probes (baseline p99 ${ms(result.baseline.p99)}, max ${ms(result.baseline.max)}); ` +
            `worst by phase ${Object.entries(result.worstByPhase).map(([phase, n]) => `${phase} ${ms(n)}`).join(', ')}; load ${os.loadavg()[0]!.toFixed(1)}`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    cluster?.stop();
  }
  return runs;
}

function writeDocs(file: string, results: Record<Driver, Run[]>, loads: number[]): void {
  const ms = (n: number) => String(Math.round(n));
  const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  const rows = Object.entries(results).map(([driver, runs]) => {
    const worst = runs.map((r) => r.during.max);
    return (
      `| ${driver === 'pglite' ? 'PGlite (DATA_DIR)' : 'PostgreSQL'} | ${median(runs.map((r) => r.importSeconds)).toFixed(1)} (${Math.min(...runs.map((r) => r.importSeconds)).toFixed(1)}–${Math.max(...runs.map((r) => r.importSeconds)).toFixed(1)})` +
      ` | ${spread(runs.map((r) => r.baseline.p99))} | ${spread(runs.map((r) => r.during.p50))} | ${spread(runs.map((r) => r.during.p99))} | ${spread(worst)}` +
      ` | ${median(worst) <= TARGET_MS ? 'yes' : '**no**'} |`
    );
  });
  const section = [
    '<!-- bench:import -->',
    '### /health during a directory import',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} (shared with other work) · \`npm run bench:import -- --runs=${RUNS} --rows=${ROWS}\`.`,
    '',
    `Each run: the real server (\`npm start\`'s way) on a fresh database with the demo's campuses and users; ${BASELINE_PROBES} probes of /health every ${PROBE_EVERY_MS} ms on the idle server (the baseline), then an import of ${ROWS.toLocaleString('en-US')} students through POST /directory/import/alumnos while /health is probed every ${PROBE_EVERY_MS} ms and the progress read after each answer. A probe's latency counts from when it was due. Median of ${RUNS} runs, spread in brackets; ms unless marked.`,
    '',
    `| database | import (s) | /health p99, baseline | /health p50 during the import | p99 during | worst during | worst ≤ ${TARGET_MS} ms |`,
    '|---|---|---|---|---|---|---|',
    ...rows,
    '<!-- /bench:import -->',
  ].join('\n');
  const current = readFileSync(file, 'utf8');
  const pattern = /<!-- bench:import -->[\s\S]*?<!-- \/bench:import -->/;
  writeFileSync(file, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
}

const loads = [os.loadavg()[0]!];
const sampler = setInterval(() => loads.push(os.loadavg()[0]!), 10_000);
const results = {} as Record<Driver, Run[]>;
try {
  for (const driver of DRIVERS) results[driver] = await runsOn(driver);
} finally {
  clearInterval(sampler);
}
if (WRITE) writeDocs(path.join(here, '..', 'docs', 'benchmarks.md'), results, loads);
