/**
 * Background work once across API processes, and a trace of it an operator
 * can read (`background_run`, one row per piece of work; docs/ARCHITECTURE.md,
 * "Background work once across API processes").
 *
 * Scheduled work (pruning) is taken by a lease: every process asks now and
 * then, and one statement answers yes to one process per interval, with the
 * database's clock, so three processes prune once per interval and not three
 * times. A process that dies mid-run leaves the lease taken and unfinished;
 * the next interval another process takes it again, and the work, made of
 * statements that each stand alone, starts over.
 *
 * Work that must never run twice at once keeps its own lock (the mover's
 * advisory lock) and only records here what its runs did.
 */
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { backgroundRuns } from '../../db/schema';
import { errorMessageWithoutValues } from '../../http/log-serializers';

export type BackgroundRun = typeof backgroundRuns.$inferSelect;

/** Who took a run, for the operator who reads the table. */
const PROCESS = `${hostname()}:${process.pid}`;

/**
 * Takes this interval's run of `name` when no process took it in the last
 * `intervalMs` (or ever): answers true to exactly one caller however many ask
 * at once (the row's lock orders them; the later ones see the fresh start).
 */
export async function takeDueRun(db: Database, name: string, intervalMs: number): Promise<boolean> {
  const taken = await queryRows<{ name: string }>(
    db,
    sql`insert into background_run (name, started_at, runs, process) values (${name}, now(), 1, ${PROCESS})
      on conflict (name) do update set started_at = now(), runs = background_run.runs + 1, process = ${PROCESS}
        where background_run.started_at <= now() - ${intervalMs} * interval '1 millisecond'
      returning name`,
  );
  return taken.length > 0;
}

/** Records a run that ended well and what it did. */
export async function recordRunFinished(db: Database, name: string, outcome: unknown): Promise<void> {
  await db
    .update(backgroundRuns)
    .set({ finishedAt: sql`now()`, outcome })
    .where(sql`${backgroundRuns.name} = ${name}`);
}

/** Records a failed run: the error's message only, without the values bound to a failed statement (never rows or addresses). */
export async function recordRunFailed(db: Database, name: string, error: unknown): Promise<void> {
  await db
    .update(backgroundRuns)
    .set({ lastError: errorMessageWithoutValues(error), lastErrorAt: sql`now()` })
    .where(sql`${backgroundRuns.name} = ${name}`);
}

/**
 * Records a whole run of work that has no lease (the mover: its lock already
 * keeps it to one process at a time): started, finished and what it did, or
 * the failure.
 */
export async function recordRun(db: Database, name: string, startedAt: Date, result: { outcome: unknown } | { error: unknown }): Promise<void> {
  const finished = 'outcome' in result;
  const values = {
    name,
    startedAt,
    runs: 1,
    process: PROCESS,
    ...(finished
      ? { finishedAt: sql`now()`, outcome: result.outcome }
      : { lastError: errorMessageWithoutValues(result.error), lastErrorAt: sql`now()` }),
  };
  const { name: _name, runs: _runs, ...update } = values;
  await db
    .insert(backgroundRuns)
    .values(values)
    .onConflictDoUpdate({ target: backgroundRuns.name, set: { ...update, runs: sql`${backgroundRuns.runs} + 1` } });
}

/** Every row, for the operator (`npm run cli -- background-runs` and the logs). */
export async function listBackgroundRuns(db: Database): Promise<BackgroundRun[]> {
  return db.select().from(backgroundRuns).orderBy(backgroundRuns.name);
}
