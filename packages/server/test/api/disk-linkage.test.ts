/**
 * A copy of the disk links nobody to answers (issue 17; docs/privacy.md,
 * "A copy of the disk").
 *
 * Students with a distinct marker in each comment evaluate their classes
 * through the real API while the mover publishes whole anonymity sets; some
 * sets stay held. At three moments the attacker copies the database's files:
 * during the term (no checkpoint), after a CHECKPOINT, and after the last
 * publish and a VACUUM. For PostgreSQL that is the whole data directory,
 * pg_wal included, of a cluster of its own with the default (durable)
 * settings; for PGlite the data folder of a database kept in a temporary
 * folder, as DATA_DIR keeps it. Then, without the server's secrets, the
 * attacker reads from the copy:
 *
 *  - every tuple of held_response, its TOAST table and completion, live and
 *    dead (pageinspect on a server started on the copy);
 *  - every byte of every relation file (free space, indexes, TOAST), a marker
 *    found there tied to the nearest tuple header's xmin;
 *  - every WAL record (pg_waldump on PostgreSQL; the same reader checked
 *    against it on both), a marker tied to its record's xid or to a tuple
 *    header inside a full-page image;
 *
 * and tries to tie each published response (found by its marker in
 * `response`) to a completion: by a marker next to a completion's xmin, or by
 * the sealed length among the held tuples its publishing transaction deleted.
 * Scored as linkage.test.ts scores: expected right guesses among the
 * candidates, against the bound a guess within a batch of ANONYMITY_BATCH
 * stays under (a binomial tail of 1e-9).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { mexicoCityDay } from '@encuestas/core/dates';
import { openDatabase, queryRows } from '../../src/db/client';
import { actives, activeCycles, campuses, classes, cycles, enrolments, students } from '../../src/db/schema';
import { publishHeldResponses } from '../../src/features/responses/mover';
import { TokenService } from '../../src/http/tokens';
import { findPgBin, startPostgresCluster } from '../../../../scripts/postgres-cluster.mjs';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName, preparePgliteDir, usingPostgres, type TestDatabase } from '../helpers/database';
import { filesUnder, occurrences, PAGE, pgWaldump, readWal, tupleXminsBefore } from '../helpers/disk-attack';
import { testHeldKey } from '../helpers/held';

const ANONYMITY_BATCH = 5;
const STUDENTS_PER_GROUP = 20;
/** In the last group, only this many evaluate its last class: a set that never reaches the batch and stays held. */
const HELD_SET_SIZE = 3;
const MARKER = Buffer.from('Mrk-');

/** mulberry32: the same scenario every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(17);

/** The least b with P(X > b) < 1e-9 for X ~ Binomial(n, p) (as linkage.test.ts). */
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

const markerOf = (n: number) => `Mrk-${String(n).padStart(4, '0')}-kM`;
const markerAt = (bytes: Buffer, at: number) => bytes.toString('latin1', at, at + 11);
const WORDS = ['clase', 'tareas', 'explica', 'dudas', 'puntual', 'examen', 'práctica', 'ejemplos', 'ritmo', 'material'];

/** A teacher evaluation whose comment carries the marker, then a filler of a length of its own. */
function evaluationAnswers(n: number): Answers {
  const answers: Answers = {};
  for (const item of TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items)) {
    if (item.required === false || item.gate) continue;
    answers[item.id] = item.type === 'rating' ? (['excelente', 'muyBuena', 'buena'] as const)[n % 3]! : 'yes';
  }
  const filler = Array.from({ length: Math.floor(random() * 90) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  return { ...answers, comments: `${markerOf(n)} ${filler}`.trim() };
}

// ------------------------------------------------------------ the database under attack, kept in files

interface DiskDatabase {
  database: TestDatabase;
  /** The folder a copy of the disk is taken of. */
  dataDir: string;
  /** A copy of the files as they are now; the caller removes it. */
  copy(into: string): string;
  close(): Promise<void>;
}

/** PostgreSQL: a cluster of its own, durable settings (full-page writes on), so the test owns its data directory. */
async function postgresOnDisk(): Promise<DiskDatabase> {
  const cluster = await startPostgresCluster({ durable: true, maxConnections: 40 });
  const handle = await openDatabase({ url: cluster.url, poolSize: 5 });
  await handle.migrate();
  const [{ data_directory: dataDir }] = (await queryRows<{ data_directory: string }>(handle.db, sql`show data_directory`)) as [{ data_directory: string }];
  return {
    // Closed by close() below, after the app.
    database: { db: handle.db, handle, url: cluster.url, close: async () => undefined },
    dataDir,
    copy(into) {
      // cp -a keeps the postgres user as owner, which a server started on the copy needs.
      execFileSync('cp', ['-a', dataDir, path.join(into, 'data')]);
      return path.join(into, 'data');
    },
    async close() {
      await handle.close();
      cluster.stop();
    },
  };
}

/** PGlite: a database in a folder, as DATA_DIR/pgdata keeps it. */
async function pgliteOnDisk(): Promise<DiskDatabase> {
  const base = mkdtempSync(path.join(tmpdir(), 'encuestas-disk-'));
  const dataDir = path.join(base, 'pgdata');
  preparePgliteDir(dataDir);
  const handle = await openDatabase({ pgliteDir: dataDir });
  await handle.migrate();
  return {
    database: { db: handle.db, handle, close: async () => undefined },
    dataDir,
    copy(into) {
      cpSync(dataDir, path.join(into, 'pgdata'), { recursive: true });
      return path.join(into, 'pgdata');
    },
    async close() {
      await handle.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** A server on the attacker's copy (it recovers from the copied WAL as after a crash), with pageinspect. */
async function queryCopy<T>(copyDir: string, read: (query: <R>(text: string, params?: unknown[]) => Promise<R[]>) => Promise<T>): Promise<T> {
  if (usingPostgres) {
    rmSync(path.join(copyDir, 'postmaster.pid'), { force: true });
    const server = await startPostgresCluster({ keepIn: path.dirname(copyDir) });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('create extension if not exists pageinspect');
      return await read(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
    } finally {
      await client.end();
      server.stop();
    }
  }
  const client = new PGlite(copyDir, { extensions: { pageinspect } });
  await client.waitReady;
  try {
    await client.exec('create extension if not exists pageinspect');
    return await read(async <R>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows);
  } finally {
    await client.close();
  }
}

// ------------------------------------------------------------ the attacker's reading of a copy

interface Tuple {
  xmin: number;
  xmax: number;
  len: number;
  data: Buffer;
}
interface CopyReading {
  completions: { key: string; xmin: number }[];
  published: { marker: string; xmin: number; answersLength: number }[];
  heldTuples: Tuple[];
  toastTuples: Tuple[];
  /** Relation name of each relation file (path relative to the data folder, without fork or segment suffix). */
  relations: Map<string, string>;
  heldRelations: Set<string>;
}

async function readCopy(copyDir: string): Promise<CopyReading> {
  return queryCopy(copyDir, async (query) => {
    const tuples = async (relation: string) => {
      const rows = await query<{ xmin: string; xmax: string; len: number; data: Uint8Array | null }>(
        `select t_xmin::text as xmin, t_xmax::text as xmax, lp_len as len, t_data as data
         from generate_series(0, (pg_relation_size($1::text::regclass) / ${PAGE})::int - 1) as block, heap_page_items(get_raw_page($1::text, block))
         where lp_flags = 1`,
        [relation],
      );
      return rows.map((r) => ({ xmin: Number(r.xmin), xmax: Number(r.xmax), len: r.len, data: Buffer.from(r.data ?? []) }));
    };
    const [{ toast }] = (await query<{ toast: string }>(`select reltoastrelid::regclass::text as toast from pg_class where oid = 'held_response'::regclass`)) as [{ toast: string }];
    const relations = await query<{ file: string; name: string; held: boolean }>(
      `select pg_relation_filepath(c.oid) as file, c.relname as name,
         c.oid in ('held_response'::regclass, 'held_response_pkey'::regclass, $1::regclass)
           or c.oid in (select indexrelid from pg_index where indrelid = $1::regclass) as held
       from pg_class c where pg_relation_filepath(c.oid) is not null`,
      [toast],
    );
    const completions = await query<{ key: string; xmin: string }>(
      `select concat_ws(':', respondent_type, respondent_id, active_id, ciclo_id, subject_key) as key, xmin::text as xmin from completion`,
    );
    const published = await query<{ marker: string; xmin: string; answers: string }>(
      `select substring(answers->>'comments' from 'Mrk-[0-9]{4}-kM') as marker, xmin::text as xmin, answers::text as answers from response`,
    );
    return {
      completions: completions.map((c) => ({ key: c.key, xmin: Number(c.xmin) })),
      published: published.map((r) => ({ marker: r.marker, xmin: Number(r.xmin), answersLength: Buffer.byteLength(r.answers) })),
      heldTuples: await tuples('held_response'),
      toastTuples: await tuples(toast),
      relations: new Map(relations.map((r) => [r.file, r.name])),
      heldRelations: new Set(relations.filter((r) => r.held).map((r) => r.file)),
    };
  });
}

/**
 * Where each marker is on disk, with the transaction ids found beside it:
 * in a relation file, the tuple headers before it in its page (nearest
 * first); in a WAL record, the record's xid, then the tuple headers before it
 * in the record (a full-page image holds whole tuples).
 */
interface RawReading {
  inFiles: { file: string; marker: string; xids: number[] }[];
  inWal: { marker: string; xids: number[] }[];
  walRecords: { xid: number; markers: string[] }[];
}

function readRawFiles(copyDir: string): RawReading {
  const inFiles: RawReading['inFiles'] = [];
  for (const file of filesUnder(copyDir)) {
    const relative = path.relative(copyDir, file);
    if (relative.startsWith('pg_wal')) continue;
    const bytes = readFileSync(file);
    for (const at of occurrences(bytes, MARKER)) inFiles.push({ file: relative, marker: markerAt(bytes, at), xids: tupleXminsBefore(bytes, at - (at % PAGE), at) });
  }
  const inWal: RawReading['inWal'] = [];
  const walRecords: RawReading['walRecords'] = [];
  for (const record of readWal(path.join(copyDir, 'pg_wal'))) {
    const found = occurrences(record.data, MARKER);
    if (!found.length) continue;
    walRecords.push({ xid: record.xid, markers: found.map((at) => markerAt(record.data, at)) });
    for (const at of found) inWal.push({ marker: markerAt(record.data, at), xids: [record.xid, ...tupleXminsBefore(record.data, Math.max(0, at - PAGE), at)] });
  }
  return { inFiles, inWal, walRecords };
}

// ------------------------------------------------------------ the scenario

let disk: DiskDatabase;
let t: TestApp;
/** marker → the completion key of its author (the test's knowledge, not the attacker's). */
const authorOf = new Map<string, string>();
type Moment = 'during the term (no checkpoint)' | 'after a CHECKPOINT' | 'after the last publish and a VACUUM';
const copies: { moment: Moment; dir: string; submitted: Set<string> }[] = [];

beforeAll(async () => {
  disk = usingPostgres ? await postgresOnDisk() : await pgliteOnDisk();
  t = await createTestApp({ demo: true, database: disk.database });
  const { db } = t;
  const today = mexicoCityDay();
  const [evaluationCycle] = await db.select({ id: cycles.id }).from(cycles).where(eq(cycles.surveyKind, 'alumnos/evaluacionDocente'));
  const campusRows = await db.select({ id: campuses.id }).from(campuses).orderBy(campuses.id).limit(2);
  const openActive = new Map(
    (
      await db
        .select({ id: actives.id, campusId: actives.campusId })
        .from(actives)
        .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
        .where(and(eq(activeCycles.cycleId, evaluationCycle!.id), sql`${actives.startActive} <= ${today} and ${actives.endActive} >= ${today}`))
    ).map((a) => [a.campusId, a.id]),
  );
  const groups = [
    { campusId: campusRows[0]!.id, plan: 'LADE', grupo: '1A' },
    { campusId: campusRows[0]!.id, plan: 'ISC', grupo: '3A' },
    { campusId: campusRows[1]!.id, plan: 'LADE', grupo: '1A' },
  ];
  const plans: { token: string; body: Record<string, unknown>; marker: string }[] = [];
  const tokens = new TokenService(db, TEST_JWT_SECRET);
  let n = 0;
  for (const [g, group] of groups.entries()) {
    const groupClasses = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.campusId, group.campusId), eq(classes.plan, group.plan), eq(classes.grupo, group.grupo)))
      .orderBy(classes.id);
    expect(groupClasses.length).toBeGreaterThanOrEqual(2);
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: STUDENTS_PER_GROUP }, (_, i) => ({
          pcId: String(170000000 + g * 1000 + i),
          name: 'Alumno',
          lastName: `Disco ${g}-${i}`,
          email: `disco${g}-${i}@alumnos.encuestas.mx`,
          ...group,
          sesion: 'Matutino',
          year: 2026,
        })),
      )
      .returning({ id: students.id });
    await db.insert(enrolments).values(rows.flatMap((s) => groupClasses.map((c) => ({ classId: c.id, studentId: s.id }))));
    for (const [i, student] of rows.entries()) {
      const token = await tokens.issue('student', student.id);
      for (const [c, someClass] of groupClasses.entries()) {
        if (g === groups.length - 1 && c === groupClasses.length - 1 && i >= HELD_SET_SIZE) continue;
        const marker = markerOf(++n);
        const activeId = openActive.get(group.campusId)!;
        authorOf.set(marker, `student:${student.id}:${activeId}:${evaluationCycle!.id}:${someClass.id}`);
        plans.push({ token, marker, body: { activeId, cicleId: evaluationCycle!.id, subject: String(someClass.id), idempotencyKey: `disco-clave-${n}`, answers: evaluationAnswers(n) } });
      }
    }
  }
  for (let i = plans.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [plans[i], plans[j]] = [plans[j]!, plans[i]!];
  }

  const submitted = new Set<string>();
  const takeCopy = (moment: Moment) => {
    // Straight in the temporary folder: a PostgreSQL server started on the copy runs as another user.
    const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-disk-copy-'));
    copies.push({ moment, dir: disk.copy(dir), submitted: new Set(submitted) });
  };
  for (const [i, plan] of plans.entries()) {
    const response = await t.request({ method: 'POST', url: `${API}/respondents/responses`, token: plan.token, payload: plan.body });
    if (response.statusCode !== 201) throw new Error(`submission answered ${response.statusCode}: ${response.body}`);
    submitted.add(plan.marker);
    // As the server's mover does after a submission (its own runs too; one at a time).
    await publishHeldResponses(db, { heldKey: testHeldKey, minBatch: ANONYMITY_BATCH });
    if (i === Math.floor(plans.length / 2)) takeCopy('during the term (no checkpoint)');
  }
  await db.execute(sql`checkpoint`);
  takeCopy('after a CHECKPOINT');
  await publishHeldResponses(db, { heldKey: testHeldKey, minBatch: ANONYMITY_BATCH });
  await db.execute(sql`vacuum held_response, completion`);
  takeCopy('after the last publish and a VACUUM');
}, 600_000);

afterAll(async () => {
  await t?.close();
  await disk?.close();
  for (const copy of copies) rmSync(path.dirname(copy.dir), { recursive: true, force: true });
});

// ------------------------------------------------------------ the attacks

type Candidates = Map<string, string[]>; // marker of a published response → completion keys it could be

function score(published: CopyReading['published'], candidates: Candidates): number {
  let hits = 0;
  for (const r of published) {
    const keys = candidates.get(r.marker) ?? [];
    if (keys.includes(authorOf.get(r.marker)!)) hits += 1 / keys.length;
  }
  return hits;
}

/** Completions whose xmin is one of these. */
const keysOf = (byXmin: Map<number, string[]>, xmins: Iterable<number>) => [...new Set([...xmins].flatMap((x) => byXmin.get(x) ?? []))];

/**
 * Sealed length: the held tuples and TOAST chunks a batch's transaction
 * deleted (t_xmax = the published rows' xmin) are its members, one per
 * submission (t_xmin); ranked by their size (the row and its chunks), against
 * the batch's responses ranked by the length of their answers. With a length
 * that follows the answers, ranks match; with one length for all, every
 * member is a candidate.
 */
function bySealedLength(reading: CopyReading, byXmin: Map<number, string[]>): Candidates {
  const tuples = [...reading.heldTuples, ...reading.toastTuples];
  const size = new Map<number, number>();
  for (const tuple of tuples) size.set(tuple.xmin, (size.get(tuple.xmin) ?? 0) + tuple.len);
  const candidates: Candidates = new Map();
  for (const batch of new Set(reading.published.map((r) => r.xmin))) {
    const members = [...new Set(tuples.filter((tuple) => tuple.xmax === batch).map((tuple) => tuple.xmin))].sort((a, b) => size.get(a)! - size.get(b)!);
    const responses = reading.published.filter((r) => r.xmin === batch).sort((a, b) => a.answersLength - b.answersLength);
    for (const r of responses) {
      if (!members.length) continue;
      // The responses tied with this one in length take the ranks [first, last]; every member of a size found there is a candidate.
      const first = responses.findIndex((o) => o.answersLength === r.answersLength);
      const last = responses.findLastIndex((o) => o.answersLength === r.answersLength);
      const sizes = new Set(members.slice(Math.min(first, members.length - 1), Math.min(last, members.length - 1) + 1).map((x) => size.get(x)));
      candidates.set(r.marker, keysOf(byXmin, members.filter((x) => sizes.has(size.get(x)))));
    }
  }
  return candidates;
}

describe(`a copy of the disk links nobody to answers (${driverName})`, () => {
  const results: { moment: Moment; name: string; n: number; hits: number; bound: number }[] = [];
  const exposure: { moment: Moment; heldFiles: number; walOfCompletions: number; heldMarkersAnywhere: number }[] = [];

  beforeAll(async () => {
    for (const copy of copies) {
      // Raw bytes first: a server started on the copy rewrites it as it recovers.
      const raw = readRawFiles(copy.dir);
      if (usingPostgres) {
        // pg_waldump reads the same records, with the same transaction ids.
        const dumped = pgWaldump(findPgBin()!, path.join(copy.dir, 'pg_wal'));
        const ours = new Map(readWal(path.join(copy.dir, 'pg_wal')).map((r) => [r.start, r.xid]));
        expect(dumped.length).toBeGreaterThan(100);
        expect(dumped.filter((r) => ours.get(r.start) !== r.xid)).toEqual([]);
      }
      const reading = await readCopy(copy.dir);
      const xmins = new Set(reading.completions.map((c) => c.xmin));
      const byXmin = new Map<number, string[]>();
      for (const c of reading.completions) byXmin.set(c.xmin, [...(byXmin.get(c.xmin) ?? []), c.key]);
      /** Each occurrence tied to the nearest xid that is a completion's; a marker's candidates are all its occurrences'. */
      const tied = (found: { marker: string; xids: number[] }[]): Candidates => {
        const candidates: Candidates = new Map();
        for (const { marker, xids } of found) {
          const xid = xids.find((x) => xmins.has(x));
          if (xid !== undefined) candidates.set(marker, [...new Set([...(candidates.get(marker) ?? []), ...keysOf(byXmin, [xid])])]);
        }
        return candidates;
      };

      const inHeldTuples: Candidates = new Map();
      for (const tuple of [...reading.heldTuples, ...reading.toastTuples]) {
        for (const at of occurrences(tuple.data, MARKER)) {
          const marker = markerAt(tuple.data, at);
          inHeldTuples.set(marker, [...new Set([...(inHeldTuples.get(marker) ?? []), ...keysOf(byXmin, [tuple.xmin])])]);
        }
      }
      const attacks: [string, Candidates][] = [
        ['marker in a held tuple, live or dead, TOAST too (pageinspect) → its xmin', inHeldTuples],
        ['marker in a relation file (free space, indexes, TOAST) → nearest tuple header xmin', tied(raw.inFiles)],
        ['marker in a WAL record → its xid, or a tuple header in a full-page image', tied(raw.inWal)],
        ['sealed length within the batch that deleted the held tuples (t_xmax)', bySealedLength(reading, byXmin)],
      ];
      const n = reading.published.length;
      for (const [name, candidates] of attacks) {
        results.push({ moment: copy.moment, name, n, hits: Math.round(score(reading.published, candidates) * 10) / 10, bound: binomialBound(n, 1 / ANONYMITY_BATCH) });
      }
      const publishedMarkers = new Set(reading.published.map((r) => r.marker));
      const held = [...copy.submitted].filter((m) => !publishedMarkers.has(m));
      const relationOf = (file: string) => file.replace(/(_fsm|_vm|_init)?(\.\d+)?$/, '');
      const heldFiles = raw.inFiles.filter((hit) => reading.heldRelations.has(relationOf(hit.file))).length;
      const walOfCompletions = raw.walRecords.filter((r) => xmins.has(r.xid)).length;
      const everywhere = [...raw.inFiles.map((hit) => hit.marker), ...raw.walRecords.flatMap((r) => r.markers)];
      exposure.push({ moment: copy.moment, heldFiles, walOfCompletions, heldMarkersAnywhere: everywhere.filter((m) => held.includes(m)).length });
      const files = [...new Set(raw.inFiles.map((hit) => reading.relations.get(relationOf(hit.file)) ?? hit.file))];
      console.info(
        `[disk ${driverName}] copy ${copy.moment}: ${n} published, ${held.length} held; ` +
          `${raw.inFiles.length} markers in the files of ${files.join(', ')}, ` +
          `in ${raw.walRecords.length} WAL records (${raw.walRecords.filter((r) => xmins.has(r.xid)).length} of a completion's transaction); ` +
          `${reading.heldTuples.length} held tuples (${reading.heldTuples.filter((x) => x.xmax !== 0).length} dead), ${reading.toastTuples.length} TOAST tuples`,
      );
      rmSync(path.dirname(copy.dir), { recursive: true, force: true });
    }
    console.info(
      `[disk ${driverName}] k = ${ANONYMITY_BATCH}; right guesses of the author of a published response (bound)\n` +
        results.map((r) => `  ${r.moment}: ${r.name}: ${r.hits} of ${r.n} (${r.bound})`).join('\n'),
    );
  }, 600_000);

  it('took three copies, with published responses and some still held in each', () => {
    expect(copies.map((c) => c.moment)).toEqual(['during the term (no checkpoint)', 'after a CHECKPOINT', 'after the last publish and a VACUUM']);
    expect(results.every((r) => r.n >= 5 * ANONYMITY_BATCH)).toBe(true);
  });

  it('holds no marker in any file of held_response nor in any WAL record of a submission, and none of an answer still held anywhere', () => {
    for (const e of exposure) expect(e, e.moment).toEqual({ moment: e.moment, heldFiles: 0, walOfCompletions: 0, heldMarkersAnywhere: 0 });
  });

  it('ties no published response to its author better than a guess within its batch, by marker or by sealed length', () => {
    expect(results).toHaveLength(copies.length * 4);
    for (const r of results) expect(r.hits, `${r.moment}: ${r.name}`).toBeLessThanOrEqual(r.bound);
  });
});
