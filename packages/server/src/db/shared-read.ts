/**
 * Reads shared while in progress: the same read asked while it runs waits for
 * its answer instead of running again, and nothing is kept once it is
 * answered (no cache to invalidate: a read that starts after an answer reads
 * again). Twenty coordinators opening the same report at a deadline read it
 * once (docs/benchmarks.md, "Report reads at 999,443 responses").
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows, type ReadDatabase } from './client';

/** Reads in progress, by database and what they read. */
const readsInFlight = new WeakMap<ReadDatabase, Map<string, Promise<unknown>>>();

/** `read`, shared with any read of the same `key` on `db` in progress. The key must name everything the answer depends on. */
export function sharedRead<T>(db: ReadDatabase, key: string, read: () => Promise<T>): Promise<T> {
  let inFlight = readsInFlight.get(db);
  if (!inFlight) readsInFlight.set(db, (inFlight = new Map()));
  const running = inFlight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const reading = read().finally(() => inFlight.delete(key));
  inFlight.set(key, reading);
  return reading;
}

const dialect = new PgDialect();

/**
 * The rows of a read-only statement whose answer depends on the statement
 * alone (a report's aggregate read: permissions are checked before it, the
 * scope is in its parameters), shared by identical statements in progress.
 * Never for a write. The rows may reach several callers, so they are frozen.
 */
export function sharedRows<T extends object>(db: ReadDatabase, statement: SQL): Promise<readonly Readonly<T>[]> {
  // Each row copied before it is frozen: node-postgres's rows, frozen as they come, were 4-6 times
  // slower to read in this V8 (every reader of a 1,291-teacher ranking paid it).
  return sharedOf(db, 'rows', statement, (rows: T[]) => Object.freeze(rows.map((row) => Object.freeze(Object.assign({}, row)))));
}

/**
 * What `derive` makes of such a statement's rows, shared the same way: the work on the rows is done
 * once for every caller in progress too. `name` tells derivations of one statement apart; the value
 * reaches several callers, so `derive` must return something frozen.
 */
export function sharedOf<Row, Value>(db: ReadDatabase, name: string, statement: SQL, derive: (rows: Row[]) => Value): Promise<Value> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return sharedRead(db, `${name}\u0000${text}\u0000${JSON.stringify(params)}`, async () => derive(await queryRows<Row>(db, statement)));
}

/**
 * A whole answer made of such reads (a report's overview), shared the same way by identical requests in
 * progress: `key` must name everything the answer depends on, which is what the request resolved to after
 * its permission checks, never who asks. The answer reaches several callers, so it is frozen through,
 * with whatever the builder put in it (the first caller's resolved scope too): build it last.
 */
export function sharedAnswer<T extends object>(db: ReadDatabase, key: string, build: () => Promise<T>): Promise<T> {
  return sharedRead(db, `answer\u0000${key}`, async () => deepFrozen(await build()));
}

function deepFrozen<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // Into frozen objects too: shared rows are frozen one level deep.
  for (const child of Object.values(value)) deepFrozen(child);
  return Object.isFrozen(value) ? value : Object.freeze(value);
}
