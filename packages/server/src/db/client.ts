import path from 'node:path';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../package-paths';
import { startEmbeddedDatabase, type EmbeddedDatabaseOptions } from './embedded';
import { lockFolder } from './folder-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/**
 * The one database type the code sees, whichever driver is underneath. A
 * transaction (`db.transaction(async (tx) => …)`) is one too: pass `tx` as is.
 */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A connection the reports read through: the primary, or the reports' read
 * replica (db/reports-replica.ts). Without insert, update, delete and
 * transactions, so a write meant for the primary does not compile there.
 */
export type ReadDatabase = Omit<Database, 'insert' | 'update' | 'delete' | 'transaction' | 'refreshMaterializedView'>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The embedded database's folder as a gzip tarball (features/maintenance/backup.ts); PostgreSQL has pg_dump. */
  dumpEmbedded?: () => Promise<Buffer>;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process holding this database runs theirs: on
   * PostgreSQL a session advisory lock, so N servers started at once migrate
   * and seed one after the other (each later one finds the work done); PGlite's
   * folder has one process already (db/folder-lock.ts).
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Single-key advisory lock space (users/service.ts uses 7_300_001). */
const START_UP_LOCK_KEY = 7_300_003;

const migrationsFolder = MIGRATIONS_FOLDER;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder for PGlite's files; absent means in memory. */
  pgliteDir?: string;
  /** Who opens it, named to a process refused the folder meanwhile ('server', or a command line); defaults to this script. */
  openedBy?: string;
  poolSize?: number;
}

/**
 * A lost connection must not crash the process. The pool answers for its idle
 * ones; a connection a transaction holds between two statements (the mover's,
 * while it opens answers) emits its error on the client, where nothing would
 * listen. Its next statement fails instead, and the pool drops it on release.
 */
export function survivingLostConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Settings of every session the server opens on a PostgreSQL server. JIT off:
 * PostgreSQL compiles a statement to machine code once its estimated cost passes
 * `jit_above_cost`, and this server's statements read few rows for their cost
 * estimates (a per-class count estimates a subquery per student that runs for
 * almost none): at the bench's million responses a whole cycle's count took
 * 700 ms, 650 of them compiling, against 44-52 ms without (docs/reports.md).
 */
export const SESSION_OPTIONS = '-c jit=off';

/**
 * How long a pooled PostgreSQL connection stays open unused. node-postgres closes one after 10 s, so at
 * a quiet hour nearly every click in the back office opened fresh connections (a backend each, its
 * catalogue caches and prepared statements made again): 38–72 ms against 28–60 a second later for the
 * same report (docs/benchmarks.md). A burst opens the pool anyway; this only keeps it for the next click.
 */
export const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * PostgreSQL connections the server opens as it starts and keeps open however long unused
 * (pg-pool's `min`): a report's first request after a restart read its statements in parallel on
 * connections it had to open first (a backend each), at a million responses 86–142 ms against 61–112
 * with connections opened before (docs/benchmarks.md). About what one report asks at once.
 */
export const WARM_CONNECTIONS = 8;

/** Opens the pool's first WARM_CONNECTIONS connections together, so the first requests find them open; nothing on the embedded database's one. */
export async function warmConnections(db: ReadDatabase): Promise<void> {
  const pool = pools.get(db);
  if (!(pool instanceof pg.Pool) || embeddedDatabases.has(db)) return;
  // Never more than the pool holds: a connect beyond it would wait for one of these to be released.
  const opened = await Promise.allSettled(Array.from({ length: Math.min(WARM_CONNECTIONS, pool.options.max ?? WARM_CONNECTIONS) }, () => pool.connect()));
  for (const client of opened) if (client.status === 'fulfilled') client.value.release();
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = survivingLostConnections(
      new pg.Pool({
        connectionString: options.url,
        max: options.poolSize ?? 20,
        min: Math.min(WARM_CONNECTIONS, options.poolSize ?? 20),
        idleTimeoutMillis: IDLE_CONNECTION_MS,
        options: SESSION_OPTIONS,
      }),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    pools.set(db, pool);
    urls.set(db, options.url);
    // The health probe's own connection: /health asks whether the database answers, so it must not wait
    // for a connection behind the requests that fill the pool (issue 23: 1.6 s at 50 submitting connections).
    const probe = survivingLostConnections(new pg.Pool({ connectionString: options.url, max: 1, connectionTimeoutMillis: PROBE_CONNECT_TIMEOUT_MS }));
    probes.set(db, readDatabaseOver(probe));
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      exclusively: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1::bigint)', [START_UP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1::bigint)', [START_UP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), probe.end()]);
      },
    };
  }
  if (!options.pgliteDir) return openEmbedded({});
  // Taken before PGlite touches the folder and kept until it is closed (db/folder-lock.ts).
  const release = lockFolder(options.pgliteDir, options.openedBy ?? `node ${path.relative(process.cwd(), process.argv[1] ?? '')}`);
  try {
    return await openEmbedded({ dataDir: options.pgliteDir }, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The embedded PGlite, run in a worker thread of its own (db/embedded.ts) and
 * reached like a PostgreSQL server through node-postgres: one connection (PGlite
 * is one session), kept open so its prepared statements stay planned.
 */
export async function openEmbedded(options: EmbeddedDatabaseOptions, release: () => void = () => undefined): Promise<DatabaseHandle> {
  const embedded = await startEmbeddedDatabase(options);
  const pool = survivingLostConnections(
    new pg.Pool({ host: embedded.socketDir, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0, allowExitOnIdle: true }),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  pools.set(db, pool);
  embeddedDatabases.add(db);
  pings.set(db, embedded.ping);
  return {
    db,
    driver: 'pglite',
    dumpEmbedded: embedded.dump,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    exclusively: (work) => work(),
    close: async () => {
      try {
        await pool.end();
        await embedded.close();
      } finally {
        release();
      }
    },
  };
}

/** What a PostgreSQL connection's queries go through: its pg.Pool, or the replica's pool that falls back to the primary's. */
export type QueryPool = Pick<pg.Pool, 'query'>;
const pools = new WeakMap<ReadDatabase, QueryPool>();
/** The PostgreSQL server's URL a database was opened with: another thread opens its own connections with it. */
const urls = new WeakMap<ReadDatabase, string>();

export function urlOf(db: ReadDatabase): string | undefined {
  return urls.get(db);
}

const probes = new WeakMap<ReadDatabase, ReadDatabase>();
const pings = new WeakMap<ReadDatabase, () => Promise<void>>();
const embeddedDatabases = new WeakSet<ReadDatabase>();
const PROBE_CONNECT_TIMEOUT_MS = 5_000;

/**
 * What the health checks read through: on PostgreSQL a connection of their
 * own, so a pool full of requests does not make a live database look down or
 * slow; the embedded database's one connection otherwise.
 */
export function healthProbeOf(db: ReadDatabase): ReadDatabase {
  return probes.get(db) ?? db;
}

/**
 * Resolves when the database answers: `select 1` through the health checks'
 * connection; on the embedded database, its thread answering (it does not
 * while a statement or a disk sync holds it), without waiting behind the
 * requests queued for its one connection.
 */
export async function pingDatabase(db: ReadDatabase): Promise<void> {
  const ping = pings.get(db);
  if (ping) await ping();
  else await healthProbeOf(db).execute(sql`select 1`);
}

/** Whether other requests have connections of their own (PostgreSQL), unlike the embedded PGlite's single one. */
export function usesConnectionPool(db: ReadDatabase): boolean {
  return pools.has(db) && !embeddedDatabases.has(db);
}

/** A drizzle database over `pool` (db/reports-replica.ts: the replica's). */
export function readDatabaseOver(pool: QueryPool): ReadDatabase {
  const db = drizzlePg(pool as pg.Pool, { schema }) as unknown as ReadDatabase;
  pools.set(db, pool);
  return db;
}

/** The pg.Pool under a database (the embedded one's has one connection). */
export function poolOf(db: ReadDatabase): QueryPool | undefined {
  return pools.get(db);
}
const dialect = new PgDialect();

/** A statement's text with `sql.placeholder` parameters, built once per shape, and its name on PostgreSQL. */
interface StatementShape {
  name: string;
  text: string;
  params: unknown[];
}
const shapes = new Map<string, StatementShape>();

/**
 * Rows of the hottest statements (a submission's check-and-write; the
 * back-office principal and a report's scope, asked by every request):
 * `build` makes the statement from its values, and its text depends only on
 * `shapeKey`. The text is built once per shape with `sql.placeholder`s in
 * place of the values (rebuilding it from drizzle's template was about a
 * tenth of a submission's CPU, issue 23); each call only fills the values in.
 * On PostgreSQL it runs as a named prepared statement (planned once per
 * connection, the embedded database's too).
 */
export async function queryRowsOfShape<T, V extends Record<string, unknown>>(
  db: ReadDatabase,
  shapeKey: string,
  build: (values: { [K in keyof V]: unknown }) => SQL,
  values: V,
): Promise<T[]> {
  let shape = shapes.get(shapeKey);
  if (!shape) {
    const placeholders = Object.fromEntries(Object.keys(values).map((key) => [key, sql.placeholder(key)])) as { [K in keyof V]: unknown };
    const { sql: text, params } = dialect.sqlToQuery(build(placeholders));
    shape = { name: `q${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, params };
    shapes.set(shapeKey, shape);
  }
  const params = fillPlaceholders(shape.params, values);
  const pool = pools.get(db);
  if (pool) return (await pool.query({ name: shape.name, text: shape.text, values: params })).rows as T[];
  // A transaction has no pool of its own: the statement as drizzle builds it.
  return queryRows<T>(db, build(values));
}

/** Whether `db` is the embedded PGlite: one connection serves every request in turn. */
export function isEmbedded(db: ReadDatabase): boolean {
  return embeddedDatabases.has(db);
}

/** Rows of a raw SQL query, whichever driver runs it. */
export async function queryRows<T>(db: ReadDatabase, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
