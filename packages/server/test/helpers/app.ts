/**
 * One app per test file on a fresh database (see database.ts), built with the
 * real buildApp and exercised with app.inject.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { seedDemo, type DemoSeedResult } from '../../src/db/seed/demo';
import { seedReferenceData } from '../../src/db/seed/reference';
import type { PermissionName } from '@encuestas/core/permissions';
import { userCampusGrants, userCycleGrants } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import type { FileWorkerOptions } from '../../src/features/files/workers';
import type { Clock } from '../../src/http/throttle';
import { createTestDatabase, demoSeededToday, type TestDatabase } from './database';
import { TEST_DEMO } from './demo-seed';

export const TEST_JWT_SECRET = 'x'.repeat(40);
/** HELD_ANSWERS_KEY of test apps: 32 bytes in base64. */
export const TEST_HELD_ANSWERS_KEY = Buffer.alloc(32, 7).toString('base64');

/** A clock that stands still until a test moves it forward. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let now = start.getTime();
  return Object.assign(() => new Date(now), { advance: (ms: number) => void (now += ms) });
}

/** A throwaway folder, removed by the returned function. */
export function makeTempDir(prefix = 'encuestas-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** loadConfig as a test deployment would set it: quiet, no demo, a fixed secret. */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    HELD_ANSWERS_KEY: TEST_HELD_ANSWERS_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    // No built SPA unless a test asks for one, so results do not depend on `npm run build`.
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    ...env,
  });
}

export interface TestAppOptions {
  /** Seed the demo (with few students, for speed: TEST_DEMO); a copy of the one global set-up seeded when there is one. */
  demo?: boolean;
  /** Extra environment for loadConfig, e.g. SMTP_URL. */
  env?: Record<string, string | undefined>;
  /** Receives the app's log lines (JSON), at LOG_LEVEL (set it in env); without it the app logs nothing. */
  logStream?: { write(line: string): void };
  /** The clock throttles go by (default: the real time). */
  clock?: Clock;
  /** A migrated database to use instead of a fresh one (closed with the app). */
  database?: TestDatabase;
  /** The report files' worker threads and bounds (file-workers.ts steers them). */
  files?: Partial<FileWorkerOptions>;
  /** The mover in its own thread on PostgreSQL, as a server runs it; by default in the app's (buildApp's moverInThread). */
  moverInThread?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: TestDatabase;
  config: Config;
  demo?: DemoSeedResult;
  /** app.inject with JSON helpers. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Logs in through the API and returns the bearer token (throws unless 200). */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const API = '/encuestas/api';

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const seeded = options.demo && !options.database ? demoSeededToday() : undefined;
  const database = options.database ?? (await createTestDatabase({ demo: seeded !== undefined }));
  const { db } = database;
  const temp = makeTempDir();
  try {
    let demo = seeded;
    if (!seeded) {
      await seedReferenceData(db);
      if (options.demo) demo = await seedDemo(db, TEST_DEMO);
    }
    const config = testConfig(temp.dir, options.env);
    const app = await buildApp({ config, db, logger: options.logStream !== undefined, logStream: options.logStream, clock: options.clock, files: options.files, strictResponses: true, moverInThread: options.moverInThread ?? false });
    await app.ready();

    const request: TestApp['request'] = ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

    return {
      app,
      db,
      database,
      config,
      demo,
      request,
      async login(email, password) {
        const response = await request({ method: 'POST', url: `${API}/admin/login`, payload: { email, password } });
        if (response.statusCode !== 200) throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
        return response.json<{ token: string }>().token;
      },
      async close() {
        await app.close();
        await database.close();
        temp.remove();
      },
    };
  } catch (error) {
    await database.close();
    temp.remove();
    throw error;
  }
}

/**
 * Creates a back-office user with these permissions, granted these campuses and
 * cycles (none: no grant rows), and returns their bearer token.
 */
export async function signedInAdmin(
  t: TestApp,
  user: { email: string; password: string; permissionNames: PermissionName[]; campusIds: number[]; cycleIds: number[] },
): Promise<string> {
  const row = await createAdminUser(t.db, { email: user.email, password: user.password, name: 'Prueba', permissionNames: user.permissionNames });
  if (user.campusIds.length) await t.db.insert(userCampusGrants).values(user.campusIds.map((campusId) => ({ userId: row.id, campusId })));
  if (user.cycleIds.length) await t.db.insert(userCycleGrants).values(user.cycleIds.map((cycleId) => ({ userId: row.id, cycleId })));
  return t.login(user.email, user.password);
}
