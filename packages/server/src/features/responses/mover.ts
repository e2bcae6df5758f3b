/**
 * The mover: publishes held responses into `response` in shuffled batches.
 *
 * A submission writes its completion and its response (into `held_response`)
 * in one transaction, so the two share a transaction id (`xmin`) and sit side
 * by side on disk and in a dump. The mover publishes in its own transaction,
 * shuffles with a CSPRNG and gives each response a fresh random id, so a
 * published response shares no transaction id, position or order with its
 * completion.
 *
 * Mixing is not enough by itself: a completion names its application, cycle
 * and subject (a class, a NOM-035 guide), and the directory gives the
 * respondent's campus, plan and group; a response carries the same segments.
 * So held responses are published by *anonymity set*: the responses that
 * agree on every segment a completion can be matched on. While the
 * application is open a set publishes only once it holds `minBatch` more than
 * it keeps for the close (keptForTheClose), all of those at once (on the
 * embedded database, in parts of minBatch or more: `increments`) and under
 * one day (the latest of them), so whatever an attacker reads (columns,
 * `xmin`, physical order, a dump, the day, the figures before and after)
 * narrows a person down to no fewer than `minBatch` responses
 * (docs/privacy.md). At the close, what was kept is published as one more set.
 *
 * Sets that never reach `minBatch` (a class of three) are *coarsened* once
 * their application's window has closed (publishRemainders): their class,
 * group, plan and teacher are cleared, in that order, until the responses
 * left over agree on enough to make a set of `minBatch` at that level. Their
 * answers then count in the teacher's, plan's or campus's figures and never
 * form a cell of their own. Every figure a report shows is therefore a sum of
 * whole published sets, each of at least `minBatch` ≥ MIN_GROUP_SIZE
 * responses under one day: no difference of figures isolates fewer people
 * (docs/privacy.md, "Small groups and arithmetic"). What cannot make a set
 * even at the application's level (three answers at a campus) stays held.
 *
 * A batch is read first, and opened, shuffled and summed in memory; then one
 * statement (so one transaction and one round trip) takes the mover's lock,
 * deletes the rows from the holding table, publishes them and folds them into
 * the report aggregates, and fails, changing nothing, unless it holds the lock
 * and every row it read was still held (publishChosen). A crash loses nothing
 * (the rows are still held) and publishes nothing twice. One mover at a time
 * across processes, by a transaction-scoped advisory lock: an explicit call
 * waits for a mover at work, the server's own runs step aside. On the
 * embedded database a transaction holds its one connection: with the work in
 * memory done before, the connection is held for the statement alone, not
 * for the server's busy event loop between statements (issue 23).
 *
 * Run by the server (startResponseMover: on a timer and after submissions)
 * and by `npm run cli -- publish-responses [--application N [--survey-type M]]`.
 */
import { randomInt, randomUUID, type KeyObject } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, count, eq, getTableColumns, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mexicoCityDay } from '@encuestas/core/dates';
import { isEmbedded, queryRows, type Database, type ReadDatabase } from '../../db/client';
import { pgErrorCode } from '../../db/errors';
import { sharedRows } from '../../db/shared-read';
import { insertTableRows, writeClauses } from '../../db/json-rows';
import { uuidArray } from '../../db/sql-list';
import { actives, heldResponses, responses } from '../../db/schema';
import { foldWrites } from '../aggregates';
import { recordRun } from '../maintenance';
import { openHeldResponse } from './held-seal';

export type ResponseRow = typeof responses.$inferSelect;
type HeldRow = typeof heldResponses.$inferSelect;
/** The report aggregates' writes of a published batch, made in the statement that publishes it. */
export type FoldResponses = (rows: readonly ResponseRow[]) => SQL[];

export interface PublishOptions {
  /** Least number of held responses published together (ANONYMITY_BATCH, never below MIN_GROUP_SIZE). */
  minBatch: number;
  /** Opens the sealed answers of held responses (HELD_ANSWERS_KEY, features/responses/held-seal.ts). */
  heldKey: KeyObject;
  /** The batch's writes to the report aggregates (foldWrites unless a test says otherwise). */
  fold?: FoldResponses;
  /**
   * When another mover is at work: wait for it (the default, so an explicit
   * call such as the CLI's really publishes), or step aside at once with
   * held −1 (the server's own runs: the mover at work publishes for them).
   */
  wait?: boolean;
  /** Most anonymity sets one transaction moves (MAX_SETS_PER_BATCH unless the caller says less). */
  setsPerBatch?: number;
  /** Most responses one statement publishes, a set's increment cut to fit but never below minBatch (no bound unless given). */
  responsesPerBatch?: number;
  /**
   * Asked between two transactions: once it answers true the run ends there, what is left staying held
   * for the next run. The server's runs stop so when it shuts down (a backlog took minutes to publish on
   * the embedded database); a run without it, as the CLI's, publishes everything due.
   */
  stopRequested?: () => boolean;
}

export interface PublishOutcome {
  published: number;
  /** Responses left held; -1 when another mover was at work and this one stepped aside (wait: false). */
  held: number;
}

/** Single-key advisory lock space (users/service.ts uses 7_300_001). */
export const MOVER_LOCK_KEY = 7_300_002;
/** Most anonymity sets moved by one statement, so a large backlog never makes one huge transaction. */
const MAX_SETS_PER_BATCH = 500;
/**
 * The server's mover on the embedded database: a statement holds PGlite's
 * one connection (db/embedded.ts), so every request waits for the one in
 * progress. A few sets per statement, and a turn for the requests waiting
 * between them, bound that wait (issue 23: 500 sets made /health wait up to
 * 20 s under load). Fewer sets fold into more, smaller upserts: the seed and
 * the CLI keep MAX_SETS_PER_BATCH.
 */
export const EMBEDDED_SETS_PER_BATCH = 4;
/**
 * And a few dozen responses: a set grows while the mover is behind, and four
 * sets of a busy morning were up to 1.3 MB of answers in one statement, which
 * held the connection 120–240 ms (0.6 ms a response; docs/benchmarks.md).
 */
export const EMBEDDED_RESPONSES_PER_BATCH = 64;
/**
 * The server's mover on PostgreSQL: other requests have connections of their
 * own, but the mover's work in memory (opening sealed answers, building the
 * INSERT, the fold's arithmetic) takes CPU from them, in the mover's thread
 * (mover-thread.ts) as it did on the thread that answers HTTP. 500 sets at a
 * time held that thread for up to seconds under load (issue 23); this many
 * keep each stretch short, with the same turns between them.
 */
export const SERVER_SETS_PER_BATCH = 50;

/** Fisher–Yates with node:crypto's randomInt: the order reveals nothing, not even to a PRNG's observer. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * The segments a completion can be matched on, NULLs made comparable: the
 * key of an anonymity set. The day is left out on purpose: a published set
 * gets one day.
 */
const ANONYMITY_SET = sql`${heldResponses.surveyKind}, ${heldResponses.questionnaireId}, ${heldResponses.questionnaireVersion},
  ${heldResponses.activeId}, ${heldResponses.cycleId}, ${heldResponses.campusId}, ${heldResponses.periodoId},
  coalesce(${heldResponses.plan}, ''), coalesce(${heldResponses.grupo}, ''),
  coalesce(${heldResponses.teacherId}, 0), coalesce(${heldResponses.classId}, 0)`;

/** What the set key reads of a row: its segments (the same on a held and a published row). */
type SetSegments = Pick<
  ResponseRow,
  'surveyKind' | 'questionnaireId' | 'questionnaireVersion' | 'activeId' | 'cycleId' | 'campusId' | 'periodoId' | 'plan' | 'grupo' | 'teacherId' | 'classId'
>;

/** What the coarsening plan reads of a held row. */
type HeldSegments = SetSegments & { id: string };

/** ANONYMITY_SET in memory. */
function setKey(row: SetSegments): string {
  return JSON.stringify([row.surveyKind, row.questionnaireId, row.questionnaireVersion, row.activeId, row.cycleId, row.campusId,
    row.periodoId, row.plan ?? '', row.grupo ?? '', row.teacherId ?? 0, row.classId ?? 0]);
}

/**
 * The segments cleared, one more at each level, to coarsen what never fills a
 * set: the class first (its teacher's figures keep it), then the group, the
 * plan (the campus's keep it) and last the teacher. Level 0 clears nothing.
 */
const COARSENING = ['classId', 'grupo', 'plan', 'teacherId'] as const;
export const COARSEST_LEVEL = COARSENING.length;

/** The row with the segments of `level` cleared. */
export function coarsened<T extends SetSegments>(row: T, level: number): T {
  const cleared = { ...row };
  for (const segment of COARSENING.slice(0, level)) cleared[segment] = null;
  return cleared;
}

/** Every response of a set published under the set's latest day, so the day tells no member apart. */
function oneDayPerSet(rows: ResponseRow[]): ResponseRow[] {
  const latest = new Map<string, string>();
  for (const row of rows) {
    const key = setKey(row);
    const day = latest.get(key);
    if (day === undefined || row.submittedOn > day) latest.set(key, row.submittedOn);
  }
  return rows.map((row) => copyWith(row, { submittedOn: latest.get(setKey(row))! }));
}

/**
 * `row` with `changes`. Not `{ ...row, id }`: an object literal that opens with a spread and goes on
 * with more properties is a dictionary-mode object in this V8, slow to make and slow to read, and the
 * fold reads each published row's columns once per answer and segment.
 */
function copyWith<T extends object, C extends Partial<T> | object>(row: T, changes: C): T & C {
  return Object.assign({}, row, changes);
}

/** The rows' ids as one `uuid[]` parameter. */
const idsOf = (rows: readonly { id: string }[]) => uuidArray(rows.map((row) => row.id));

/** SQLSTATE of held_responses_taken (migration 0030): the publishing statement found another mover at work. */
const ANOTHER_MOVER = 'EM001';

/** A held row as a mover plans with it: every column but the sealed answers, read for the chosen rows only (withSealed). */
type HeldPlanRow = Omit<HeldRow, 'sealed'>;
const { sealed: _sealed, ...HELD_PLAN_COLUMNS } = getTableColumns(heldResponses);

/**
 * Publishes `chosen` (read before with the rest of `read`, the rows its
 * choice was made from, and `published` made of them: opened, one day per
 * set, shuffled, fresh ids) in one statement: it takes the mover's lock
 * (waiting for it, or not), deletes the chosen rows from the holding table,
 * inserts `published` and folds it. held_responses_taken ends it, undoing
 * all of it, unless the lock was taken and every row read was still held:
 * the chosen ones to delete, the others (what a set keeps for the close, an
 * application's leftovers) still there under a lock, so no other mover
 * published them since the read and the choice still holds. Answers false
 * when another mover was at work.
 */
async function publishChosen(
  db: Database,
  read: readonly HeldPlanRow[],
  chosen: readonly HeldPlanRow[],
  published: readonly ResponseRow[],
  { wait, fold }: { wait: boolean; fold: FoldResponses },
): Promise<boolean> {
  const chosenIds = new Set(chosen.map((row) => row.id));
  const others = read.filter((row) => !chosenIds.has(row.id));
  try {
    await db.execute(sql`with mover as (${lockStatement(wait)}),
      taken as (delete from ${heldResponses} where ${heldResponses.id} = any(${idsOf(chosen)}) and (select locked from mover) returning 1),
      -- A lock on each, so a row another mover deleted since this statement's snapshot is not counted.
      still as (select 1 from ${heldResponses} where ${heldResponses.id} = any(${idsOf(others)}) and (select locked from mover) for key share),
      ${writeClauses([insertTableRows(responses, published), ...fold(published)])}
      select held_responses_taken((select locked from mover), ${read.length}::int, ((select count(*) from taken) + (select count(*) from still))::int)`);
    return true;
  } catch (error) {
    if (pgErrorCode(error) === ANOTHER_MOVER) return false;
    throw error;
  }
}

/** The mover's lock, waited for or tried, as a one-row select of `locked`. */
function lockStatement(wait: boolean): SQL {
  return wait
    ? sql`select true as locked from (select pg_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint)) waited`
    : sql`select pg_try_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint) as locked`;
}

/**
 * A waiting mover (the CLI's, the tests') takes the lock before it reads, in
 * a transaction, so no other mover publishes between its read and its
 * statement: it never reads a batch again. The server's own runs (not
 * waiting) read without it, so on the embedded database a transaction holds
 * the one connection for the publishing statement alone.
 */
async function lockedIfWaiting<T>(db: Database, wait: boolean, work: (db: Database) => Promise<T>): Promise<T> {
  if (!wait) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(lockStatement(true));
    return work(tx as unknown as Database);
  });
}

/** The chosen rows with their sealed answers; null when some are no longer held (another mover took them). */
async function withSealed(db: Database, chosen: readonly HeldPlanRow[]): Promise<HeldRow[] | null> {
  const rows = await db
    .select({ id: heldResponses.id, sealed: heldResponses.sealed })
    .from(heldResponses)
    .where(sql`${heldResponses.id} = any(${idsOf(chosen)})`);
  if (rows.length !== chosen.length) return null;
  const sealed = new Map(rows.map((row) => [row.id, row.sealed]));
  return chosen.map((row) => copyWith(row, { sealed: sealed.get(row.id)! }));
}

/**
 * Whether another mover holds the lock now, in this database: a run that
 * would step aside anyway (the server's, during an operator's
 * `publish-responses`) skips reading and opening a batch that its statement
 * would only undo. The embedded database has one session, and its folder one
 * process: no other mover can be at work.
 */
async function anotherMoverAtWork(db: Database): Promise<boolean> {
  if (isEmbedded(db)) return false;
  // A bigint advisory key shows as its high half in classid, its low half in objid, and objsubid 1; pg_locks lists every database's.
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`select exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = ${MOVER_LOCK_KEY} and objsubid = 1 and granted
      and database = (select oid from pg_database where datname = current_database())) as held`,
  );
  return row?.held === true;
}

/** The chosen held rows opened, each with `segments` of its own (coarsened or as they are), one day per set, shuffled, under fresh ids. */
function toPublish(chosen: readonly HeldRow[], heldKey: KeyObject, segments: (row: ResponseRow) => ResponseRow = (row) => row): ResponseRow[] {
  const opened = chosen.map((row) => segments(openHeldResponse(heldKey, row)));
  return shuffle(oneDayPerSet(opened)).map((row) => copyWith(row, { id: randomUUID() }));
}

/**
 * How many responses of a set stay held when it publishes while its
 * application is open: minBatch. Whatever arrives later then joins at least
 * minBatch others at the close, so the last increment is never 1 to
 * minBatch − 1 responses, which the figures after minus the figures before
 * would show (or which could never be published at all). With minBatch 1
 * nothing is smaller than a set, and nothing stays.
 */
export function keptForTheClose(minBatch: number): number {
  return minBatch > 1 ? minBatch : 0;
}

/**
 * What the sets' increments publish: each set's responses but `keep`, chosen
 * at random (CSPRNG), and no more than `most` in all. An increment too big
 * for the room left is cut, into a part of minBatch or more that leaves the
 * set ready again (keep + minBatch or more still held), so no part is smaller
 * than a set and nothing more waits for the close; a set that cannot be cut
 * so waits for the next batch, unless it is the batch's first (it then
 * publishes whole: every batch publishes something).
 */
function increments(rows: readonly HeldPlanRow[], keep: number, minBatch: number, most = Infinity): HeldPlanRow[] {
  const sets = new Map<string, HeldPlanRow[]>();
  for (const row of rows) {
    const key = setKey(row);
    const set = sets.get(key);
    if (set) set.push(row);
    else sets.set(key, [row]);
  }
  const chosen: HeldPlanRow[] = [];
  for (const set of sets.values()) {
    const increment = shuffle([...set]).slice(keep);
    const room = most - chosen.length;
    const cut = Math.min(room, increment.length - minBatch);
    const take = increment.length <= room ? increment.length : cut >= minBatch ? cut : chosen.length === 0 ? increment.length : 0;
    for (const row of increment.slice(0, take)) chosen.push(row);
  }
  return chosen;
}

/** One batch: a bounded number of ready sets read, then published in one statement (publishChosen). */
async function publishBatch(
  db: Database,
  { minBatch, heldKey, fold = foldWrites, wait = true, setsPerBatch = MAX_SETS_PER_BATCH, responsesPerBatch }: PublishOptions,
): Promise<PublishOutcome> {
  if (!wait && (await anotherMoverAtWork(db))) return { published: 0, held: -1 };
  return lockedIfWaiting(db, wait, async (db) => {
    const [total] = await db.select({ n: count() }).from(heldResponses);
    const held = total?.n ?? 0;
    const keep = keptForTheClose(minBatch);
    if (held < minBatch + keep) return { published: 0, held };

    // Sets that can publish minBatch or more and still keep `keep` for the close, a bounded number per statement.
    const readySets = sql`select ${ANONYMITY_SET} from ${heldResponses} group by ${ANONYMITY_SET}
      having count(*) >= ${minBatch + keep} limit ${setsPerBatch}`;
    const ready = await db.select(HELD_PLAN_COLUMNS).from(heldResponses).where(sql`(${ANONYMITY_SET}) in (${readySets})`);
    const chosen = increments(ready, keep, minBatch, responsesPerBatch);
    if (chosen.length === 0) return { published: 0, held };
    const sealed = await withSealed(db, chosen);
    if (!sealed || !(await publishChosen(db, ready, chosen, toPublish(sealed, heldKey), { wait, fold }))) return { published: 0, held: -1 };
    return { published: chosen.length, held: held - chosen.length };
  });
}

/**
 * Publishes from every anonymity set holding at least `minBatch` responses
 * more than it keeps for the close (keptForTheClose), one transaction per
 * MAX_SETS_PER_BATCH sets. Answers the rows published and those left held
 * (held -1: another mover was at work).
 */
export async function publishHeldResponses(db: Database, options: PublishOptions): Promise<PublishOutcome> {
  checkMinBatch(options.minBatch);
  let published = 0;
  for (;;) {
    const batch = await publishBatch(db, options);
    // A mover that waits for the lock goes on after another took part of what it read: it reads again.
    if (batch.held < 0 && options.wait !== false) continue;
    published += batch.published;
    if (batch.published === 0 || batch.held < options.minBatch + keptForTheClose(options.minBatch) || options.stopRequested?.()) {
      return { published, held: batch.held };
    }
    if (options.setsPerBatch !== undefined) {
      // Two turns make sure one poll phase reads the requests that came during the transaction, and they
      // queue for the embedded database's one connection before the next transaction asks for it.
      await nextTurn();
      await nextTurn();
    }
  }
}

function checkMinBatch(minBatch: number): void {
  if (!Number.isInteger(minBatch) || minBatch < 1) throw new RangeError('minBatch must be a whole number ≥ 1');
}

/** Which held responses a remainder pass may coarsen: one application (and survey type), or every application closed by `before`. */
export type RemainderScope = { activeId: number; cycleId?: number } | { closedBefore: string };

export interface RemainderOutcome extends PublishOutcome {
  /** Responses published per coarsening level (0: as they were; COARSEST_LEVEL: the application as a whole). */
  byLevel: number[];
  /** Applications whose remainders were looked at. */
  applications: number;
}

/** Rows grouped by their set key at `level`. */
function setsAt<T extends HeldSegments>(rows: readonly T[], level: number): Map<string, T[]> {
  const sets = new Map<string, T[]>();
  for (const row of rows) {
    const key = setKey(coarsened(row, level));
    const set = sets.get(key);
    if (set) set.push(row);
    else sets.set(key, [row]);
  }
  return sets;
}

/**
 * The coarsening of one application's leftovers, in memory: at each level
 * (0, then one more segment cleared each time) the rows still left that agree
 * on the coarsened key form a set if there are at least minBatch of them.
 * What is still short at the coarsest level (two evaluations of a teacher's
 * only class, after the application's other classes made sets) borrows
 * responses from sets chosen in this pass that hold more than minBatch (each
 * keeps minBatch), largest surplus first: the borrowed ones are published at
 * the coarsest level with the leftovers. Answers the level each chosen row is
 * published at; rows not chosen stay held. The caller shuffles `rows`, so
 * which responses a set lends is drawn at random.
 */
export function planCoarsening(rows: readonly HeldSegments[], minBatch: number): Map<string, number> {
  const levelOf = new Map<string, number>();
  const chosenSets: HeldSegments[][] = [];
  let left = [...rows];
  for (let level = 0; level <= COARSEST_LEVEL && left.length > 0; level++) {
    const sets = setsAt(left, level);
    left = [];
    for (const set of sets.values()) {
      if (set.length < minBatch) {
        left.push(...set);
        continue;
      }
      for (const row of set) levelOf.set(row.id, level);
      chosenSets.push(set);
    }
  }
  for (const [key, short] of setsAt(left, COARSEST_LEVEL)) {
    const lenders = chosenSets
      .filter((set) => set.length > minBatch && setKey(coarsened(set[0]!, COARSEST_LEVEL)) === key)
      .sort((a, b) => b.length - a.length);
    const needed = minBatch - short.length;
    if (lenders.reduce((sum, set) => sum + set.length - minBatch, 0) < needed) continue;
    const borrowed: HeldSegments[] = [];
    while (borrowed.length < needed) {
      // One at a time from whichever lender has most to spare, so no set is left near its minimum needlessly.
      const lender = lenders.reduce((best, set) => (set.length > best.length ? set : best));
      borrowed.push(lender.pop()!);
    }
    for (const row of [...short, ...borrowed]) levelOf.set(row.id, COARSEST_LEVEL);
    chosenSets.push([...short, ...borrowed]);
  }
  return levelOf;
}

/** One application's (and survey type's) remainders, coarsened and published in one statement. */
async function publishApplicationRemainders(
  db: Database,
  target: { activeId: number; cycleId?: number },
  { minBatch, heldKey, fold = foldWrites, wait = true }: PublishOptions,
): Promise<RemainderOutcome> {
  const inScope = and(eq(heldResponses.activeId, target.activeId), target.cycleId === undefined ? undefined : eq(heldResponses.cycleId, target.cycleId));
  const stepAside: RemainderOutcome = { published: 0, held: -1, byLevel: new Array<number>(COARSEST_LEVEL + 1).fill(0), applications: 0 };
  if (!wait && (await anotherMoverAtWork(db))) return stepAside;
  return lockedIfWaiting(db, wait, async (db) => {
    const byLevel = new Array<number>(COARSEST_LEVEL + 1).fill(0);
    // Shuffled, so which responses a larger set lends to a short one is drawn at random (planCoarsening).
    const rows = shuffle(await db.select(HELD_PLAN_COLUMNS).from(heldResponses).where(inScope));
    const levelOf = planCoarsening(rows, minBatch);
    const chosen = rows.filter((row) => levelOf.has(row.id));
    for (const row of chosen) byLevel[levelOf.get(row.id)!]! += 1;
    if (chosen.length === 0) return { published: 0, held: rows.length, byLevel, applications: 1 };
    const sealed = await withSealed(db, chosen);
    const published = sealed && toPublish(sealed, heldKey, (row) => coarsened(row, levelOf.get(row.id)!));
    if (!published || !(await publishChosen(db, rows, chosen, published, { wait, fold }))) return stepAside;
    return { published: chosen.length, held: rows.length - chosen.length, byLevel, applications: 1 };
  });
}

/**
 * Publishes what full sets never will: the held responses of an application
 * whose window has closed (or of the one an operator names), coarsened level
 * by level until each set left over holds at least `minBatch` (planCoarsening).
 * Never publishes a set smaller than `minBatch`; what cannot make one even
 * with every segment cleared stays held. One transaction per application.
 */
export async function publishRemainders(db: Database, scope: RemainderScope, options: PublishOptions): Promise<RemainderOutcome> {
  checkMinBatch(options.minBatch);
  const targets =
    'activeId' in scope
      ? [scope]
      : (
          await db
            .selectDistinct({ activeId: heldResponses.activeId })
            .from(heldResponses)
            .innerJoin(actives, eq(actives.id, heldResponses.activeId))
            .where(lt(actives.endActive, scope.closedBefore))
        ).map((row) => ({ activeId: row.activeId }));
  const outcome: RemainderOutcome = { published: 0, held: 0, byLevel: new Array<number>(COARSEST_LEVEL + 1).fill(0), applications: 0 };
  for (const target of targets) {
    const one = await publishApplicationRemainders(db, target, options);
    if (one.held < 0) return { ...outcome, held: -1 };
    outcome.published += one.published;
    outcome.held += one.held;
    outcome.applications += one.applications;
    one.byLevel.forEach((n, level) => (outcome.byLevel[level]! += n));
  }
  return outcome;
}

/**
 * The first day whose applications' remainders may be coarsened: a window's
 * last day ends at 23:59:59.999 Mexico City time, and a submission checked
 * a moment before then may still be committing. Ten minutes later nothing
 * is, so an application counts as closed when its end day is before the
 * Mexico City day of ten minutes ago.
 */
export function closedBefore(now: Date): string {
  return mexicoCityDay(new Date(now.getTime() - 10 * 60_000));
}

/** How many responses wait to be published: a count only, never their content ('N respuestas en proceso'); one statement for any number of applications. */
export async function heldResponseCount(
  db: ReadDatabase,
  filter: { activeIds?: readonly number[]; cycleId?: number; campusId?: number } = {},
): Promise<number> {
  if (filter.activeIds?.length === 0) return 0;
  const conditions = [
    filter.activeIds === undefined ? undefined : inArray(heldResponses.activeId, [...filter.activeIds]),
    filter.cycleId === undefined ? undefined : eq(heldResponses.cycleId, filter.cycleId),
    filter.campusId === undefined ? undefined : eq(heldResponses.campusId, filter.campusId),
  ];
  // Shared with the same count in progress: every reader of a report asks it.
  const [row] = await sharedRows<{ n: number }>(db, sql`select count(*)::int as n from ${heldResponses} where ${and(...conditions) ?? sql`true`}`);
  return row?.n ?? 0;
}

export const MOVER_INTERVAL_SECONDS = 30;

/**
 * On the embedded database the server's mover vacuums `held_response` at its
 * first run and then once it has published this many responses since. PGlite runs no
 * autovacuum: every row the mover deletes would stay in the table's file for
 * good, read again by every count and ready-set read (in three benchmark runs
 * of 40,000 submissions each ready-set read grew to 300 ms, holding the one
 * connection) and the file would grow by every submission of the term. Once
 * vacuumed, their space is reused. PostgreSQL's autovacuum does this itself.
 */
export const EMBEDDED_VACUUM_EVERY = 2000;

/** What one run of the server's mover did: sets published as they are, then the coarsened remainders of closed applications. */
export interface MoverRunOutcome {
  published: number;
  held: number;
  rest: Pick<RemainderOutcome, 'published' | 'held' | 'byLevel'>;
}

/**
 * One run of the server's mover: every set that can publish, then the
 * remainders of applications that have closed. Run in the server's thread
 * (startResponseMover's default) or in the mover's own (mover-thread.ts).
 */
export async function publishDue(db: Database, publish: PublishOptions): Promise<MoverRunOutcome> {
  const { published, held } = await publishHeldResponses(db, publish);
  const rest =
    held > 0 && !publish.stopRequested?.() ? await publishRemainders(db, { closedBefore: closedBefore(new Date()) }, publish) : { published: 0, held, byLevel: [] };
  return { published, held, rest };
}

/** The server's own runs' options: they step aside for a mover at work, and keep each transaction short for the database at hand. */
export function serverPublishOptions(
  db: Database,
  { minBatch, heldKey, fold, stopRequested }: Pick<PublishOptions, 'minBatch' | 'heldKey' | 'fold' | 'stopRequested'>,
): PublishOptions {
  return isEmbedded(db)
    ? { minBatch, heldKey, fold, stopRequested, wait: false, setsPerBatch: EMBEDDED_SETS_PER_BATCH, responsesPerBatch: EMBEDDED_RESPONSES_PER_BATCH }
    : { minBatch, heldKey, fold, stopRequested, wait: false, setsPerBatch: SERVER_SETS_PER_BATCH };
}

export interface ResponseMover {
  /** Asks for a run soon; calls while one runs coalesce into one more run after it. */
  trigger(): void;
  /** Stops the timer and waits for a run in progress to end its transaction, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * The server's mover: a run every `intervalSeconds` (not keeping the process
 * alive) and one after submissions. However many submissions trigger it, at
 * most one run is in progress and one more is pending. `run` does the work
 * (publishDue in this thread unless given: mover-thread.ts runs it in a
 * thread of its own); what it published or why it failed is logged and
 * recorded here.
 */
export function startResponseMover(
  db: Database,
  log: FastifyBaseLogger,
  options: {
    minBatch: number;
    heldKey: KeyObject;
    fold?: FoldResponses;
    intervalSeconds?: number;
    run?: () => Promise<MoverRunOutcome>;
    /** Published responses between two vacuums of `held_response` (EMBEDDED_VACUUM_EVERY on PGlite; none on PostgreSQL). */
    vacuumEvery?: number;
  },
): ResponseMover {
  let running: Promise<void> | null = null;
  let pending = false;
  let stopped = false;
  const publish = serverPublishOptions(db, { ...options, stopRequested: () => stopped });
  const run = options.run ?? (() => publishDue(db, publish));
  const vacuumEvery = options.vacuumEvery ?? (isEmbedded(db) ? EMBEDDED_VACUUM_EVERY : Infinity);
  // Counted in memory, so the first run vacuums too: a server restarted before every 2,000th response would never.
  let publishedSinceVacuum = Number.isFinite(vacuumEvery) ? vacuumEvery : 0;
  const vacuumHeld = async () => {
    try {
      await db.execute(sql`vacuum ${heldResponses}`);
      publishedSinceVacuum = 0;
    } catch (error) {
      log.error({ err: error }, 'vacuuming the held responses failed; it is tried again after the next run');
    }
  };

  // A run that published something, or failed, is recorded in `background_run` (background-runs.ts).
  const runOnce = async () => {
    const startedAt = new Date();
    try {
      const { published, held, rest } = await run();
      if (published > 0) log.info({ published, held }, 'published held responses');
      if (rest.published > 0) log.info({ published: rest.published, held: rest.held, byLevel: rest.byLevel }, 'published the coarsened remainders of closed applications');
      if (published + rest.published > 0) await recordRun(db, 'mover', startedAt, { outcome: { published: published + rest.published, held: rest.held } });
      publishedSinceVacuum += published + rest.published;
    } catch (error) {
      log.error({ err: error }, 'publishing held responses failed; they stay held and will be tried again');
      await recordRun(db, 'mover', startedAt, { error }).catch(() => undefined);
    }
    if (publishedSinceVacuum >= vacuumEvery) await vacuumHeld();
  };
  const trigger = () => {
    if (stopped) return;
    if (running) {
      pending = true;
      return;
    }
    running = (async () => {
      do {
        pending = false;
        await runOnce();
      } while (pending && !stopped);
      running = null;
    })();
  };

  const timer = setInterval(trigger, (options.intervalSeconds ?? MOVER_INTERVAL_SECONDS) * 1000);
  timer.unref();
  trigger();
  return {
    trigger,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
