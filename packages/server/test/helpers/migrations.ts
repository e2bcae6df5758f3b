/**
 * A database as it stood before a migration, for the tests that prove a
 * migration converts existing data: a fresh database of the driver under
 * test, migrated only up to (not including) migration `number`, with a
 * function that applies the rest. On PGlite, a copy of global-setup.ts's
 * snapshot of that point when there is one (initdb and the migrations take
 * 10 to 15 s on a loaded 2-core machine).
 */
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { makeTempDir } from './app';
import { createPostgresDatabase, openPgliteSnapshot, usingPostgres } from './database';
import { migrationsBefore, migrationsFolder } from './migration-folders';

export interface DatabaseBeforeMigration {
  handle: DatabaseHandle;
  /** Applies every migration, the one under test included. */
  migrateAll(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseBeforeMigration(number: number): Promise<DatabaseBeforeMigration> {
  const temp = makeTempDir();
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  const snapshot = usingPostgres ? undefined : inject('pgliteBeforeMigration')?.[number];
  if (usingPostgres) {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    handle = await openDatabase({ url: created.url, poolSize: 2 });
  } else {
    handle = snapshot ? await openPgliteSnapshot(snapshot) : await openDatabase({});
  }
  // Both drivers are reached through node-postgres (the embedded one in its thread: db/embedded.ts).
  const migrateTo = (folder: string) => migratePg(handle.db as never, { migrationsFolder: folder });
  if (!snapshot) await migrateTo(migrationsBefore(number, temp.dir));
  return {
    handle,
    migrateAll: () => migrateTo(migrationsFolder),
    async close() {
      await handle.close();
      await dropDatabase?.();
      temp.remove();
    },
  };
}
