/**
 * The reports' read replica (REPORTS_DATABASE_URL; docs/operations.md, "Reports from a read replica"):
 * a PostgreSQL streaming standby that the report endpoints and report files
 * read from, so heavy report reads do not compete with submissions on the
 * primary. Everything else, every write and every read that must see its own
 * write, stays on the primary.
 *
 * A replica that cannot be reached is no reason to refuse a report: its
 * reads go to the primary instead (a warning in the log), and the replica is
 * tried again after REPLICA_RETRY_MS.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ReportsFreshness } from '@encuestas/core/api/reports';
import { isEmbedded, poolOf, queryRows, readDatabaseOver, IDLE_CONNECTION_MS, SESSION_OPTIONS, WARM_CONNECTIONS, survivingLostConnections, type Database, type QueryPool, type ReadDatabase } from './client';

/** After a failed attempt, reads go to the primary this long before the replica is tried again. */
export const REPLICA_RETRY_MS = 30_000;
/** A replica that does not answer a connection attempt this fast counts as down (the default waits for TCP's own timeout). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Named in pg_stat_activity on the replica. */
export const REPLICA_APPLICATION_NAME = 'encuestas-reports';

interface Log {
  warn(details: object, message: string): void;
}

export interface ReportsReplica {
  /** Reads from the replica, or from the primary while the replica is down. */
  db: ReadDatabase;
  /** How current the figures read through `db` are (GET /reports/freshness). */
  freshness(): Promise<ReportsFreshness>;
  close(): Promise<void>;
}

/**
 * Errors that say the replica itself is unusable rather than the query wrong:
 * no connection (Node's socket errors, pg's timeout), the server shutting down
 * or starting (57P01–57P03), connection exceptions (class 08).
 */
export function isReplicaUnavailable(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/.test(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/.test(message);
}

/** A read the standby cancelled because replaying the primary's changes needed its rows (40001 there): the replica is fine, that read is not. */
export function isRecoveryConflict(error: unknown): boolean {
  return (error as { code?: unknown }).code === '40001';
}

export function openReportsReplica(url: string, primary: Database, log: Log): ReportsReplica {
  const primaryPool = poolOf(primary);
  if (!primaryPool || isEmbedded(primary)) throw new Error('REPORTS_DATABASE_URL needs the primary on PostgreSQL (DATABASE_URL)');
  const replicaPool = survivingLostConnections(
    new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      min: WARM_CONNECTIONS,
      application_name: REPLICA_APPLICATION_NAME,
      options: SESSION_OPTIONS,
    }),
  );
  let downUntil = 0;

  const replicaUp = () => Date.now() >= downUntil;
  const markDown = (error: unknown) => {
    if (replicaUp()) log.warn({ err: error, retryInSeconds: REPLICA_RETRY_MS / 1000 }, 'reports replica unavailable: report reads go to the primary');
    downUntil = Date.now() + REPLICA_RETRY_MS;
  };

  // Each query on the replica while it is up; a read the replica could not answer runs again on the primary.
  const failover: QueryPool = {
    query: (async (...args: Parameters<pg.Pool['query']>) => {
      if (replicaUp()) {
        try {
          return await (replicaPool.query as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (error) {
          if (isReplicaUnavailable(error)) markDown(error);
          else if (!isRecoveryConflict(error)) throw error;
        }
      }
      return (primaryPool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    }) as pg.Pool['query'],
  };

  return {
    db: readDatabaseOver(failover),
    async freshness() {
      if (!replicaUp()) return { source: 'primary', asOf: null, current: true };
      // How far the primary had inserted into its log when asked: every commit a client can see is in it, also under
      // synchronous_commit = off, where a commit is visible before its record is flushed (the flush position then
      // lags, and a replica at it would be called current while missing visible commits). Unknown (null) when the
      // primary is down.
      const written = await queryRows<{ lsn: string }>(primary, sql`select pg_current_wal_insert_lsn()::text as lsn`).then(
        ([row]) => row?.lsn ?? null,
        () => null,
      );
      let state: { standby: boolean; caught_up: boolean | null; replayed_at: Date | string | null; now: Date | string };
      try {
        const result = await replicaPool.query(
          `select pg_is_in_recovery() as standby,
                  pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up,
                  pg_last_xact_replay_timestamp() as replayed_at,
                  now() as now`,
          [written],
        );
        state = result.rows[0];
      } catch (error) {
        if (!isReplicaUnavailable(error)) throw error;
        markDown(error);
        return { source: 'primary', asOf: null, current: true };
      }
      const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
      // Caught up: everything the primary had written when asked is in the figures, however long the primary was idle.
      if (state.standby && state.caught_up === true) return { source: 'replica', asOf: iso(state.now), current: true };
      // Behind: the figures hold every transaction up to the last one replayed (null: none since the replica started).
      return { source: 'replica', asOf: state.standby ? iso(state.replayed_at) : null, current: false };
    },
    close: () => replicaPool.end(),
  };
}
