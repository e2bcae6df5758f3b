/**
 * Runs once before the end-to-end tests: two PGlite data folders that server
 * starts copy into their DATA_DIR (see server.ts), so no start repeats what
 * is the same for every file:
 *   - `migrated`: initdb and the migrations (10 to 15 s on a loaded 2-core
 *     machine), for a start that seeds itself (other settings, no demo);
 *   - `demo`: that, then the demo seeded by a real first start of the server
 *     (25 to 40 s there), for every file that wants the default demo.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../packages/server/src/db/client';
import { spawnProductionServer } from '../../scripts/production-server.mjs';
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { SERVER_START_TIMEOUT_MS } from './timeouts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data folders to copy as DATA_DIR/pgdata: migrated and empty, or with the demo seeded. */
    pgdataTemplates?: { migrated: string; demo: string };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'encuestas-e2e-template-'));
  const migrated = path.join(dir, 'migrated', 'pgdata');
  const database = await openDatabase({ pgliteDir: migrated });
  await database.migrate();
  await database.close();

  ensureWebBuilt({ log: (message) => console.log(message) });
  const demoDataDir = path.join(dir, 'demo');
  cpSync(migrated, path.join(demoDataDir, 'pgdata'), { recursive: true });
  const startedAt = Date.now();
  const server = await spawnProductionServer({ dataDir: demoDataDir, readyWithinMs: SERVER_START_TIMEOUT_MS });
  await server.stop({ keepDataDir: true });
  console.log(`[e2e] demo template seeded in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  project.provide('pgdataTemplates', { migrated, demo: path.join(demoDataDir, 'pgdata') });
  return () => rmSync(dir, { recursive: true, force: true });
}
