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
 * agree on every segment a completion can be matched on. A set is published
 * only when it holds at least `minBatch` responses, all at once and under one
 * day (the latest of them), so whatever an attacker reads (columns, `xmin`,
 * physical order, a dump, the day) narrows a person down to no fewer than
 * `minBatch` responses (docs/privacy.md). Sets that never reach `minBatch`
 * (a class of three) stay held until an operator forces them out.
 *
 * One transaction per batch: a crash loses nothing (the rows are still held)
 * and publishes nothing twice. One mover at a time across processes, by a
 * transaction-scoped advisory lock: an explicit call waits for a mover at
 * work, the server's own runs step aside. Each batch is folded into the
 * report aggregates in the same transaction.
 *
 * Run by the server (startResponseMover: on a timer and after submissions)
 * and by `npm run cli -- publish-responses [--force]`.
 */
import { randomInt, randomUUID, type KeyObject } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import { heldResponses, responses } from '../../db/schema';
import { foldResponses } from '../aggregates/fold';
import { openHeldResponse } from './held-seal';

export type ResponseRow = typeof responses.$inferSelect;
/** Folds a published batch into the report aggregates, inside the mover's transaction. */
export type FoldResponses = (tx: Database, rows: ResponseRow[]) => Promise<void>;

export interface PublishOptions {
  /** Least number of held responses published together (ANONYMITY_BATCH). */
  minBatch: number;
  /** Opens the sealed answers of held responses (HELD_ANSWERS_KEY, features/responses/held-seal.ts). */
  heldKey: KeyObject;
  /** Publish a remainder smaller than minBatch too (operator command only: it costs anonymity). */
  force?: boolean;
  /** Folds the batch into the report aggregates (foldResponses unless a test says otherwise). */
  fold?: FoldResponses;
  /**
   * When another mover is at work: wait for it (the default, so an explicit
   * call such as the CLI's really publishes), or step aside at once with
   * held −1 (the server's own runs: the mover at work publishes for them).
   */
  wait?: boolean;
}

export interface PublishOutcome {
  published: number;
  /** Responses left held; -1 when another mover was at work and this one stepped aside (wait: false). */
  held: number;
}

/** Single-key advisory lock space (users/service.ts uses 7_300_001). */
export const MOVER_LOCK_KEY = 7_300_002;
/** Most anonymity sets moved by one transaction, so a large backlog never makes one huge transaction. */
const MAX_SETS_PER_BATCH = 500;
/** Rows per INSERT: 15 parameters each stays well under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

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

function setKey(row: ResponseRow): string {
  return JSON.stringify([row.surveyKind, row.questionnaireId, row.questionnaireVersion, row.activeId, row.cycleId, row.campusId,
    row.periodoId, row.plan ?? '', row.grupo ?? '', row.teacherId ?? 0, row.classId ?? 0]);
}

/** Every response of a set published under the set's latest day, so the day tells no member apart. */
function oneDayPerSet(rows: ResponseRow[]): ResponseRow[] {
  const latest = new Map<string, string>();
  for (const row of rows) {
    const key = setKey(row);
    const day = latest.get(key);
    if (day === undefined || row.submittedOn > day) latest.set(key, row.submittedOn);
  }
  return rows.map((row) => ({ ...row, submittedOn: latest.get(setKey(row))! }));
}

/** One batch in one transaction: all of it is published, or none and it stays held. */
async function publishBatch(db: Database, { minBatch, heldKey, force = false, fold = foldResponses, wait = true }: PublishOptions): Promise<PublishOutcome> {
  return db.transaction(async (tx) => {
    const lock = wait
      ? sql`select true as locked from (select pg_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint)) waited`
      : sql`select pg_try_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint) as locked`;
    const [taken] = await queryRows<{ locked: boolean }>(tx, lock);
    if (!taken?.locked) return { published: 0, held: -1 };
    const [total] = await tx.select({ n: count() }).from(heldResponses);
    const held = total?.n ?? 0;
    if (held === 0 || (held < minBatch && !force)) return { published: 0, held };

    // Whole sets of at least minBatch (any size when forced), a bounded number per transaction.
    const readySets = sql`select ${ANONYMITY_SET} from ${heldResponses} group by ${ANONYMITY_SET}
      having count(*) >= ${force ? 1 : minBatch} limit ${MAX_SETS_PER_BATCH}`;
    const deleted = await tx.delete(heldResponses).where(sql`(${ANONYMITY_SET}) in (${readySets})`).returning();
    const moved = deleted.map((row) => openHeldResponse(heldKey, row));
    const published = shuffle(oneDayPerSet(moved)).map((row) => ({ ...row, id: randomUUID() }));
    for (let i = 0; i < published.length; i += ROWS_PER_INSERT) {
      await tx.insert(responses).values(published.slice(i, i + ROWS_PER_INSERT));
    }
    if (published.length) await fold(tx, published);
    return { published: published.length, held: held - published.length };
  });
}

/**
 * Publishes every anonymity set holding at least `minBatch` responses (with
 * `force`, every held response), one transaction per MAX_SETS_PER_BATCH sets.
 * Answers the rows published and those left held (held -1: another mover was
 * at work).
 */
export async function publishHeldResponses(db: Database, options: PublishOptions): Promise<PublishOutcome> {
  if (!Number.isInteger(options.minBatch) || options.minBatch < 1) throw new RangeError('minBatch must be a whole number ≥ 1');
  let published = 0;
  for (;;) {
    const batch = await publishBatch(db, options);
    published += batch.published;
    if (batch.published === 0 || batch.held === 0 || (batch.held < options.minBatch && !options.force)) {
      return { published, held: batch.held };
    }
  }
}

/** How many responses wait to be published: a count only, never their content ('N respuestas en proceso'). */
export async function heldResponseCount(
  db: Database,
  filter: { activeId?: number; cycleId?: number; campusId?: number } = {},
): Promise<number> {
  const conditions = [
    filter.activeId === undefined ? undefined : eq(heldResponses.activeId, filter.activeId),
    filter.cycleId === undefined ? undefined : eq(heldResponses.cycleId, filter.cycleId),
    filter.campusId === undefined ? undefined : eq(heldResponses.campusId, filter.campusId),
  ];
  const [row] = await db.select({ n: count() }).from(heldResponses).where(and(...conditions));
  return row?.n ?? 0;
}

export const MOVER_INTERVAL_SECONDS = 30;

export interface ResponseMover {
  /** Asks for a run soon; calls while one runs coalesce into one more run after it. */
  trigger(): void;
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * The server's mover: a run every `intervalSeconds` (not keeping the process
 * alive) and one after submissions. However many submissions trigger it, at
 * most one run is in progress and one more is pending.
 */
export function startResponseMover(
  db: Database,
  log: FastifyBaseLogger,
  options: { minBatch: number; heldKey: KeyObject; fold?: FoldResponses; intervalSeconds?: number },
): ResponseMover {
  let running: Promise<void> | null = null;
  let pending = false;
  let stopped = false;

  const runOnce = async () => {
    try {
      const { published, held } = await publishHeldResponses(db, { minBatch: options.minBatch, heldKey: options.heldKey, fold: options.fold, wait: false });
      if (published > 0) log.info({ published, held }, 'published held responses');
    } catch (error) {
      log.error({ err: error }, 'publishing held responses failed; they stay held and will be tried again');
    }
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
