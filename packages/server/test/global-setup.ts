/**
 * Runs once before the API tests: prepares a migrated database that every
 * test file copies (see helpers/database.ts): a PostgreSQL template
 * database, or for PGlite a data-dir dump (in-memory databases load it) and
 * the same data as a folder (persisted databases, DATA_DIR/pgdata, copy it).
 * Beside it, the same database with the reference data and the test demo
 * seeded (helpers/app.ts, `demo: true`), so the files that ask for the demo
 * copy it instead of seeding it each (its three admin passwords alone are
 * three argon2 hashes). On the way, for PGlite, a dump at each migration a
 * test starts before (helpers/migrations.ts), instead of an initdb and the
 * migrations in each of those files.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { mexicoCityDay } from '@encuestas/core/dates';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { seedReferenceData } from '../src/db/seed/reference';
import { TEST_DEMO } from './helpers/demo-seed';
import { migrationsBefore, migrationsUnderTest } from './helpers/migration-folders';
import { createPostgresDatabase, TEST_DATABASE_URL } from './helpers/postgres';

/** The test demo on a migrated database, with the day it was seeded for (its periods and applications follow the day). */
async function seedTestDemo(db: Database) {
  const day = mexicoCityDay();
  await seedReferenceData(db);
  const seed = await seedDemo(db, { ...TEST_DEMO, today: day });
  return { day, seed };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) {
    const template = await createPostgresDatabase();
    const handle = await openDatabase({ url: template.url, poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', template.name);
    const demoTemplate = await createPostgresDatabase(template.name);
    const demoHandle = await openDatabase({ url: demoTemplate.url, poolSize: 1 });
    const demo = await seedTestDemo(demoHandle.db);
    await demoHandle.close();
    project.provide('postgresDemoTemplate', demoTemplate.name);
    project.provide('demoSeed', demo);
    return async () => {
      await demoTemplate.drop();
      await template.drop();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-pglite-'));
  const handle = await openDatabase({});
  const dumpFolder = handle.dumpEmbedded!;
  const beforeMigration: Record<number, string> = {};
  for (const number of migrationsUnderTest()) {
    await migrate(handle.db as never, { migrationsFolder: migrationsBefore(number, dir) });
    beforeMigration[number] = path.join(dir, `before-${number}.tar.gz`);
    writeFileSync(beforeMigration[number], await dumpFolder());
  }
  project.provide('pgliteBeforeMigration', beforeMigration);
  await handle.migrate();
  const dump = await dumpFolder();
  const file = path.join(dir, 'migrated.tar.gz');
  writeFileSync(file, dump);
  project.provide('pgliteSnapshot', file);
  const demo = await seedTestDemo(handle.db);
  const demoFile = path.join(dir, 'demo.tar.gz');
  writeFileSync(demoFile, await dumpFolder());
  await handle.close();
  project.provide('pgliteDemoSnapshot', demoFile);
  project.provide('demoSeed', demo);
  const folder = path.join(dir, 'pgdata');
  const persisted = new PGlite(folder, { loadDataDir: new Blob([dump]) });
  await persisted.waitReady;
  await persisted.close();
  project.provide('pgliteDataDir', folder);
  return async () => rmSync(dir, { recursive: true, force: true });
}
