import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
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
