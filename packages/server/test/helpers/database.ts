/**
 * Fresh databases for API tests: in-memory PGlite when TEST_DATABASE_URL is
 * unset, otherwise a new database on that PostgreSQL server (created through
 * the admin connection TEST_DATABASE_URL names, dropped on close).
 *
 * global-setup.ts prepares a migrated template once per run (a PGlite data-dir
 * dump, or a PostgreSQL template database) so each test file starts in about
 * a second instead of migrating from scratch, and the same with the test demo
 * seeded; without them everything still works, only slower.
 */
import { cpSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { mexicoCityDay } from '@encuestas/core/dates';
import { openDatabase, openEmbedded, type Database, type DatabaseHandle } from '../../src/db/client';
import type { DemoSeedResult } from '../../src/db/seed/demo';
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
    /** The same as pgliteSnapshot / postgresTemplate with the reference data and the test demo (demoSeed) in it. */
    pgliteDemoSnapshot?: string;
    postgresDemoTemplate?: string;
    /** What seeding that demo returned, and the day it was seeded for. */
    demoSeed?: { day: string; seed: DemoSeedResult };
    /** Dumps of PGlite data dirs migrated up to (not including) each migration a test starts before (helpers/migrations.ts). */
    pgliteBeforeMigration?: Record<number, string>;
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

/** PGlite's WebAssembly, compiled once per worker instead of once per database (about 0.3 s each, some 100 databases a run). */
let pgliteWasm: Promise<PGliteOptions['pgliteWasmModule']> | undefined;
/** The runtime's WebAssembly (the server's TypeScript libraries do not declare it). */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<PGliteOptions['pgliteWasmModule']> } };
const compiledPglite = () =>
  (pgliteWasm ??= wasm.compile(readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'))));

/** An in-memory PGlite database loaded from a data-dir dump (global-setup.ts's). */
export async function openPgliteSnapshot(file: string): Promise<DatabaseHandle> {
  return openEmbedded({ loadDataDir: readFileSync(file), wasmModule: await compiledPglite() });
}

/**
 * The demo seeded in global set-up, if there is one and it was seeded for
 * today (its periods and open applications follow the day: a run that
 * crosses midnight in Mexico City seeds afresh).
 */
export function demoSeededToday(): DemoSeedResult | undefined {
  const demo = inject('demoSeed');
  return demo && demo.day === mexicoCityDay() ? demo.seed : undefined;
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

/**
 * A fresh, migrated database of the driver under test; with `demo`, a copy of
 * global set-up's database with the reference data and the test demo seeded
 * (only when demoSeededToday() gives its seed).
 */
export async function createTestDatabase({ demo = false }: { demo?: boolean } = {}): Promise<TestDatabase> {
  if (demo && !demoSeededToday()) throw new Error('no demo seeded today in global set-up: seed it in the test');
  if (usingPostgres) {
    const template = inject(demo ? 'postgresDemoTemplate' : 'postgresTemplate');
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
  const snapshot = inject(demo ? 'pgliteDemoSnapshot' : 'pgliteSnapshot');
  const handle = snapshot ? await openPgliteSnapshot(snapshot) : await openDatabase({});
  if (!snapshot) await handle.migrate();
  return { db: handle.db, handle, close: () => handle.close() };
}
