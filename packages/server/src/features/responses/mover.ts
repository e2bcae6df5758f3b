/**
 * The mover: publishes held responses into `response` in shuffled batches.
 *
 * A submission writes its completion and its response (into `held_response`)
 * in one transaction, so the two share a transaction id (`xmin`) and sit side
 * by side on disk and in a dump. Publishing takes at least `minBatch` held
 * rows at once, in its own transaction, shuffles them with a CSPRNG and gives
 * each a fresh random id before inserting: so a published response shares no
 * transaction id, no position and no order with its completion, and every
 * batch mixes at least `minBatch` people (docs/privacy.md).
 *
 * One transaction per batch: a crash loses nothing (the rows are still held)
 * and publishes nothing twice. One mover at a time across processes, by a
 * transaction-scoped advisory lock: an explicit call waits for a mover at
 * work, the server's own runs step aside.
 *
 * Run by the server (startResponseMover: on a timer and after submissions)
 * and by `npm run cli -- publish-responses [--force]`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import { heldResponses, responses } from '../../db/schema';

export type ResponseRow = typeof responses.$inferSelect;
/** Folds a published batch into the report aggregates, inside the mover's transaction. */
export type FoldResponses = (tx: Database, rows: ResponseRow[]) => Promise<void>;

export interface PublishOptions {
  /** Least number of held responses published together (ANONYMITY_BATCH). */
  minBatch: number;
  /** Publish a remainder smaller than minBatch too (operator command only: it costs anonymity). */
  force?: boolean;
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
/** Most rows moved by one transaction, so a large backlog never makes one huge transaction. */
const MAX_BATCH = 5000;
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

/** One batch in one transaction: all of it is published, or none and it stays held. */
async function publishBatch(db: Database, { minBatch, force = false, fold, wait = true }: PublishOptions): Promise<PublishOutcome> {
  return db.transaction(async (tx) => {
    const lock = wait
      ? sql`select true as locked from (select pg_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint)) waited`
      : sql`select pg_try_advisory_xact_lock(${MOVER_LOCK_KEY}::bigint) as locked`;
    const [taken] = await queryRows<{ locked: boolean }>(tx, lock);
    if (!taken?.locked) return { published: 0, held: -1 };
    const [total] = await tx.select({ n: count() }).from(heldResponses);
    const held = total?.n ?? 0;
    if (held === 0 || (held < minBatch && !force)) return { published: 0, held };

    const chosen = tx.select({ id: heldResponses.id }).from(heldResponses).limit(Math.max(MAX_BATCH, minBatch));
    const moved = await tx.delete(heldResponses).where(inArray(heldResponses.id, chosen)).returning();
    const published = shuffle(moved).map((row) => ({ ...row, id: randomUUID() }));
    for (let i = 0; i < published.length; i += ROWS_PER_INSERT) {
      await tx.insert(responses).values(published.slice(i, i + ROWS_PER_INSERT));
    }
    if (fold) await fold(tx, published);
    return { published: published.length, held: held - published.length };
  });
}

/**
 * Publishes held responses while at least `minBatch` are held (with `force`,
 * while any are), one transaction per batch of up to MAX_BATCH. Answers the
 * rows published and those left held (held -1: another mover was at work).
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
  options: { minBatch: number; fold?: FoldResponses; intervalSeconds?: number },
): ResponseMover {
  let running: Promise<void> | null = null;
  let pending = false;
  let stopped = false;

  const runOnce = async () => {
    try {
      const { published, held } = await publishHeldResponses(db, { minBatch: options.minBatch, fold: options.fold, wait: false });
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
