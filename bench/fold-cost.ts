/**
 * The fold's cost: `tsx bench/fold-cost.ts [--responses N]` (PGlite in
 * memory, or DATABASE_URL's PostgreSQL; use an empty throwaway database).
 * Publishes N synthetic teacher evaluations (the widest kind: 20 items, six
 * segments, a comment in one of three) and times folding them as the mover
 * does (batches of 5, one transaction each) and as a rebuild does (batches of
 * 2,000), and its arithmetic alone (the statements built, not sent: the
 * event loop's share); then times the report reads at that size. Prints a summary for
 * docs/reports.md. Not the university-scale benchmark (bench:reports).
 * The comments are the triage's labelled set (446 Spanish comments, a third
 * of them alerts); the fold triages each (features/comment-triage), and the
 * triage alone is timed over the same comments, to tell its share.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { openDatabase, queryRows, type Database } from '../packages/server/src/db/client';
import { actives, campuses, classes, cycles, periods, responses, teachers } from '../packages/server/src/db/schema';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { AGGREGATE_TABLES, foldResponses, foldWrites, rebuildAggregates, type ResponseRow } from '../packages/server/src/features/aggregates/fold';
import { triageComment } from '../packages/server/src/features/comment-triage';
import {
  dailyCounts,
  itemDistribution,
  REPORT_SQL,
  teacherRanking,
  textsPage,
  type ReportScope,
} from '../packages/server/src/features/aggregates/queries';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const TOTAL = argument('responses', 20_000);
const MOVER_SAMPLE = Math.min(TOTAL, argument('mover-sample', 5_000));
const RATINGS = ['excelente', 'muyBuena', 'buena', 'regular', 'mala', 'na'];
const COMMENTS = (
  JSON.parse(readFileSync(new URL('../packages/server/test/fixtures/comments-triage.json', import.meta.url), 'utf8')) as { comments: { text: string }[] }
).comments.map((comment) => comment.text);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function setUp(db: Database) {
  await seedReferenceData(db);
  const [cycle] = await db.select().from(cycles).where(sql`${cycles.surveyKind} = 'alumnos/evaluacionDocente'`);
  const [campus] = await db.insert(campuses).values({ nombre: `Bench ${randomUUID()}` }).returning();
  const [periodo] = await db.insert(periods).values({ nombre: `B${Date.now()}`, fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning();
  const [active] = await db
    .insert(actives)
    .values({ campusId: campus!.id, periodoId: periodo!.id, startActive: '2026-03-01', endActive: '2026-04-15' })
    .returning();
  const madeTeachers = await db
    .insert(teachers)
    .values(Array.from({ length: 60 }, (_, i) => ({ pcId: String(290000000 + i), name: `Docente ${i}`, campusId: campus!.id })))
    .returning();
  const madeClasses = await db
    .insert(classes)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        code: `B${i}`,
        name: `Materia ${i}`,
        campusId: campus!.id,
        periodoId: periodo!.id,
        teacherId: madeTeachers[i % 60]!.id,
        plan: `PLAN${i % 5}`,
        grupo: `${1 + (i % 9)}${'ABC'[i % 3]}`,
      })),
    )
    .returning();
  return { cycleId: cycle!.id, campusId: campus!.id, periodoId: periodo!.id, activeId: active!.id, classes: madeClasses };
}

function synthetic(ctx: Awaited<ReturnType<typeof setUp>>): typeof responses.$inferInsert {
  const c = pick(ctx.classes);
  const answers: Record<string, string> = Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, pick(RATINGS)]));
  answers.wouldRecommend = pick(['yes', 'no']);
  if (Math.random() < 1 / 3) answers.comments = pick(COMMENTS);
  return {
    id: randomUUID(),
    surveyKind: 'alumnos/evaluacionDocente',
    questionnaireId: 'alumnos-evaluacion-docente',
    questionnaireVersion: 1,
    cycleId: ctx.cycleId,
    activeId: ctx.activeId,
    campusId: ctx.campusId,
    periodoId: ctx.periodoId,
    plan: c.plan,
    grupo: c.grupo,
    teacherId: c.teacherId,
    classId: c.id,
    submittedOn: `2026-03-${String(1 + Math.floor(Math.random() * 30)).padStart(2, '0')}`,
    answers,
  };
}

async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main(): Promise<void> {
  const handle = await openDatabase({ url: process.env.DATABASE_URL });
  const { db } = handle;
  await handle.migrate();
  const ctx = await setUp(db);
  for (let done = 0; done < TOTAL; done += 1000) {
    await db.insert(responses).values(Array.from({ length: Math.min(1000, TOTAL - done) }, () => synthetic(ctx)));
  }
  const rows: ResponseRow[] = await db.select().from(responses).where(sql`${responses.activeId} = ${ctx.activeId}`);

  // As the mover does: one transaction per batch; its batches grow with the backlog (at least ANONYMITY_BATCH).
  const moverMs: Record<number, number> = {};
  for (const size of [5, 50, 500]) {
    await db.execute(sql.raw(`truncate ${AGGREGATE_TABLES.join(', ')}`));
    const begin = performance.now();
    for (let i = 0; i < MOVER_SAMPLE; i += size) {
      await db.transaction((tx) => foldResponses(tx as unknown as Database, rows.slice(i, i + size)));
    }
    moverMs[size] = ((performance.now() - begin) / MOVER_SAMPLE) * 1000;
  }

  // The fold's arithmetic alone, on the event loop's side (no database: each statement is built, not sent):
  // batches as the server's mover makes them on PostgreSQL, 50 anonymity sets of 5 responses, each set
  // under one class and one day.
  const SET = 5;
  const setsBatch = rows.slice(0, 250).map((row, i) => {
    const first = rows[i - (i % SET)]!;
    return { ...row, plan: first.plan, grupo: first.grupo, teacherId: first.teacherId, classId: first.classId, submittedOn: first.submittedOn };
  });
  foldWrites(setsBatch); // warm-up
  const arithmeticUs = ((await median(async () => void foldWrites(setsBatch), 41)) / setsBatch.length) * 1000;

  // The triage alone, over the sample's comments (the part of the fold above it spends triaging).
  const sampleComments = rows.slice(0, MOVER_SAMPLE).flatMap((row) => {
    const comment = (row.answers as Record<string, unknown>).comments;
    return typeof comment === 'string' ? [comment] : [];
  });
  const triageMs = ((await median(async () => sampleComments.forEach((comment) => triageComment(comment)), 3)) / MOVER_SAMPLE) * 1000;

  const start = performance.now();
  const rebuilt = await rebuildAggregates(db);
  const rebuildMs = ((performance.now() - start) / rebuilt.responses) * 1000;

  const sizes = await queryRows<{ table: string; rows: number }>(
    db,
    sql`select 'agg_answer_count' as table, count(*)::int as rows from agg_answer_count
      union all select 'agg_response_count', count(*)::int from agg_response_count
      union all select 'agg_teacher_score', count(*)::int from agg_teacher_score
      union all select 'response_text', count(*)::int from response_text`,
  );
  const application: ReportScope = { cycleId: ctx.cycleId, activeId: ctx.activeId };
  const cycle: ReportScope = { cycleId: ctx.cycleId, periodoId: ctx.periodoId };
  const reads = {
    'distribution, application': await median(() => itemDistribution(db, application)),
    'distribution by plan+group, cycle': await median(() => itemDistribution(db, cycle, 'group')),
    'distribution of one class': await median(() => itemDistribution(db, application, 'class', String(ctx.classes[0]!.id))),
    'distribution by class, all 300 of an application': await median(() => itemDistribution(db, application, 'class'), 5),
    'teacher ranking, cycle': await median(() => teacherRanking(db, cycle)),
    'daily counts, application': await median(() => dailyCounts(db, application)),
    'comments page, search': await median(() => textsPage(db, { scope: cycle, itemIds: ['comments'], minGroupSize: 5, search: 'profesores', limit: 12 })),
  };
  // Layout check: the 'all' rows read from the wide table vs from a table holding only them.
  await db.execute(sql`create temporary table only_all as select * from agg_answer_count where segment = 'all'`);
  await db.execute(sql`create index on only_all (ciclo_id, active_id, questionnaire_id, item_id, value)`);
  await db.execute(sql`analyze only_all`);
  const wide = await median(
    () =>
      queryRows(
        db,
        sql`select item_id, value, sum(n) from agg_answer_count where ciclo_id = ${ctx.cycleId} and periodo_id = ${ctx.periodoId}
          and segment = 'all' and campus_id = ${ctx.campusId} and active_id = ${ctx.activeId} group by 1, 2`,
      ),
    25,
  );
  const split = await median(() => queryRows(db, sql`select item_id, value, sum(n) from only_all where ciclo_id = ${ctx.cycleId} and active_id = ${ctx.activeId} group by 1, 2`), 25);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain analyze ${REPORT_SQL.itemCounts(cycle, 'group')}`);

  console.log(`driver: ${handle.driver}; ${TOTAL} teacher evaluations, 300 classes, 60 teachers, 30 days`);
  for (const [size, ms] of Object.entries(moverMs)) {
    console.log(`fold as the mover, batches of ${size}: ${ms.toFixed(0)} ms per 1,000 responses (sample of ${MOVER_SAMPLE})`);
  }
  console.log(`fold's arithmetic alone, 50 sets of ${SET} a batch: ${arithmeticUs.toFixed(0)} µs per response (median of 41 batches)`);
  console.log(`fold as a rebuild (batches of 2,000): ${rebuildMs.toFixed(0)} ms per 1,000 responses`);
  console.log(`  of which triage (${sampleComments.length} comments in the sample, timed alone): ${triageMs.toFixed(0)} ms per 1,000 responses`);
  for (const { table, rows: n } of sizes) console.log(`  ${table}: ${n} rows`);
  for (const [name, ms] of Object.entries(reads)) console.log(`read ${name}: ${ms.toFixed(1)} ms (median)`);
  console.log(`layout: 'all' rows from the wide table ${wide.toFixed(2)} ms, from a table of their own ${split.toFixed(2)} ms (medians)`);
  console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
