/**
 * `npm run bench:files`: the report files against their bounds.
 * A throwaway database holds one campus of 3,000 students who all answered
 * the services survey (generated, inserted and folded as the mover does) and
 * 100,000 comments in that report's comment list (written straight into
 * response_text, what folding 100,000 commented responses leaves there, so
 * the load takes seconds instead of minutes). The real server runs as a child
 * process (bench/server.ts); the bench downloads through HTTP
 *   - (PostgreSQL) the comments table as XLSX and as CSV (100,000 rows,
 *     streamed), sampling the server's resident memory (/proc/<pid>/status)
 *     meanwhile, and reads the XLSX back to count its rows; the students PDF
 *     of the campus, several times (issue 10);
 *   - (PostgreSQL and PGlite) /health's latency while 20 students PDFs and 10
 *     XLSX of the comments are downloaded at once by 10 users, against /health
 *     with no files, in the same run, --load-runs times (issue 17). /health is
 *     asked every 100 ms from a worker thread of its own, whatever the answers
 *     before (so a stall counts once per request it held up).
 * With --compare 'label=<checkout>' (repeatable) every figure is also taken,
 * turn about, from the server of that checkout (e.g. the commit before the
 * worker threads, with its own `npm ci`), on the same data.
 * Writes the figures, with the machine and date, to docs/benchmarks.md.
 *
 * Options: --rows 100000  --students 3000  --pdf-runs 5  --load-runs 3
 *   --db postgres,pglite  --label 'this checkout'  --compare 'label=dir'  --no-write
 *   --server-heap MiB  cap the server's V8 heap (--max-old-space-size): a file
 *   held whole in memory would then crash it, a streamed one does not
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { API_PREFIX } from '@encuestas/core/paths';
import { seededRandom, syntheticAnswers } from '@encuestas/core/survey-engine/synthetic-answers';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { createAdminUser, ensurePermissionCatalogue, grantEverything } from '../packages/server/src/db/admin-users';
import { openDatabase, queryRows, type Database } from '../packages/server/src/db/client';
import { activeCycles, actives, campuses, completions, cycles, periods, responses, students } from '../packages/server/src/db/schema';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { foldResponses } from '../packages/server/src/features/aggregates/fold';
import { loadCatalogs } from '../packages/server/src/features/catalogs/service';
import { freePort, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { machine } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const textOption = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const ROWS = option('rows', 100_000);
const STUDENTS = option('students', 3_000);
const PDF_RUNS = option('pdf-runs', 5);
const LOAD_RUNS = option('load-runs', 3);
const DRIVERS = (textOption('db') ?? 'postgres,pglite').split(',') as Driver[];
/** Other servers to run the same measurements against: `--compare 'label=dir'`, repeatable (e.g. the checkout before a change). */
const COMPARE = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--compare' ? [arg] : [])).map((value) => {
  const at = value.indexOf('=');
  return { label: value.slice(0, at), root: path.resolve(value.slice(at + 1)) };
});
const WRITE = !process.argv.includes('--no-write');
const SERVER_HEAP = option('server-heap', 0);
const KIND = 'alumnos/serviciosA';
/** Issue 10's bounds. */
const TARGET = { xlsxSeconds: 30, rssMiB: 400, pdfSeconds: 10 };
/** Issue 17's load: this many students PDFs and comment XLSX at once, spread over LOAD_USERS users. */
const LOAD = { pdfs: 20, xlsx: 10, users: 10 };
/**
 * /health is asked this often during a phase (10 a second: far more than a
 * load balancer's checks; at 50 a second the probe's own queries fill
 * PGlite's one connection when report queries hold it), and the baseline
 * phase lasts this long.
 */
const PROBE_MS = 100;
const BASELINE_MS = 10_000;
/** A /health that has not answered by then counts as this long, and as failed. */
const PROBE_TIMEOUT_MS = 30_000;
const USER = { email: 'bench-files@encuestas.invalid', password: 'bench-files-password', name: 'Benchmark de archivos' };
const loadUser = (i: number) => ({ email: `bench-files-${i}@encuestas.invalid`, password: 'bench-files-password', name: `Carga ${i}` });
const JWT_SECRET = 'bench-files-secret-'.padEnd(48, 'x');

type Driver = 'postgres' | 'pglite';
const log = (message: string) => console.log(`[bench:files ${new Date().toISOString().slice(11, 19)}] ${message}`);
const mib = (kib: number) => Math.round(kib / 1024);

interface Scope {
  cycleId: number;
  campusId: number;
  periodoId: number;
  activeId: number;
}

/** One campus, one period, the services survey: STUDENTS students who all answered, then ROWS comments in all. */
async function load(db: Database): Promise<Scope> {
  await seedReferenceData(db);
  const [cycle] = await db.select().from(cycles).where(sql`${cycles.surveyKind} = ${KIND}`);
  const [campus] = await db.insert(campuses).values({ nombre: 'Campus Benchmark' }).returning();
  const [periodo] = await db.insert(periods).values({ nombre: '2026B', fechaInicio: '2026-08-01', fechaFin: '2026-12-15' }).returning();
  const [active] = await db.insert(actives).values({ campusId: campus!.id, periodoId: periodo!.id, startActive: '2026-09-01', endActive: '2026-10-31' }).returning();
  await db.insert(activeCycles).values({ activeId: active!.id, cycleId: cycle!.id });
  const scope = { cycleId: cycle!.id, campusId: campus!.id, periodoId: periodo!.id, activeId: active!.id };

  const definition = SURVEY_KIND_DEFINITIONS[KIND];
  if (definition.form.type !== 'questionnaire') throw new Error(`${KIND} is not answered with a questionnaire`);
  const questionnaire = definition.form.questionnaire;
  const catalogs = await loadCatalogs(db);
  const random = seededRandom(20261123);
  const plans = ['ING', 'ADM', 'DER', 'MED', 'ARQ', 'PSI', 'CON', 'MKT', 'NUT', 'DIS'];
  for (let start = 0; start < STUDENTS; start += 1_000) {
    const size = Math.min(1_000, STUDENTS - start);
    const people = await db
      .insert(students)
      .values(
        Array.from({ length: size }, (_, i) => {
          const n = start + i;
          return { pcId: String(700_000_000 + n), name: `Alumno ${n}`, campusId: scope.campusId, plan: plans[n % plans.length]!, grupo: `${(n % 9) + 1}A`, sesion: 'M', year: 1 };
        }),
      )
      .returning({ id: students.id, plan: students.plan, grupo: students.grupo });
    await db.transaction(async (tx) => {
      await tx.insert(completions).values(
        people.map((p) => ({ respondentType: 'student', respondentId: p.id, activeId: scope.activeId, cycleId: scope.cycleId, idempotencyKey: randomUUID() })),
      );
      const inserted = await tx
        .insert(responses)
        .values(
          people.map((p, i) => ({
            id: randomUUID(),
            surveyKind: KIND,
            questionnaireId: questionnaire.id,
            questionnaireVersion: questionnaire.version,
            cycleId: scope.cycleId,
            activeId: scope.activeId,
            campusId: scope.campusId,
            periodoId: scope.periodoId,
            plan: p.plan,
            grupo: p.grupo,
            submittedOn: `2026-09-${String((i % 28) + 1).padStart(2, '0')}`,
            answers: syntheticAnswers(questionnaire, catalogs, random),
          })),
        )
        .returning();
      await foldResponses(tx as unknown as Database, inserted);
    });
    log(`${start + size}/${STUDENTS} students answered and folded`);
  }
  const countComments = async () =>
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from response_text where active_id = ${scope.activeId} and item_id = 'comments'`))[0]!.n;
  const missing = ROWS - (await countComments());
  if (missing > 0) {
    await db.execute(sql`
      insert into response_text (id, ciclo_id, active_id, campus_id, periodo_id, survey_kind, questionnaire_id, item_id, plan, grupo, text)
      select gen_random_uuid(), ${scope.cycleId}, ${scope.activeId}, ${scope.campusId}, ${scope.periodoId}, ${KIND}, ${questionnaire.id}, 'comments', null, null,
             'Comentario ' || g || ': la biblioteca necesita más libros, el wifi falla en la cafetería y los trámites de servicios escolares tardan demasiado.'
      from generate_series(1, ${missing}) g`);
  }
  await db.execute(sql`analyze`);
  log(`${await countComments()} comments in the campus's list`);

  await ensurePermissionCatalogue(db);
  for (const user of [USER, ...Array.from({ length: LOAD.users }, (_, i) => loadUser(i))]) await grantEverything(db, (await createAdminUser(db, user)).id);
  return scope;
}

interface Server {
  /** What runs: this checkout's server or the --before one. */
  label: string;
  child: ChildProcess;
  base: string;
  pid: number;
}

/** The real server (bench/server.ts of `root`) in a child process, so its memory is its own. */
async function startServer(label: string, root: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = fork(path.join(root, 'bench', 'server.ts'), [], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), JWT_SECRET, POOL_SIZE: '10' },
    execArgv: ['--import', 'tsx', ...(SERVER_HEAP ? [`--max-old-space-size=${SERVER_HEAP}`] : [])],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { label, child, base: `http://127.0.0.1:${port}${API_PREFIX}`, pid: child.pid! };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function login(server: Server, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${server.base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`bench login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** kB of a /proc/<pid>/status line (VmRSS now, VmHWM the peak so far). */
function procKib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

interface Download {
  seconds: number;
  bytes: number;
  peakRssMiB: number;
  body: Buffer;
}

/** One download to its last byte, sampling the server's RSS every 50 ms meanwhile. */
async function download(url: string, token: string, pid: number): Promise<Download> {
  let peak = procKib(pid, 'VmRSS');
  const sampler = setInterval(() => (peak = Math.max(peak, procKib(pid, 'VmRSS'))), 50);
  const began = performance.now();
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const chunks: Buffer[] = [];
    for await (const chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream)) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    return { seconds: (performance.now() - began) / 1000, bytes: body.length, peakRssMiB: mib(Math.max(peak, procKib(pid, 'VmRSS'))), body };
  } finally {
    clearInterval(sampler);
  }
}

async function xlsxRowCount(body: Buffer): Promise<number> {
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(body), { sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  return rows;
}

interface Results {
  rows: number;
  students: number;
  idleRssMiB: number;
  xlsx: Omit<Download, 'body'> & { rowsRead: number };
  csv: Omit<Download, 'body'> & { lines: number };
  pdf: { runs: number; medianSeconds: number; maxSeconds: number; bytes: number; peakRssMiB: number };
  serverPeakRssMiB: number;
}

const filesUrls = (server: Server, scope: Scope) => {
  const filters = `cicleId=${scope.cycleId}&periodoId=${scope.periodoId}&campusId=${scope.campusId}`;
  return {
    xlsx: `${server.base}/reports/export?${filters}&table=texts&item=comments&format=xlsx`,
    csv: `${server.base}/reports/export?${filters}&table=texts&item=comments&format=csv`,
    pdf: `${server.base}/ciclo/${scope.cycleId}/pdf/students?periodoId=${scope.periodoId}&campusId=${scope.campusId}`,
  };
};

/** Issue 10's figures: each file alone. */
async function singleFiles(server: Server, scope: Scope): Promise<Results> {
  const token = await login(server, USER);
  const { pid } = server;
  const idleRssMiB = mib(procKib(pid, 'VmRSS'));
  const urls = filesUrls(server, scope);
  log('XLSX of the comments …');
  const xlsx = await download(urls.xlsx, token, pid);
  const rowsRead = (await xlsxRowCount(xlsx.body)) - 1;
  log(`XLSX: ${rowsRead} rows in ${xlsx.seconds.toFixed(1)} s, ${(xlsx.bytes / 1e6).toFixed(1)} MB, server peak RSS ${xlsx.peakRssMiB} MiB`);
  log('CSV of the comments …');
  const csv = await download(urls.csv, token, pid);
  const lines = csv.body.toString('utf8').split('\r\n').length - 2;
  log(`CSV: ${lines} lines in ${csv.seconds.toFixed(1)} s, server peak RSS ${csv.peakRssMiB} MiB`);
  const pdfs: Download[] = [];
  for (let run = 0; run < PDF_RUNS; run++) {
    pdfs.push(await download(urls.pdf, token, pid));
    log(`PDF ${run + 1}/${PDF_RUNS}: ${pdfs.at(-1)!.seconds.toFixed(2)} s, ${pdfs.at(-1)!.bytes} bytes`);
  }
  const times = pdfs.map((p) => p.seconds).sort((a, b) => a - b);
  return {
    rows: ROWS,
    students: STUDENTS,
    idleRssMiB,
    xlsx: { seconds: xlsx.seconds, bytes: xlsx.bytes, peakRssMiB: xlsx.peakRssMiB, rowsRead },
    csv: { seconds: csv.seconds, bytes: csv.bytes, peakRssMiB: csv.peakRssMiB, lines },
    pdf: {
      runs: PDF_RUNS,
      medianSeconds: times[Math.floor(times.length / 2)]!,
      maxSeconds: times.at(-1)!,
      bytes: pdfs[0]!.bytes,
      peakRssMiB: Math.max(...pdfs.map((p) => p.peakRssMiB)),
    },
    serverPeakRssMiB: mib(procKib(pid, 'VmHWM')),
  };
}

// ------------------------------------------------------------------ /health under file load (issue 17)

/**
 * The prober: a worker thread of its own (so reading the files' bytes here
 * does not delay it) that asks /health every PROBE_MS until told to stop,
 * each request on time whatever the earlier ones are doing.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, everyMs, timeoutMs } = workerData;
const latencies = [];
let failed = 0;
let stopping = false;
const inFlight = new Set();
parentPort.once('message', () => (stopping = true));
(async () => {
  let next = performance.now();
  while (!stopping) {
    const began = performance.now();
    const request = fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
        latencies.push(performance.now() - began);
      })
      .catch(() => {
        failed++;
        latencies.push(timeoutMs);
      });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    next += everyMs;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  await Promise.all(inFlight);
  parentPort.postMessage({ latencies, failed });
})();
`;

interface Probe {
  n: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Probes /health while `work` runs; returns the latencies' summary (ms). */
async function probeHealth<T>(server: Server, work: () => Promise<T>): Promise<{ probe: Probe; result: T }> {
  const prober = new Worker(PROBER, { eval: true, workerData: { url: `${server.base}/health`, everyMs: PROBE_MS, timeoutMs: PROBE_TIMEOUT_MS } });
  const done = new Promise<{ latencies: number[]; failed: number }>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  let result: T;
  try {
    result = await work();
  } finally {
    prober.postMessage('stop');
  }
  const { latencies, failed } = await done;
  await prober.terminate();
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { probe: { n: sorted.length, failed, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) }, result };
}

interface LoadOutcome {
  /** Files answered 200 (and read to the end), 429, and anything else. */
  ok: number;
  refused: number;
  failed: number;
  /** From the first request to the last file's last byte. */
  seconds: number;
  peakRssMiB: number;
}

/** 20 students PDFs and 10 comment XLSX at once, three files per user; each read to its end. */
async function fileLoad(server: Server, scope: Scope, tokens: string[]): Promise<LoadOutcome> {
  const urls = filesUrls(server, scope);
  const files = [
    ...Array.from({ length: LOAD.pdfs }, (_, i) => ({ url: urls.pdf, token: tokens[i % tokens.length]! })),
    ...Array.from({ length: LOAD.xlsx }, (_, i) => ({ url: urls.xlsx, token: tokens[i % tokens.length]! })),
  ];
  let peak = procKib(server.pid, 'VmRSS');
  const sampler = setInterval(() => (peak = Math.max(peak, procKib(server.pid, 'VmRSS'))), 100);
  const began = performance.now();
  const statuses = await Promise.all(
    files.map(async ({ url, token }) => {
      try {
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        // Read to the end, as a browser saving the file would, without keeping it.
        for await (const _chunk of Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
        return response.status;
      } catch {
        return 0;
      }
    }),
  );
  clearInterval(sampler);
  return {
    ok: statuses.filter((s) => s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
    failed: statuses.filter((s) => s !== 200 && s !== 429).length,
    seconds: (performance.now() - began) / 1000,
    peakRssMiB: mib(peak),
  };
}

interface LoadRun {
  baseline: Probe;
  loaded: Probe;
  files: LoadOutcome;
}

interface LoadResults {
  driver: Driver;
  label: string;
  runs: LoadRun[];
}

/** One run against one server: /health alone for BASELINE_MS, then /health during the file load. */
async function loadRun(server: Server, scope: Scope, tokens: string[]): Promise<LoadRun> {
  const baseline = (await probeHealth(server, () => new Promise((resolve) => setTimeout(resolve, BASELINE_MS)))).probe;
  const { probe: loaded, result: files } = await probeHealth(server, () => fileLoad(server, scope, tokens));
  return { baseline, loaded, files };
}

/** A loaded database for the servers: a PostgreSQL cluster, or a PGlite folder per server (one process each). */
async function prepareDatabase(driver: Driver, servers: number): Promise<{ scope: Scope; envs: Record<string, string>[]; stop(): void }> {
  if (driver === 'postgres') {
    const cluster = await startPostgresCluster({ durable: false });
    const handle = await openDatabase({ url: cluster.url });
    try {
      await handle.migrate();
      const began = performance.now();
      const scope = await load(handle.db);
      log(`PostgreSQL loaded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-files-'));
      return {
        scope,
        envs: Array.from({ length: servers }, () => ({ DATABASE_URL: cluster.url, DATA_DIR: dataDir })),
        stop: () => {
          cluster.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } finally {
      await handle.close();
    }
  }
  const dirs = Array.from({ length: servers }, () => mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-files-pglite-')));
  const handle = await openDatabase({ pgliteDir: path.join(dirs[0]!, 'pgdata') });
  let scope: Scope;
  try {
    await handle.migrate();
    const began = performance.now();
    scope = await load(handle.db);
    log(`PGlite loaded in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  } finally {
    await handle.close();
  }
  for (const dir of dirs.slice(1)) cpSync(path.join(dirs[0]!, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
  return {
    scope,
    envs: dirs.map((dir) => ({ DATA_DIR: dir })),
    stop: () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
}

// ------------------------------------------------------------------ docs/benchmarks.md

function replaceSection(file: string, marker: string, section: string): void {
  const open = `<!-- ${marker} -->`;
  const close = `<!-- /${marker} -->`;
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + close.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

function writeSingleFiles(file: string, singles: { label: string; results: Results }[]): void {
  const ok = (pass: boolean) => (pass ? 'yes' : '**no**');
  const r = singles[0]!.results;
  const rows = singles.flatMap(({ label, results: x }) => [
    `| comments as XLSX (streamed) | ${label} | ${x.xlsx.rowsRead.toLocaleString('en-US')} read back | ${x.xlsx.seconds.toFixed(1)} | ${(x.xlsx.bytes / 1e6).toFixed(1)} MB | ${x.xlsx.peakRssMiB} | ≤ ${TARGET.xlsxSeconds} s, ≤ ${TARGET.rssMiB} MiB | ${ok(x.xlsx.seconds <= TARGET.xlsxSeconds && x.xlsx.peakRssMiB <= TARGET.rssMiB)} |`,
    `| comments as CSV (streamed) | ${label} | ${x.csv.lines.toLocaleString('en-US')} lines | ${x.csv.seconds.toFixed(1)} | ${(x.csv.bytes / 1e6).toFixed(1)} MB | ${x.csv.peakRssMiB} | ≤ ${TARGET.rssMiB} MiB | ${ok(x.csv.peakRssMiB <= TARGET.rssMiB)} |`,
    `| students PDF, ${x.students.toLocaleString('en-US')}-student campus (median of ${x.pdf.runs}; max ${x.pdf.maxSeconds.toFixed(2)} s) | ${label} | — | ${x.pdf.medianSeconds.toFixed(2)} | ${(x.pdf.bytes / 1e3).toFixed(0)} kB | ${x.pdf.peakRssMiB} | ≤ ${TARGET.pdfSeconds} s | ${ok(x.pdf.maxSeconds <= TARGET.pdfSeconds)} |`,
  ]);
  replaceSection(
    file,
    'bench:files',
    [
      '<!-- bench:files -->',
      '### Report files (issue 10)',
      '',
      `${new Date().toISOString().slice(0, 10)} · ${machine()} · \`npm run bench:files -- --rows ${r.rows} --students ${r.students}\`, a throwaway PostgreSQL (not durable), the server in its own process (bench/server.ts), the client on the same machine, shared with other work (load average ${os.loadavg()[0]!.toFixed(1)} at the end).`,
      '',
      `One campus of ${r.students.toLocaleString('en-US')} students who all answered the services survey (generated and folded), ${r.rows.toLocaleString('en-US')} comments in its comment list (written straight into response_text). Each file alone, after a warm-up; server RSS sampled every 50 ms from /proc; idle after start-up: ${singles.map(({ label, results }) => `${results.idleRssMiB} MiB (${label})`).join(', ')}.`,
      '',
      '| file | server | rows | time (s) | size | server peak RSS (MiB) | bound | within |',
      '| --- | --- | ---: | ---: | ---: | ---: | --- | --- |',
      ...rows,
      '',
      `Server peak RSS over the run so far (VmHWM, worker threads included): ${singles.map(({ label, results }) => `${results.serverPeakRssMiB} MiB (${label})`).join(', ')}. The XLSX is written row by row by exceljs's WorkbookWriter (no shared strings) from keyset pages of 1,000 comments, the CSV the same way; neither is ever whole in the server's memory.`,
      '<!-- /bench:files -->',
    ].join('\n'),
  );
}

/** Median and spread (min–max) of one figure over the runs. */
function spread(values: number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const f = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return sorted.length > 1 ? `${f(median)} (${f(sorted[0]!)}–${f(sorted.at(-1)!)})` : f(median);
}

function writeLoad(file: string, all: LoadResults[], loadAverage: string): void {
  const rows = all.flatMap(({ driver, label, runs }) => [
    `| ${driver === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${label} | no files | ${spread(runs.map((r) => r.baseline.p50), 1)} | ${spread(runs.map((r) => r.baseline.p99), 1)} | ${spread(runs.map((r) => r.baseline.max))} | ${runs.reduce((n, r) => n + r.baseline.failed, 0)} | — | — | — |`,
    `| | | 20 PDFs + 10 XLSX | ${spread(runs.map((r) => r.loaded.p50), 1)} | ${spread(runs.map((r) => r.loaded.p99), 1)} | ${spread(runs.map((r) => r.loaded.max))} | ${runs.reduce((n, r) => n + r.loaded.failed, 0)} | ${runs.map((r) => `${r.files.ok}/${r.files.refused}/${r.files.failed}`).join(', ')} | ${spread(runs.map((r) => r.files.seconds), 1)} | ${spread(runs.map((r) => r.files.peakRssMiB))} |`,
  ]);
  replaceSection(
    file,
    'bench:files-load',
    [
      '<!-- bench:files-load -->',
      '### /health while report files are made (issue 17)',
      '',
      `${new Date().toISOString().slice(0, 10)} · ${machine()} · \`npm run bench:files${COMPARE.length ? ' --' : ''}${COMPARE.map(({ label }) => ` --compare '${label}=<checkout>'`).join('')}\`, ${LOAD_RUNS} runs per server and database, the server in its own process (bench/server.ts), the client on the same machine, shared with other work (load average ${loadAverage}).`,
      '',
      `The data of the table above (${STUDENTS.toLocaleString('en-US')} students, ${ROWS.toLocaleString('en-US')} comments). Each run: /health asked every ${PROBE_MS} ms for ${BASELINE_MS / 1000} s with no files, then while ${LOAD.pdfs} students PDFs and ${LOAD.xlsx} XLSX of the ${ROWS.toLocaleString('en-US')} comments are downloaded at once by ${LOAD.users} users (each file read to its end). A /health not answered in ${PROBE_TIMEOUT_MS / 1000} s counts as ${PROBE_TIMEOUT_MS / 1000} s and failed. Figures: median of the runs (min–max).`,
      '',
      '| database | server | load | /health p50 (ms) | /health p99 (ms) | /health max (ms) | /health failed | files 200/429/other per run | files done in (s) | server peak RSS (MiB) |',
      '| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
      ...rows,
      '<!-- /bench:files-load -->',
    ].join('\n'),
  );
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const loadAverage = () => os.loadavg()[0]!.toFixed(1);
  const loadBefore = loadAverage();
  const roots = [{ label: textOption('label') ?? 'this checkout', root: path.join(here, '..') }, ...COMPARE];
  const singles: { label: string; results: Results }[] = [];
  const loads: LoadResults[] = [];
  for (const driver of DRIVERS) {
    const database = await prepareDatabase(driver, roots.length);
    const servers: Server[] = [];
    try {
      for (const [i, { label, root }] of roots.entries()) servers.push(await startServer(label, root, database.envs[i]!));
      const tokens = new Map<Server, string[]>();
      for (const server of servers) {
        const mine: string[] = [];
        for (let i = 0; i < LOAD.users; i++) mine.push(await login(server, loadUser(i)));
        tokens.set(server, mine);
        // Warm up: the worker thread started, the code compiled, the caches read.
        const urls = filesUrls(server, database.scope);
        // A machine loaded by others can starve the workers (nice +10) past fetch's 300 s body timeout: say so, go on.
        await Promise.all([download(urls.pdf, mine[0]!, server.pid), download(urls.xlsx, mine[1]!, server.pid)]).catch((error: unknown) =>
          log(`${server.label}: the warm-up failed (${error instanceof Error ? (error.cause ?? error.message) : String(error)}); the load machine is too busy?`),
        );
      }
      if (driver === 'postgres') for (const server of servers) singles.push({ label: server.label, results: await singleFiles(server, database.scope) });
      const results = new Map<Server, LoadRun[]>(servers.map((server) => [server, []]));
      for (let run = 0; run < LOAD_RUNS; run++) {
        // Turn about, so neither server always runs on a machine warmed (or tired) by the other.
        for (const server of run % 2 === 0 ? servers : [...servers].reverse()) {
          const outcome = await loadRun(server, database.scope, tokens.get(server)!);
          results.get(server)!.push(outcome);
          log(
            `${driver}, ${server.label}, run ${run + 1}/${LOAD_RUNS}: /health p50/p99/max ${outcome.baseline.p50}/${outcome.baseline.p99}/${outcome.baseline.max} ms alone, ` +
              `${outcome.loaded.p50}/${outcome.loaded.p99}/${outcome.loaded.max} ms under load (${outcome.loaded.failed} failed); files ${outcome.files.ok} ok, ${outcome.files.refused} refused, ${outcome.files.failed} failed in ${outcome.files.seconds.toFixed(1)} s`,
          );
        }
      }
      for (const server of servers) loads.push({ driver, label: server.label, runs: results.get(server)! });
    } finally {
      for (const server of servers) await stopServer(server);
      database.stop();
    }
  }
  for (const { label, results } of singles) console.table({ [`xlsx, ${label}`]: results.xlsx, [`csv, ${label}`]: results.csv, [`pdf, ${label}`]: results.pdf });
  if (WRITE) {
    const docs = path.join(here, '..', 'docs', 'benchmarks.md');
    if (singles.length) writeSingleFiles(docs, singles);
    writeLoad(docs, loads, `${loadBefore} at the start, ${loadAverage()} at the end`);
  }
}

await main();
