/**
 * `npm run bench:files`: the report files of issue 10 against their bounds.
 * A throwaway PostgreSQL holds one campus of 3,000 students who all answered
 * the services survey (generated, inserted and folded as the mover does) and
 * 100,000 comments in that report's comment list (written straight into
 * response_text, what folding 100,000 commented responses leaves there, so
 * the load takes seconds instead of minutes). The real server runs as a child
 * process (bench/server.ts); the bench downloads through HTTP
 *   - the comments table as XLSX and as CSV (100,000 rows, streamed),
 *     sampling the server's resident memory (/proc/<pid>/status) meanwhile,
 *     and reads the XLSX back to count its rows;
 *   - the students PDF of the campus, several times.
 * Writes the figures, with the machine and date, to docs/benchmarks.md.
 *
 * Options: --rows 100000  --students 3000  --pdf-runs 5  --no-write
 *   --server-heap MiB  cap the server's V8 heap (--max-old-space-size): a file
 *   held whole in memory would then crash it, a streamed one does not
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
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
const ROWS = option('rows', 100_000);
const STUDENTS = option('students', 3_000);
const PDF_RUNS = option('pdf-runs', 5);
const WRITE = !process.argv.includes('--no-write');
const SERVER_HEAP = option('server-heap', 0);
const KIND = 'alumnos/serviciosA';
/** Issue 10's bounds. */
const TARGET = { xlsxSeconds: 30, rssMiB: 400, pdfSeconds: 10 };
const USER = { email: 'bench-files@encuestas.invalid', password: 'bench-files-password', name: 'Benchmark de archivos' };
const JWT_SECRET = 'bench-files-secret-'.padEnd(48, 'x');

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
  await grantEverything(db, (await createAdminUser(db, USER)).id);
  return scope;
}

/** The real server in a child process, so its memory is its own. */
async function startServer(url: string, dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = fork(path.join(here, 'server.ts'), [], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: String(port), JWT_SECRET, POOL_SIZE: '10' },
    execArgv: ['--import', 'tsx', ...(SERVER_HEAP ? [`--max-old-space-size=${SERVER_HEAP}`] : [])],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}${API_PREFIX}` };
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

function writeDocs(file: string, r: Results): void {
  const ok = (pass: boolean) => (pass ? 'yes' : '**no**');
  const section = [
    '<!-- bench:files -->',
    '### Report files (issue 10)',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · \`npm run bench:files -- --rows ${r.rows} --students ${r.students}\`, a throwaway PostgreSQL (not durable), the server in its own process (bench/server.ts), the client on the same machine, shared with other work.`,
    '',
    `One campus of ${r.students.toLocaleString('en-US')} students who all answered the services survey (generated and folded), ${r.rows.toLocaleString('en-US')} comments in its comment list (written straight into response_text). Server RSS sampled every 50 ms from /proc; idle after start-up: ${r.idleRssMiB} MiB.`,
    '',
    '| file | rows | time (s) | size | server peak RSS (MiB) | bound | within |',
    '| --- | ---: | ---: | ---: | ---: | --- | --- |',
    `| comments as XLSX (streamed) | ${r.xlsx.rowsRead.toLocaleString('en-US')} read back | ${r.xlsx.seconds.toFixed(1)} | ${(r.xlsx.bytes / 1e6).toFixed(1)} MB | ${r.xlsx.peakRssMiB} | ≤ ${TARGET.xlsxSeconds} s, ≤ ${TARGET.rssMiB} MiB | ${ok(r.xlsx.seconds <= TARGET.xlsxSeconds && r.xlsx.peakRssMiB <= TARGET.rssMiB)} |`,
    `| comments as CSV (streamed) | ${r.csv.lines.toLocaleString('en-US')} lines | ${r.csv.seconds.toFixed(1)} | ${(r.csv.bytes / 1e6).toFixed(1)} MB | ${r.csv.peakRssMiB} | ≤ ${TARGET.rssMiB} MiB | ${ok(r.csv.peakRssMiB <= TARGET.rssMiB)} |`,
    `| students PDF, ${r.students.toLocaleString('en-US')}-student campus (median of ${r.pdf.runs}; max ${r.pdf.maxSeconds.toFixed(2)} s) | — | ${r.pdf.medianSeconds.toFixed(2)} | ${(r.pdf.bytes / 1e3).toFixed(0)} kB | ${r.pdf.peakRssMiB} | ≤ ${TARGET.pdfSeconds} s | ${ok(r.pdf.maxSeconds <= TARGET.pdfSeconds)} |`,
    '',
    `Server peak RSS over the whole run (VmHWM): ${r.serverPeakRssMiB} MiB. The XLSX is written row by row by exceljs's WorkbookWriter (no shared strings) from keyset pages of 1,000 comments, the CSV the same way; neither is ever whole in the server's memory.`,
    '<!-- /bench:files -->',
  ].join('\n');
  const current = readFileSync(file, 'utf8');
  const start = current.indexOf('<!-- bench:files -->');
  const end = current.indexOf('<!-- /bench:files -->');
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + '<!-- /bench:files -->'.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

async function main(): Promise<void> {
  const cluster = await startPostgresCluster({ durable: false });
  const handle = await openDatabase({ url: cluster.url });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-files-'));
  let server: { child: ChildProcess; base: string } | undefined;
  try {
    await handle.migrate();
    const loadStart = performance.now();
    const scope = await load(handle.db);
    log(`loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`);

    server = await startServer(cluster.url, dataDir);
    const pid = server.child.pid!;
    const login = await fetch(`${server.base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: USER.email, password: USER.password }),
    });
    if (login.status !== 200) throw new Error(`bench login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const idleRssMiB = mib(procKib(pid, 'VmRSS'));
    const filters = `cicleId=${scope.cycleId}&periodoId=${scope.periodoId}&campusId=${scope.campusId}`;

    log('XLSX of the comments …');
    const xlsx = await download(`${server.base}/reports/export?${filters}&table=texts&item=comments&format=xlsx`, token, pid);
    const rowsRead = (await xlsxRowCount(xlsx.body)) - 1;
    log(`XLSX: ${rowsRead} rows in ${xlsx.seconds.toFixed(1)} s, ${(xlsx.bytes / 1e6).toFixed(1)} MB, server peak RSS ${xlsx.peakRssMiB} MiB`);
    log('CSV of the comments …');
    const csv = await download(`${server.base}/reports/export?${filters}&table=texts&item=comments&format=csv`, token, pid);
    const lines = csv.body.toString('utf8').split('\r\n').length - 2;
    log(`CSV: ${lines} lines in ${csv.seconds.toFixed(1)} s, server peak RSS ${csv.peakRssMiB} MiB`);

    const pdfs: Download[] = [];
    for (let run = 0; run < PDF_RUNS; run++) {
      pdfs.push(await download(`${server.base}/ciclo/${scope.cycleId}/pdf/students?periodoId=${scope.periodoId}&campusId=${scope.campusId}`, token, pid));
      log(`PDF ${run + 1}/${PDF_RUNS}: ${pdfs.at(-1)!.seconds.toFixed(2)} s, ${pdfs.at(-1)!.bytes} bytes`);
    }
    const times = pdfs.map((p) => p.seconds).sort((a, b) => a - b);
    const results: Results = {
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
    console.table({ xlsx: results.xlsx, csv: results.csv, pdf: results.pdf });
    if (WRITE) writeDocs(path.join(here, '..', 'docs', 'benchmarks.md'), results);
  } finally {
    server?.child.kill('SIGTERM');
    await handle.close();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
