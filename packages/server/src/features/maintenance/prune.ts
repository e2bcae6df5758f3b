/**
 * Side tables keep rows only while their purpose needs them: a session until
 * it expires or is revoked, a login code or reset link while it can be used
 * or still counts toward its rate limit, a kept mail for a day. Anyone can
 * make rows (unknown identifiers count toward the limits too), so without
 * pruning these tables would grow without bound and keep who logged in when.
 *
 * Run by the server once every PRUNE_INTERVAL_MINUTES however many API
 * processes run (a lease in `background_run`, background-runs.ts), and by
 * `npm run cli -- prune`. A new table joins with one line in PRUNE_TASKS.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RESET_TOKEN_LIFETIME_MINUTES } from '@encuestas/core/api/auth';
import { queryRows, type Database } from '../../db/client';
import { mailOutbox, passwordResetTokens, respondentLoginCodes, sessions } from '../../db/schema';
import { pruneThrottle } from '../../http/throttle';
import { recordRunFailed, recordRunFinished, takeDueRun } from './background-runs';
import { pruneReminderSends } from '../missing';
import { CODE_LIFETIME_MINUTES, CODE_REQUEST_WINDOW_MINUTES } from '../respondents';

export const PRUNE_INTERVAL_MINUTES = 10;
/** How often each process asks whether a run is due: a run starts at most this late. */
const PRUNE_CHECK_SECONDS = 60;
/** Reset links count toward a per-hour limit (auth/service.ts). */
const RESET_RATE_WINDOW_MINUTES = 60;
/** Mail kept without SMTP holds codes and links that are long dead after a day. */
const OUTBOX_KEEP_HOURS = 24;

/** Deletes what is no longer needed as of `now`; answers how many rows went. */
export type PruneTask = (db: Database, now: Date) => Promise<number>;

/** A moment as an SQL value (ISO text cast, the same on PGlite and PostgreSQL). */
const at = (moment: Date): SQL => sql`${moment.toISOString()}::timestamptz`;
const minutesBefore = (now: Date, minutes: number): SQL => at(new Date(now.getTime() - minutes * 60_000));

/** Runs a DELETE and counts its rows without bringing them back. */
async function deleteCounting(db: Database, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`);
  return row?.n ?? 0;
}

export const pruneSessions: PruneTask = (db, now) =>
  deleteCounting(db, sql`delete from ${sessions} where ${sessions.expiresAt} <= ${at(now)} or ${sessions.revokedAt} is not null`);

export const pruneLoginCodes: PruneTask = (db, now) => {
  // A code stays while it can be used and while it counts toward the per-identity request limit.
  const countedSince = minutesBefore(now, Math.max(CODE_REQUEST_WINDOW_MINUTES, CODE_LIFETIME_MINUTES));
  return deleteCounting(
    db,
    sql`delete from ${respondentLoginCodes} where ${respondentLoginCodes.createdAt} < ${countedSince}
      and (${respondentLoginCodes.consumedAt} is not null or ${respondentLoginCodes.expiresAt} <= ${at(now)})`,
  );
};

export const prunePasswordResetTokens: PruneTask = (db, now) => {
  const countedSince = minutesBefore(now, Math.max(RESET_RATE_WINDOW_MINUTES, RESET_TOKEN_LIFETIME_MINUTES));
  return deleteCounting(
    db,
    sql`delete from ${passwordResetTokens} where ${passwordResetTokens.createdAt} < ${countedSince}
      and (${passwordResetTokens.usedAt} is not null or ${passwordResetTokens.expiresAt} <= ${at(now)})`,
  );
};

export const pruneMailOutbox: PruneTask = (db, now) =>
  deleteCounting(db, sql`delete from ${mailOutbox} where ${mailOutbox.createdAt} < ${minutesBefore(now, OUTBOX_KEEP_HOURS * 60)}`);

/** Every table the pruner keeps small, by name. */
export const PRUNE_TASKS: Record<string, PruneTask> = {
  session: pruneSessions,
  respondent_login_code: pruneLoginCodes,
  password_reset_token: prunePasswordResetTokens,
  mail_outbox: pruneMailOutbox,
  throttle: pruneThrottle,
  reminder_send: pruneReminderSends,
};

/** Prunes every table; answers the rows deleted per table. */
export async function pruneExpired(db: Database, now = new Date()): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const [table, prune] of Object.entries(PRUNE_TASKS)) deleted[table] = await prune(db, now);
  return deleted;
}

/**
 * Prunes now and then every `intervalMinutes`, unless another process (or an
 * earlier start of this one) took the run of this interval; without keeping
 * the process alive. `stop()` waits for a run in progress, so the database
 * can close after it.
 */
export function startPruning(
  db: Database,
  log: FastifyBaseLogger,
  intervalMinutes = PRUNE_INTERVAL_MINUTES,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        if (!(await takeDueRun(db, 'prune', intervalMinutes * 60_000))) return;
        try {
          const deleted = await pruneExpired(db);
          await recordRunFinished(db, 'prune', deleted);
          log.info({ deleted }, 'pruned expired sessions, codes and links');
        } catch (error) {
          await recordRunFailed(db, 'prune', error);
          throw error;
        }
      } catch (error) {
        log.error({ err: error }, 'pruning failed; it will be tried again');
      }
    });
  };
  run();
  const timer = setInterval(run, Math.min(PRUNE_CHECK_SECONDS, intervalMinutes * 60) * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
