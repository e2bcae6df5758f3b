import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, poolOf, queryRows, WARM_CONNECTIONS, warmConnections } from '../../src/db/client';
import { TEST_DATABASE_URL, usingPostgres } from '../helpers/database';

// In the API lane, not the unit lane: a first PGlite initdb takes tens of seconds on a busy machine.

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it.skipIf(usingPostgres)('opens the embedded database in a DATA_DIR that does not exist yet', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'encuestas-db-'));
  const handle = await openDatabase({ pgliteDir: path.join(dir, 'nuevo', 'pgdata') });
  try {
    expect(await queryRows<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    await handle.close();
  }
}, 180_000); // a first initdb: up to 19 s measured on a busy 2-core machine; this only detects a hang

it.skipIf(!usingPostgres)('opens every session on a PostgreSQL server with JIT off, whatever the server’s default', async () => {
  const handle = await openDatabase({ url: TEST_DATABASE_URL, poolSize: 3 });
  try {
    // Three sessions at once: each pool connection, not only the first.
    const settings = await Promise.all(
      [1, 2, 3].map(() => handle.db.transaction(async (tx) => queryRows<{ jit: string }>(tx, sql`select current_setting('jit') as jit, pg_sleep(0.05)`))),
    );
    expect(settings.map(([row]) => row?.jit)).toEqual(['off', 'off', 'off']);
  } finally {
    await handle.close();
  }
});

it.skipIf(!usingPostgres)('opens its first connections before any request asks, and keeps them open unused', async () => {
  const handle = await openDatabase({ url: TEST_DATABASE_URL });
  const pool = poolOf(handle.db) as unknown as { totalCount: number; idleCount: number; options: { min: number } };
  try {
    expect(pool.totalCount).toBe(0);
    await warmConnections(handle.db);
    expect([pool.totalCount, pool.idleCount]).toEqual([WARM_CONNECTIONS, WARM_CONNECTIONS]);
    // Requests at once find them open: none opens another.
    const pids = await Promise.all(
      Array.from({ length: WARM_CONNECTIONS }, () => handle.db.transaction(async (tx) => (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`))[0]!.pid)),
    );
    expect(new Set(pids).size).toBe(WARM_CONNECTIONS);
    expect(pool.totalCount).toBe(WARM_CONNECTIONS);
    // pg-pool closes an unused connection after its idle time only above `min`.
    expect(pool.options.min).toBe(WARM_CONNECTIONS);
  } finally {
    await handle.close();
  }
});

it.skipIf(!usingPostgres)('opens no more connections ahead than a smaller pool holds, and keeps them usable', async () => {
  const handle = await openDatabase({ url: TEST_DATABASE_URL, poolSize: 3 });
  try {
    await warmConnections(handle.db);
    expect((poolOf(handle.db) as unknown as { totalCount: number }).totalCount).toBe(3);
    expect(await queryRows<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    await handle.close();
  }
});

it.skipIf(usingPostgres)('opens nothing more on the embedded database, whose one connection is already open', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'encuestas-db-'));
  const handle = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
  try {
    await warmConnections(handle.db);
    expect((poolOf(handle.db) as unknown as { totalCount: number }).totalCount).toBeLessThanOrEqual(1);
    expect(await queryRows<{ one: number }>(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  } finally {
    await handle.close();
  }
}, 180_000);
