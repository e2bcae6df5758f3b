/**
 * A database as it stood before a migration, for the tests that prove a
 * migration converts existing data: a fresh database of the driver under
 * test, migrated only up to (not including) migration `number`, with a
 * function that applies the rest.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { makeTempDir } from './app';
import { createPostgresDatabase, usingPostgres } from './database';

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseBeforeMigration {
  handle: DatabaseHandle;
  /** Applies every migration, the one under test included. */
  migrateAll(): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations folder holding only the migrations numbered below `number`. */
function migrationsBefore(number: number, dir: string): string {
  const folder = path.join(dir, 'drizzle');
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => Number(entry.tag.slice(0, 4)) < number);
  for (const entry of journal.entries) copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  return folder;
}

export async function databaseBeforeMigration(number: number): Promise<DatabaseBeforeMigration> {
  const temp = makeTempDir();
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  if (usingPostgres) {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    handle = await openDatabase({ url: created.url, poolSize: 2 });
  } else {
    handle = await openDatabase({});
  }
  const migrateTo = (folder: string) =>
    handle.driver === 'postgres'
      ? migratePg(handle.db as never, { migrationsFolder: folder })
      : migratePglite(handle.db as never, { migrationsFolder: folder });
  await migrateTo(migrationsBefore(number, temp.dir));
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
