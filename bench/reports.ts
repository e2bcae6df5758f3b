/**
 * `npm run bench:reports -- --responses N`: a synthetic term at university
 * scale in a throwaway PostgreSQL (durable, as bench:submit), loaded through
 * the mover's folding code in big batches, then the aggregate reads the
 * reports need, timed. Writes the figures, with the machine and date, to
 * docs/benchmarks.md.
 *
 * Options: --responses 1000000  --batch 2000 (responses per insert + fold)
 *   --runs 3 (timing phases)  --samples 30 (per query and phase)
 *   --compare-rebuild  also time rebuildAggregates over the loaded responses
 *   (it truncates and folds everything again), to compare with folding per batch
 *   --no-write  print only, leave docs/benchmarks.md alone
 *   --keep DIR  keep the cluster in DIR after the run; a later run with the
 *   same DIR skips the load and times the reads again on the same data
 *   --no-http  skip the HTTP half: by default, after the aggregate reads, the
 *   real server is started on the same data and every report endpoint is
 *   timed over HTTP in the same way (bench/reports-http.ts)
 *   --screens  instead, the back-office screens on the demo: the API calls
 *   each makes on open, cold and warm (bench/reports-screens.ts)
 */
import { performance } from 'node:perf_hooks';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { seededRandom } from '@encuestas/core/survey-engine/synthetic-answers';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../packages/server/src/db/client';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { AGGREGATE_TABLES as FOLDED_TABLES, GROUP_SEPARATOR, rebuildAggregates } from '../packages/server/src/features/aggregates/fold';
import { loadCatalogs } from '../packages/server/src/features/catalogs/service';
import {
  countTexts,
  dailyCounts,
  itemAverages,
  itemDistribution,
  monthlyCounts,
  nom035Distribution,
  segmentSummaries,
  teacherGroupScores,
  teacherRanking,
  textsPage,
  type ReportScope,
} from '../packages/server/src/features/aggregates/queries';
import { missingCounts, missingRespondentIds } from '../packages/server/src/features/missing/queries';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { timeReportEndpoints } from './reports-http';
import { timeReads } from './timing';
import { createTerm, loadResponses, planResponses, SCALE, WINDOW_DAYS, type Term } from './reports-data';
import { writeReportsResults, type QueryTiming, type ReportsBenchResults } from './report';

const here = path.dirname(fileURLToPath(import.meta.url));
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  return inline ? Number(inline.split('=')[1]) : index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const RESPONSES = option('responses', 1_000_000);
const BATCH = option('batch', 2_000);
const RUNS = option('runs', 3);
const SAMPLES = option('samples', 30);
const COMPARE_REBUILD = process.argv.includes('--compare-rebuild');
const WRITE = !process.argv.includes('--no-write');
const keepIndex = process.argv.indexOf('--keep');
const KEEP = keepIndex > 0 ? process.argv[keepIndex + 1] : undefined;
const HTTP = !process.argv.includes('--no-http');
const SEED = 20260209;
const TARGET_P95_MS = 50;
/** Issue 9: every report endpoint answers within this p95 at 1,000,000 responses. */
const HTTP_TARGET_P95_MS = 150;

const AGGREGATE_TABLES = ['response', 'completion', ...FOLDED_TABLES];

const log = (message: string) => console.log(`[bench:reports ${new Date().toISOString().slice(11, 19)}] ${message}`);
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US');

/** What the reads are about: campus 1's application, its busiest teacher and one of its groups (kept with a --keep cluster). */
export interface BenchTargets {
  campusId: number;
  activeId: number;
  periodoId: number;
  cycles: Record<string, number>;
  /** Plan and group joined as the 'group' segment stores them. */
  group: string;
  teacherId: number;
}

async function benchTargets(db: Database, term: Term): Promise<BenchTargets> {
  const campusId = term.campusIds[0]!;
  const activeId = term.activeByCampus.get(campusId)!;
  const cycles = Object.fromEntries(term.cycleByKind);
  const ranking = await teacherRanking(db, { cycleId: cycles['alumnos/evaluacionDocente']!, activeId });
  const busiest = ranking.reduce((a, b) => (b.n > a.n ? b : a));
  const student = term.students.find((s) => s.campusId === campusId)!;
  return { campusId, activeId, periodoId: term.periodoId, cycles, group: `${student.plan}${GROUP_SEPARATOR}${student.grupo}`, teacherId: busiest.teacherId };
}

/** The reads a report page makes, named as docs/benchmarks.md lists them. */
function reportQueries(db: Database, targets: BenchTargets): [string, () => Promise<unknown>][] {
  const { campusId, activeId, periodoId, group, teacherId } = targets;
  const cycle = (kind: string) => targets.cycles[kind]!;
  const evaluation = cycle('alumnos/evaluacionDocente');
  const app: ReportScope = { cycleId: evaluation, activeId };
  const whole: ReportScope = { cycleId: evaluation, periodoId };
  const services: ReportScope = { cycleId: cycle('alumnos/serviciosA'), periodoId };
  const nomApp: ReportScope = { cycleId: cycle('administrativos/norma'), activeId };
  const nomWhole: ReportScope = { cycleId: cycle('administrativos/norma'), periodoId };
  // As reports read them: only texts whose cell (application, teacher) reaches the small-group rule.
  const comments = { itemIds: ['comments'], minGroupSize: 5 };
  const evaluationMissing = {
    activeIds: [activeId],
    cycleId: evaluation,
    campusIds: [campusId],
    respondentType: 'student' as const,
    done: { subjects: 'perClass' as const, periodoId },
  };
  return [
    ['distribution + averages, application', async () => itemAverages(await itemDistribution(db, app))],
    ['distribution + averages, whole cycle', async () => itemAverages(await itemDistribution(db, whole))],
    ['by plan, application', async () => itemAverages(await itemDistribution(db, app, 'plan'))],
    ['by plan, whole cycle', async () => itemAverages(await itemDistribution(db, whole, 'plan'))],
    // A group breakdown lists each group's responses and mean, and opens one group's items on demand.
    ['by plan+group: groups, application', () => segmentSummaries(db, app, 'group')],
    ['by plan+group: groups, whole cycle', () => segmentSummaries(db, whole, 'group')],
    ['services A by plan+group: groups, whole cycle', () => segmentSummaries(db, services, 'group')],
    ['by plan+group: one group opened, application', async () => itemAverages(await itemDistribution(db, app, 'group', group))],
    ['services A by plan+group: one group opened, whole cycle', async () => itemAverages(await itemDistribution(db, services, 'group', group))],
    ['one teacher: items, application', async () => itemAverages(await itemDistribution(db, app, 'teacher', String(teacherId)))],
    [
      'teacher ranking + campus norm, application',
      async () => Promise.all([teacherRanking(db, app), itemDistribution(db, app)]),
    ],
    [
      'teacher ranking + institution norm, whole cycle',
      async () => Promise.all([teacherRanking(db, whole), itemDistribution(db, whole)]),
    ],
    ['one teacher by group, whole cycle', () => teacherGroupScores(db, whole, teacherId)],
    ['daily counts, application', () => dailyCounts(db, app)],
    ['daily counts, whole cycle', () => dailyCounts(db, whole)],
    ['monthly counts, whole cycle', () => monthlyCounts(db, whole)],
    ['comments page 1 + count, application', () => Promise.all([textsPage(db, { scope: app, ...comments, limit: 25 }), countTexts(db, { scope: app, ...comments })])],
    [
      'comments page 3, whole cycle',
      async () => {
        let page = await textsPage(db, { scope: whole, ...comments, limit: 25 });
        for (let next = 1; next < 3; next++) page = await textsPage(db, { scope: whole, ...comments, limit: 25, after: page.next });
        return page;
      },
    ],
    ["comments search 'profesores', whole cycle", () => textsPage(db, { scope: whole, ...comments, search: 'profesores', limit: 25 })],
    ["comments search count 'biblioteca', whole cycle", () => countTexts(db, { scope: whole, ...comments, search: 'biblioteca' })],
    ['one teacher comments page, whole cycle', () => textsPage(db, { scope: whole, ...comments, teacherId, limit: 25 })],
    ['NOM-035 distribution, application', () => nom035Distribution(db, nomApp)],
    ['NOM-035 distribution, whole cycle', () => nom035Distribution(db, nomWhole)],
    // Done as the list counts it: every class of the period (teacher evaluation), Guía I and a risk guide (NOM-035).
    ['missing students, campus (teacher evaluation)', () => missingRespondentIds(db, evaluationMissing)],
    ['missing counts + evaluations, campus (teacher evaluation)', () => missingCounts(db, evaluationMissing)],
    [
      'missing staff, campus (NOM-035)',
      () =>
        missingRespondentIds(db, {
          activeIds: [activeId],
          cycleId: cycle('administrativos/norma'),
          campusIds: [campusId],
          respondentType: 'staff',
          done: { subjects: 'nom035Guides' },
        }),
    ],
  ];
}

/** What a read returns: rows of a list, texts of a page (of the last call when a read makes several), a count. */
function resultRows(result: unknown): number {
  if (Array.isArray(result)) return result.reduce((sum: number, part: unknown) => sum + (Array.isArray(part) ? part.length : 1), 0) as number;
  if (typeof result === 'number') return result;
  if (result && typeof result === 'object' && 'texts' in result) return (result as { texts: unknown[] }).texts.length;
  return 0;
}

const timeQueries = (queries: [string, () => Promise<unknown>][], phases: number) =>
  timeReads(queries, { phases, samples: SAMPLES, size: resultRows, log });

/** The load's figures and the read targets, kept beside a --keep cluster for later runs. */
interface KeptLoad {
  loadedOn: string;
  results: Omit<ReportsBenchResults, 'queries' | 'http' | 'totalMs' | 'runs' | 'samples' | 'targetP95'>;
  targets: BenchTargets;
}

async function main(): Promise<void> {
  const cluster = await startPostgresCluster(KEEP ? { keepIn: KEEP } : {});
  const keptFile = KEEP ? path.join(KEEP, 'bench-load.json') : undefined;
  const handle = await openDatabase({ url: cluster.url });
  const { db } = handle;
  try {
    const began = performance.now();
    let kept: KeptLoad;
    if (!cluster.fresh && keptFile && existsSync(keptFile)) {
      kept = JSON.parse(readFileSync(keptFile, 'utf8')) as KeptLoad;
      if (kept.results.responses < RESPONSES * 0.99) throw new Error(`${KEEP} holds ${kept.results.responses} responses, not ${RESPONSES}: use another folder`);
      log(`reusing the ${kept.results.responses.toLocaleString('en-US')} responses loaded on ${kept.loadedOn} in ${KEEP}`);
      // Migrations merged since the load (the server started below needs them); none pending is a no-op.
      await handle.migrate();
    } else {
      if (!cluster.fresh) throw new Error(`${KEEP} holds a cluster without ${path.basename(keptFile!)} (an interrupted load): remove it first`);
      kept = await loadTerm(handle);
      if (keptFile) writeFileSync(keptFile, JSON.stringify(kept));
    }
    log(`timing ${RUNS} × ${SAMPLES} samples per query (after 3 warm-ups) …`);
    const queries = await timeQueries(reportQueries(db, kept.targets), RUNS);
    const http = HTTP ? await timeReportEndpoints(db, cluster.url, kept.targets, { phases: RUNS, samples: SAMPLES, log }) : null;
    const totalMs = performance.now() - began;
    const results: ReportsBenchResults = {
      ...kept.results,
      ...(cluster.fresh ? {} : { loadedOn: kept.loadedOn }),
      runs: RUNS,
      samples: SAMPLES,
      targetP95: TARGET_P95_MS,
      queries,
      http: http && { targetP95: HTTP_TARGET_P95_MS, endpoints: http },
      totalMs,
    };
    const shown = (timings: QueryTiming[]) => timings.map((q) => ({ ...q, p50: q.p50.toFixed(1), p95: q.p95.toFixed(1), max: q.max.toFixed(1) }));
    console.table(shown(queries));
    if (http) console.table(shown(http));
    if (WRITE) writeReportsResults(path.join(here, '..', 'docs', 'benchmarks.md'), results);
  } finally {
    await handle.close();
    cluster.stop();
  }
}

/** Migrates, builds the directory, loads and folds the responses, then VACUUM ANALYZE: what a kept cluster saves. */
async function loadTerm(handle: DatabaseHandle): Promise<KeptLoad> {
  const { db } = handle;
  await handle.migrate();
  await seedReferenceData(db);
  const random = seededRandom(SEED);
  log(`directory: ${SCALE.campuses} campuses, ${SCALE.students} students, ${SCALE.teachers} teachers, ${SCALE.staffPerCampus * SCALE.campuses} staff …`);
  const directoryStart = performance.now();
  const term = await createTerm(db, RESPONSES, random);
  const directoryMs = performance.now() - directoryStart;
  log(`directory done in ${(directoryMs / 1000).toFixed(1)} s: ${term.classes.size} classes (${term.classesPerGroup} per group), ${term.enrolmentCount} enrolments`);

  const tasks = planResponses(term, RESPONSES, random);
  const byKind = new Map<string, number>();
  for (const task of tasks) byKind.set(task.kind, (byKind.get(task.kind) ?? 0) + 1);
  log(`${tasks.length} responses planned over ${WINDOW_DAYS} days: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`);

  const catalogs = await loadCatalogs(db);
  const load = await loadResponses(db, term, tasks, catalogs, {
    batchSize: BATCH,
    fold: true,
    seed: SEED + 1,
    progress: (done, t) =>
      log(
        `${done.toLocaleString('en-US')}/${tasks.length.toLocaleString('en-US')} responses, ${rate(done, t.totalMs)} responses/s ` +
          `(generate ${(t.generateMs / 1000).toFixed(0)} s, insert ${(t.insertMs / 1000).toFixed(0)} s, fold ${(t.foldMs / 1000).toFixed(0)} s)`,
      ),
  });
  log(`loaded ${load.responses} responses (${load.answers} answers) in ${(load.totalMs / 1000).toFixed(1)} s`);

  let rebuildMs: number | null = null;
  if (COMPARE_REBUILD) {
    log('rebuildAggregates over every response, to compare with folding per batch …');
    const start = performance.now();
    await rebuildAggregates(db, { batchSize: BATCH });
    rebuildMs = performance.now() - start;
    log(`rebuild: ${(rebuildMs / 1000).toFixed(1)} s (${rate(load.responses, rebuildMs)} responses/s) vs folding per batch ${(load.foldMs / 1000).toFixed(1)} s`);
  }

  const analyzeStart = performance.now();
  await db.execute(sql.raw(`analyze ${AGGREGATE_TABLES.join(', ')}, student, staff, teacher, class`));
  log(`analyze: ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s`);
  const sizes = await queryRows<{ table: string; rows: number; bytes: number }>(
    db,
    sql.raw(
      AGGREGATE_TABLES.map(
        (t) => `select '${t}' as table, (select count(*) from ${t})::int as rows, pg_total_relation_size('${t}')::float8 as bytes`,
      ).join(' union all '),
    ),
  );
  const [database] = await queryRows<{ bytes: number }>(db, sql`select pg_database_size(current_database())::float8 as bytes`);
  for (const s of sizes) log(`  ${s.table}: ${s.rows.toLocaleString('en-US')} rows, ${(s.bytes / 2 ** 20).toFixed(0)} MiB`);

  const targets = await benchTargets(db, term);
  // The load leaves the upserted tables full of dead row versions that autovacuum would clear in
  // production over time; one phase right after ANALYZE shows what reads cost before it has.
  log('one timing phase before VACUUM …');
  const beforeVacuum = await timeQueries(reportQueries(db, targets), 1);
  const vacuumStart = performance.now();
  await db.execute(sql.raw(`vacuum analyze ${AGGREGATE_TABLES.join(', ')}`));
  const vacuumMs = performance.now() - vacuumStart;
  log(`vacuum analyze: ${(vacuumMs / 1000).toFixed(1)} s`);
  const vacuumedSizes = await queryRows<{ table: string; bytes: number }>(
    db,
    sql.raw(AGGREGATE_TABLES.map((t) => `select '${t}' as table, pg_total_relation_size('${t}')::float8 as bytes`).join(' union all ')),
  );
  return {
    loadedOn: new Date().toISOString().slice(0, 10),
    targets,
    results: {
      responses: load.responses,
      answers: load.answers,
      byKind: Object.fromEntries(byKind),
      directory: {
        campuses: SCALE.campuses,
        students: term.students.length,
        teachers: term.teachers.length,
        staff: term.staff.length,
        classes: term.classes.size,
        enrolments: term.enrolmentCount,
        ms: directoryMs,
      },
      batch: BATCH,
      load,
      rebuildMs,
      sizes: sizes.map((s) => ({ ...s, bytesAfterVacuum: vacuumedSizes.find((v) => v.table === s.table)!.bytes })),
      vacuumMs,
      databaseBytes: database!.bytes,
      p95BeforeVacuum: Object.fromEntries(beforeVacuum.map((q) => [q.name, q.p95])),
    },
  };
}

// --screens: the back-office screens on the demo instead (bench/reports-screens.ts).
(process.argv.includes('--screens') ? import('./reports-screens').then((screens) => screens.main()) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
