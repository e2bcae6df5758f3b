/**
 * Health for load balancers (README, "Health"): liveness answers while the
 * process runs; readiness only when the database answers and has every
 * migration; /health keeps its old answer.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/postgres-cluster.mjs';
import { buildApp } from '../../src/app';
import pg from 'pg';
import { openDatabase, poolOf, queryRows, type DatabaseHandle } from '../../src/db/client';
import { API, createTestApp, makeTempDir, testConfig, type TestApp } from '../helpers/app';
import { driverName, usingPostgres, withAdminClient } from '../helpers/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`health on a migrated database (${driverName})`, () => {
  it('is live, ready, and /health answers as before', async () => {
    const live = await t.request({ method: 'GET', url: `${API}/health/live` });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const ready = await t.request({ method: 'GET', url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok' });

    const health = await t.request({ method: 'GET', url: `${API}/health` });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is not ready while the newest migration has not run (e.g. an older database), and ready again once it has', async () => {
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await t.request({ method: 'GET', url: `${API}/health/ready` });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'error', database: 'ok', migrations: 'pending', error: { code: 'SERVICE_UNAVAILABLE' } });
      expect(ready.json().error.message).toMatch(/migraciones/);
      // The process itself is fine: a restart would not help.
      expect((await t.request({ method: 'GET', url: `${API}/health/live` })).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`);
    }
    expect((await t.request({ method: 'GET', url: `${API}/health/ready` })).statusCode).toBe(200);
  });

  it('answers while requests hold every connection to the database and others wait for one', async () => {
    const pool = poolOf(t.db) as pg.Pool;
    const taken = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    // A request's query waiting for a connection, as under a burst of submissions.
    const waiting = pool.query('select 1');
    try {
      expect(pool.waitingCount).toBe(1);
      const health = await t.request({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
      // Readiness reads the migrations: on PostgreSQL through the checks' own connection.
      if (usingPostgres) expect((await t.request({ method: 'GET', url: `${API}/health/ready` })).statusCode).toBe(200);
      // The request still waits: the check did not take a connection from it.
      expect(pool.waitingCount).toBe(1);
    } finally {
      for (const client of taken) client.release();
    }
    await waiting;
  });

  it('needs no sign-in and refuses other methods', async () => {
    const post = await t.request({ method: 'POST', url: `${API}/health/ready` });
    expect(post.statusCode).toBe(405);
  });
});

describe('health when the database does not answer', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let handle: DatabaseHandle;
  const temp = makeTempDir();
  beforeAll(async () => {
    // A PostgreSQL that is down: nothing listens on this port.
    handle = await openDatabase({ url: `postgres://encuestas@127.0.0.1:${await freePort()}/encuestas`, poolSize: 1 });
    app = await buildApp({ config: testConfig(temp.dir), db: handle.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    temp.remove();
  });

  it('is live but not ready, and /health says the database is unreachable', async () => {
    const live = await app.inject({ method: 'GET', url: `${API}/health/live` });
    expect(live.statusCode).toBe(200);

    const ready = await app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'unreachable', error: { code: 'SERVICE_UNAVAILABLE', message: 'La base de datos no está disponible.' } });

    const health = await app.inject({ method: 'GET', url: `${API}/health` });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: 'unreachable' });
  });
});

describe.runIf(usingPostgres)('a connection lost in the middle of a transaction (PostgreSQL)', () => {
  it('fails that transaction, keeps the process up, and the next request gets a new connection', async () => {
    const db = t.db;
    const lost = db.transaction(async (tx) => {
      const [backend] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      // Another connection ends this one between two statements, as a database restart would.
      await terminateBackend(backend!.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });
    await expect(lost).rejects.toThrow();
    expect((await t.request({ method: 'GET', url: `${API}/health` })).statusCode).toBe(200);
    expect(await queryRows<{ one: number }>(db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

/** Terminates a backend from a connection of its own (the test's admin connection to the server). */
async function terminateBackend(pid: number): Promise<void> {
  await withAdminClient((client) => client.query('select pg_terminate_backend($1)', [pid]));
}
