/**
 * Runs once before the end-to-end tests: a migrated PGlite data folder that
 * every server start copies into its DATA_DIR (see server.ts), so each start
 * skips initdb and the migrations (10 to 15 s on a loaded 2-core machine)
 * and only seeds the demo, as a first start does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../packages/server/src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder to copy as DATA_DIR/pgdata. */
    migratedPgdata?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-e2e-template-'));
  const pgdata = path.join(dir, 'pgdata');
  const database = await openDatabase({ pgliteDir: pgdata });
  await database.migrate();
  await database.close();
  project.provide('migratedPgdata', pgdata);
  return () => rmSync(dir, { recursive: true, force: true });
}
