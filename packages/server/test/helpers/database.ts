/**
 * Fresh databases for API tests: in-memory PGlite when TEST_DATABASE_URL is
 * unset, otherwise a new database on that PostgreSQL server (created through
 * the admin connection TEST_DATABASE_URL names, dropped on close).
 *
 * global-setup.ts prepares a migrated template once per run (a PGlite data-dir
 * dump, or a PostgreSQL template database) so each test file starts in about
 * a second instead of migrating from scratch; without it everything still
 * works, only slower.
 */
import { cpSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, PGLITE_OPTIONS, type Database, type DatabaseHandle } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import {
  createPostgresDatabase,
  databaseUrl,
  driverName,
  TEST_DATABASE_URL,
  usingPostgres,
  withAdminClient,
} from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated PGlite data dir. */
    pgliteSnapshot?: string;
    /** A migrated PGlite data folder, to copy as a persisted database. */
    pgliteDataDir?: string;
    /** Name of a migrated PostgreSQL database to copy with CREATE DATABASE ... TEMPLATE. */
    postgresTemplate?: string;
  }
}

export { TEST_DATABASE_URL, usingPostgres, driverName, createPostgresDatabase, databaseUrl, withAdminClient };

export interface TestDatabase {
  db: Database;
  handle: DatabaseHandle;
  /** postgres:// URL of this database (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * Fills a PGlite folder that does not exist yet with a copy of the migrated
 * template, so the first open of a persisted database (DATA_DIR/pgdata)
 * reopens a ready cluster instead of running initdb and every migration
 * (10 to 15 s on a loaded 2-core machine). Without a template the folder is
 * left alone and the platform creates it as in production.
 */
export function preparePgliteDir(dir: string): void {
  const template = inject('pgliteDataDir');
  if (template) cpSync(template, dir, { recursive: true });
}

/** A fresh, migrated database of the driver under test. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (usingPostgres) {
    const template = inject('postgresTemplate');
    const created = await createPostgresDatabase(template);
    const handle = await openDatabase({ url: created.url, poolSize: 5 });
    if (!template) await handle.migrate();
    return {
      db: handle.db,
      handle,
      url: created.url,
      async close() {
        await handle.close();
        await created.drop();
      },
    };
  }
  const snapshot = pgliteSnapshot();
  if (!snapshot) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { db: handle.db, handle, close: () => handle.close() };
  }
  const client = new PGlite({ ...PGLITE_OPTIONS, loadDataDir: snapshot });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  const handle: DatabaseHandle = {
    db,
    driver: 'pglite',
    migrate: async () => undefined,
    exclusively: (work) => work(),
    close: () => client.close(),
  };
  return { db, handle, close: () => handle.close() };
}
