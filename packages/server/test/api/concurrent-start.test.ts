/**
 * Servers started at once on one empty PostgreSQL (a cluster's first start,
 * or N processes restarted together after an upgrade) take turns at the
 * migrations and the seeds (DatabaseHandle.exclusively): every one starts,
 * each migration is applied once and nothing is seeded twice. PGlite's
 * folder is one process's alone (data-folder-lock.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../src/package-paths';
import { queryRows } from '../../src/db/client';
import { adminUsers, cycles, permissions } from '../../src/db/schema';
import { preparePlatform, type Platform } from '../../src/platform';
import { API, makeTempDir, testConfig } from '../helpers/app';
import { createPostgresDatabase, usingPostgres } from '../helpers/database';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const PROCESSES = 3;
const ADMIN = { email: 'ti@universidad.mx', password: 'Arranque-Simultaneo-2026' };

describe.runIf(usingPostgres)('three servers started at once on an empty PostgreSQL', () => {
  const started: Platform[] = [];
  const temp = makeTempDir('encuestas-concurrent-');
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  afterAll(async () => {
    for (const platform of started) await platform.app.close();
    await database?.drop();
    temp.remove();
  });

  it('all start, each migration applied once, the administrator and the catalogues seeded once', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    // No template: an empty database, as a new institution's.
    database = await createPostgresDatabase();
    const starts = await Promise.allSettled(
      Array.from({ length: PROCESSES }, (_, i) =>
        preparePlatform(testConfig(path.join(temp.dir, String(i)), { DATABASE_URL: database!.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }), {
          logger: false,
        }),
      ),
    );
    for (const start of starts) if (start.status === 'fulfilled') started.push(start.value);
    expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(Array(PROCESSES).fill('started'));

    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const { db } = started[0]!.database;
    const applied = await queryRows<{ n: number; distinct_hashes: number }>(
      db,
      sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]).toEqual({ n: journal.entries.length, distinct_hashes: journal.entries.length });
    expect(Number((await db.select({ n: count() }).from(adminUsers))[0]!.n)).toBe(1);
    const cycleCounts = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${cycles} group by survey_kind having count(*) > 1`);
    expect(cycleCounts).toEqual([]);
    const permissionCounts = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${permissions} group by name having count(*) > 1`);
    expect(permissionCounts).toEqual([]);

    // Each of them serves: the administrator signs in through every one.
    for (const platform of started) {
      const login = await platform.app.inject({ method: 'POST', url: `${API}/admin/login`, payload: ADMIN });
      expect(login.statusCode).toBe(200);
    }
  });
});
