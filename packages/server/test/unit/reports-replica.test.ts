import pg from 'pg';
import { expect, it } from 'vitest';
import { freePort } from '../../../../scripts/postgres-cluster.mjs';
import { isRecoveryConflict, isReplicaUnavailable } from '../../src/db/reports-replica';

it('counts a replica nobody answers at as unavailable (the reads go to the primary)', async () => {
  const pool = new pg.Pool({ connectionString: `postgres://nadie@127.0.0.1:${await freePort()}/encuestas`, connectionTimeoutMillis: 5000 });
  try {
    const error = await pool.query('select 1').catch((caught: unknown) => caught);
    expect(isReplicaUnavailable(error)).toBe(true);
  } finally {
    await pool.end();
  }
});

it('tells a server going away and a replay conflict from a wrong query, which fails as it would on the primary', () => {
  expect(isReplicaUnavailable({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
  expect(isReplicaUnavailable({ code: '08006', message: 'connection failure' })).toBe(true);
  expect(isReplicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isRecoveryConflict({ code: '40001', message: 'canceling statement due to conflict with recovery' })).toBe(true);
  for (const wrong of [{ code: '42601', message: 'syntax error' }, { code: '22P02', message: 'invalid input syntax' }]) {
    expect(isReplicaUnavailable(wrong)).toBe(false);
    expect(isRecoveryConflict(wrong)).toBe(false);
  }
});
