/**
 * The embedded PGlite in its own thread, reached through node-postgres on a
 * Unix socket (db/embedded.ts, embedded-worker.mjs): what the bridge must keep
 * true whatever the requests send. PGlite only.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { pingDatabase, poolOf, queryRows, queryRowsOfShape, type DatabaseHandle } from '../../src/db/client';
import { socketParent } from '../../src/db/embedded';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database';

describe.skipIf(usingPostgres)('the embedded database in its own thread', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = database.handle;
    pool = poolOf(handle.db) as pg.Pool;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers a statement and parameters far larger than one socket read, whole', async () => {
    const text = 'ñandú '.repeat(400_000); // 2.8 MB of UTF-8, read by the thread in many pieces
    const [row] = await queryRows<{ length: number; same: boolean }>(handle.db, sql`select length(${text}::text) as length, ${text}::text = repeat('ñandú ', 400000) as same`);
    expect(row).toEqual({ length: text.length, same: true });
    const rows = await queryRows<{ n: number }>(handle.db, sql`select n from generate_series(1, 50000) as n`);
    expect(rows).toHaveLength(50_000);
    expect(rows.at(-1)).toEqual({ n: 50_000 });
  });

  it('gives the next connection nothing of one that ended mid-transaction: no open transaction, no prepared statement', async () => {
    await queryRows(handle.db, sql`create table if not exists bridge_probe (x int)`);
    const shape = (values: { x: unknown }) => sql`select ${values.x}::int + 1 as y`;
    expect(await queryRowsOfShape(handle.db, 'bridge-probe', shape, { x: 1 })).toEqual([{ y: 2 }]);

    const client = await pool.connect();
    await client.query('begin');
    await client.query('insert into bridge_probe values (1)');
    client.release(true); // the connection ends, as when a process loses it mid-transaction

    // A new connection: the insert was rolled back, and the named statement is prepared again.
    expect(await queryRows(handle.db, sql`select count(*)::int as n from bridge_probe`)).toEqual([{ n: 0 }]);
    expect(await queryRows(handle.db, sql`select now() = statement_timestamp() as outside`)).toEqual([{ outside: true }]);
    expect(await queryRowsOfShape(handle.db, 'bridge-probe', shape, { x: 41 })).toEqual([{ y: 42 }]);
  });

  it('reports a statement error as PostgreSQL does, and keeps answering', async () => {
    await expect(queryRows(handle.db, sql`select 1 / 0`)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await queryRows(handle.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('is pinged without waiting for the connection a request holds', async () => {
    const held = await pool.connect();
    try {
      await pingDatabase(handle.db);
    } finally {
      held.release();
    }
  });

  it('is pinged at once while a long statement holds its thread, as PostgreSQL answers beside a busy backend', async () => {
    let queryDone = 0;
    const sent = performance.now();
    const query = queryRows(handle.db, sql`select pg_sleep(4)`).then(() => {
      queryDone = performance.now();
    });
    const answered: number[] = [];
    while (!queryDone) {
      const ping = pingDatabase(handle.db).then(() => answered.push(performance.now()));
      await Promise.race([ping, new Promise((resolve) => setTimeout(resolve, 100))]);
    }
    await query;
    // Before, a ping waited for the statement to end: none was answered in the middle of its four seconds.
    expect(answered.filter((at) => at > sent + 1500 && at < queryDone - 1000).length).toBeGreaterThanOrEqual(3);
  });

  it('listens on a socket in a folder only this user can enter', async () => {
    const folder = (pool.options as { host?: string }).host!;
    expect(statSync(folder).mode & 0o077).toBe(0);
  });

  it("puts the socket's folder in the service's runtime folder when there is one, not where tmp cleaners age files out", () => {
    const runtime = mkdtempSync(path.join(os.tmpdir(), 'runtime-'));
    const other = mkdtempSync(path.join(os.tmpdir(), 'runtime-'));
    try {
      expect(socketParent({ RUNTIME_DIRECTORY: `${runtime}:${other}`, XDG_RUNTIME_DIR: other })).toBe(runtime);
      expect(socketParent({ XDG_RUNTIME_DIR: other })).toBe(other);
    } finally {
      rmSync(runtime, { recursive: true });
      rmSync(other, { recursive: true });
    }
    expect(socketParent({})).toBe(os.tmpdir());
    // One that is gone (or another user's) is passed over.
    expect(socketParent({ XDG_RUNTIME_DIR: '/run/user/no-such-user' })).toBe(os.tmpdir());
    // A relative or overlong folder would break the socket's path (108 bytes at most).
    expect(socketParent({ XDG_RUNTIME_DIR: 'run/user' })).toBe(os.tmpdir());
    expect(socketParent({ XDG_RUNTIME_DIR: `/${'x'.repeat(80)}` })).toBe(os.tmpdir());
  });

  it('dumps its folder as a gzip tarball', async () => {
    const dump = await handle.dumpEmbedded!();
    expect(dump.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(dump.length).toBeGreaterThan(100_000);
  });
});
