/**
 * Runs once before the API tests: prepares a migrated database that every
 * test file copies (see helpers/database.ts): a PostgreSQL template
 * database, or for PGlite a data-dir dump (in-memory databases load it) and
 * the same data as a folder (persisted databases, DATA_DIR/pgdata, copy it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPostgresDatabase, TEST_DATABASE_URL } from './helpers/postgres';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) {
    const template = await createPostgresDatabase();
    const handle = await openDatabase({ url: template.url, poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const client = new PGlite();
  await client.waitReady;
  await migrate(drizzle(client) as never, { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  const folder = path.join(dir, 'pgdata');
  const persisted = new PGlite(folder, { loadDataDir: dump });
  await persisted.waitReady;
  await persisted.close();
  project.provide('pgliteDataDir', folder);
  return async () => rmSync(dir, { recursive: true, force: true });
}
