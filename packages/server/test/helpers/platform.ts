/**
 * Runs the real start-up (preparePlatform) against a database that outlives
 * one start: a PGlite folder in DATA_DIR, or an empty PostgreSQL database
 * when TEST_DATABASE_URL is set. Lets tests start the platform twice on the
 * same data, as a restart would.
 */
import path from 'node:path';
import { count } from 'drizzle-orm';
import { inject } from 'vitest';
import type { Config } from '../../src/config';
import { adminUsers, campuses, students } from '../../src/db/schema';
import { preparePlatform, type Platform } from '../../src/platform';
import { makeTempDir, testConfig } from './app';
import { createPostgresDatabase, preparePgliteDir, usingPostgres } from './database';
import { TEST_DEMO } from './demo-seed';

export interface PlatformFixture {
  /** Starts the platform on this fixture's data with extra environment; closes the previous start first. */
  start(env?: Record<string, string | undefined>): Promise<Platform>;
  /** Its DATA_DIR, and its PostgreSQL database's URL (PostgreSQL only). */
  dataDir: string;
  databaseUrl?: string;
  /** Row counts that show whether data was (re)seeded. */
  counts(): Promise<{ campuses: number; admins: number; students: number }>;
  close(): Promise<void>;
}

export async function platformFixture(): Promise<PlatformFixture> {
  const temp = makeTempDir('encuestas-platform-');
  // Both start from the migrated template of this run: the start-up then finds nothing to migrate.
  const postgres = usingPostgres ? await createPostgresDatabase(inject('postgresTemplate')) : undefined;
  // Where preparePlatform keeps PGlite's files: DATA_DIR/pgdata.
  if (!postgres) preparePgliteDir(path.join(temp.dir, 'pgdata'));
  let current: Platform | undefined;

  const stop = async () => {
    await current?.app.close();
    current = undefined;
  };
  return {
    dataDir: temp.dir,
    databaseUrl: postgres?.url,
    async start(env = {}) {
      await stop();
      const config: Config = testConfig(temp.dir, { DATABASE_URL: postgres?.url, ...env });
      // With SEED_DEMO, the test demo's few students: the start-up path is the same, in a tenth of the time.
      current = await preparePlatform(config, { logger: false, demo: TEST_DEMO });
      return current;
    },
    async counts() {
      if (!current) throw new Error('start the platform first');
      const { db } = current.database;
      const [c] = await db.select({ n: count() }).from(campuses);
      const [a] = await db.select({ n: count() }).from(adminUsers);
      const [s] = await db.select({ n: count() }).from(students);
      return { campuses: Number(c!.n), admins: Number(a!.n), students: Number(s!.n) };
    },
    async close() {
      await stop();
      await postgres?.drop();
      temp.remove();
    },
  };
}
