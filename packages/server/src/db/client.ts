import path from 'node:path';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../package-paths';
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
  /** The embedded database's own client, for what only it can do (a dump of its folder: features/maintenance/backup.ts). */
  pglite?: PGlite;
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

/**
 * PGlite's own bytea codec converts a byte at a time in JavaScript; held
 * answers are sealed blobs of kilobytes (features/responses/held-seal.ts), so
 * Buffer's native hex does it.
 */
export const PGLITE_OPTIONS: PGliteOptions = {
  parsers: { [types.BYTEA]: (hex: string) => Buffer.from(hex.slice(2), 'hex') },
  serializers: { [types.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}` },
};

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

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    pools.set(db, pool);
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
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir) return pgliteHandle(new PGlite(PGLITE_OPTIONS), () => undefined);
  // Taken before PGlite touches the folder and kept until it is closed (db/folder-lock.ts).
  const release = lockFolder(options.pgliteDir, options.openedBy ?? `node ${path.relative(process.cwd(), process.argv[1] ?? '')}`);
  try {
    return await pgliteHandle(new PGlite(options.pgliteDir, PGLITE_OPTIONS), release);
  } catch (error) {
    release();
    throw error;
  }
}

async function pgliteHandle(client: PGlite, release: () => void): Promise<DatabaseHandle> {
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusively: (work) => work(),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** What a PostgreSQL connection's queries go through: its pg.Pool, or the replica's pool that falls back to the primary's. */
export type QueryPool = Pick<pg.Pool, 'query'>;
const pools = new WeakMap<ReadDatabase, QueryPool>();

/** Whether other requests have connections of their own (PostgreSQL), unlike the embedded PGlite's single one. */
export function usesConnectionPool(db: ReadDatabase): boolean {
  return pools.has(db);
}

/** A drizzle database over `pool` (db/reports-replica.ts: the replica's). */
export function readDatabaseOver(pool: QueryPool): ReadDatabase {
  const db = drizzlePg(pool as pg.Pool, { schema }) as unknown as ReadDatabase;
  pools.set(db, pool);
  return db;
}

/** The pg.Pool under a PostgreSQL database; undefined for PGlite. */
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
 * Rows of the hottest statements (a submission's check-and-write): `build`
 * makes the statement from its values, and its text depends only on
 * `shapeKey`. The text is built once per shape with `sql.placeholder`s in
 * place of the values (rebuilding it from drizzle's template was about a
 * tenth of a submission's CPU, issue 23); each call only fills the values in.
 * On PostgreSQL it runs as a named prepared statement (planned once per
 * connection); on PGlite through its client's own parameters.
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
  const client = (db as { $client?: PGlite }).$client;
  if (client instanceof PGlite) return (await client.query<T>(shape.text, params)).rows;
  // A transaction has no client of its own: the statement as drizzle builds it.
  return queryRows<T>(db, build(values));
}

/** Whether `db` is the embedded PGlite: its queries run on this thread, and its one connection serves every request in turn. */
export function isEmbedded(db: ReadDatabase): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

/** Rows of a raw SQL query, whichever driver runs it. */
export async function queryRows<T>(db: ReadDatabase, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
