/**
 * Counters for throttling, kept in the database so that several API
 * processes share them. Each key is a keyed hash (HMAC with the server
 * secret) of an e-mail, identifier or client address: the table never holds
 * the value itself. Numbers and reasons: docs/security.md, "Throttling and
 * enumeration".
 */
import { createHmac } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { throttle } from '../db/schema';
import { TooManyRequestsError } from './errors';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface ThrottlePolicy {
  /** Names the counter; one key space per scope. */
  scope: string;
  /** Hits are counted from the first hit for this long, then start over. */
  windowMs: number;
  /** Hits allowed in a window: the `allowed`-th and every later one start a block. */
  allowed: number;
  /** How long the `hits`-th hit (hits >= allowed) blocks, from `now`. */
  blockMs(hits: number, windowStart: Date, now: Date): number;
}

/** `allowed` hits per window, then blocked until the window ends: a plain fixed-window limit. */
export function fixedWindow(scope: string, allowed: number, windowMs: number): ThrottlePolicy {
  return { scope, windowMs, allowed, blockMs: (_hits, windowStart, now) => windowStart.getTime() + windowMs - now.getTime() };
}

/**
 * The `allowed`-th hit blocks for 1 s, the next for 2 s, then 4 s … capped
 * at `capMs`; the streak is forgotten `windowMs` after it began.
 */
export function exponentialBackoff(scope: string, allowed: number, capMs: number, windowMs: number): ThrottlePolicy {
  return { scope, windowMs, allowed, blockMs: (hits) => Math.min(1000 * 2 ** Math.min(hits - allowed, 30), capMs) };
}

/**
 * Result of a hit: refused when a block from earlier hits was still running
 * (that hit was not counted); `startedBlocking` on the first hit of a window
 * that blocks, so callers can note it once.
 */
export type HitResult =
  | { refused: false; blockedUntil: Date | null; startedBlocking: boolean }
  | { refused: true; blockedUntil: Date };

export class Throttle {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    readonly now: Clock = systemClock,
  ) {}

  keyHash(scope: string, value: string): string {
    return createHmac('sha256', this.secret).update(`throttle:${scope}:${value}`).digest('base64url');
  }

  /** The running block for this key, if any, without counting a hit. */
  async blockedUntil(policy: ThrottlePolicy, value: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ blockedUntil: throttle.blockedUntil })
      .from(throttle)
      .where(and(eq(throttle.scope, policy.scope), eq(throttle.keyHash, this.keyHash(policy.scope, value))));
    const until = row?.blockedUntil ?? null;
    return until && until > this.now() ? until : null;
  }

  /**
   * Counts one hit unless a block is running. Atomic per key (row lock), so
   * concurrent hits from many processes never slip past the limit.
   */
  async hit(policy: ThrottlePolicy, value: string): Promise<HitResult> {
    const now = this.now();
    const keyHash = this.keyHash(policy.scope, value);
    return this.db.transaction(async (tx) => {
        await tx
        .insert(throttle)
        .values({ scope: policy.scope, keyHash, hits: 0, windowStart: now, forgetAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(throttle)
        .where(and(eq(throttle.scope, policy.scope), eq(throttle.keyHash, keyHash)))
        .for('update');
      if (!row) throw new Error('throttle row vanished');
      if (row.blockedUntil && row.blockedUntil > now) return { refused: true, blockedUntil: row.blockedUntil };
      const windowOver = now.getTime() - row.windowStart.getTime() >= policy.windowMs;
      const hits = windowOver ? 1 : row.hits + 1;
      const windowStart = windowOver ? now : row.windowStart;
      const blockedUntil = hits >= policy.allowed ? new Date(now.getTime() + policy.blockMs(hits, windowStart, now)) : null;
      await tx
        .update(throttle)
        .set({ hits, windowStart, blockedUntil, forgetAt: forgetAt(policy, windowStart, blockedUntil) })
        .where(and(eq(throttle.scope, policy.scope), eq(throttle.keyHash, keyHash)));
      return { refused: false, blockedUntil, startedBlocking: hits === policy.allowed };
    });
  }

  /**
   * Counts one hit of a fixed-window policy in a single statement (an upsert:
   * no lock is held across round trips), for a counter that every request
   * shares, such as an overall bound. Refused once the window holds more than
   * `allowed` hits; refusals are counted but never lengthen the window.
   */
  async take(policy: ThrottlePolicy, value: string): Promise<{ refused: boolean; windowEnds: Date }> {
    const now = this.now();
    const windowEnd = new Date(now.getTime() + policy.windowMs);
    const windowOver = sql`${throttle.windowStart} <= ${new Date(now.getTime() - policy.windowMs).toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(throttle)
      .values({ scope: policy.scope, keyHash: this.keyHash(policy.scope, value), hits: 1, windowStart: now, forgetAt: windowEnd })
      .onConflictDoUpdate({
        target: [throttle.scope, throttle.keyHash],
        set: {
          hits: sql`case when ${windowOver} then 1 else ${throttle.hits} + 1 end`,
          windowStart: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${throttle.windowStart} end`,
          forgetAt: sql`case when ${windowOver} then ${windowEnd.toISOString()}::timestamptz else ${throttle.forgetAt} end`,
        },
      })
      .returning({ hits: throttle.hits, windowStart: throttle.windowStart });
    return { refused: row!.hits > policy.allowed, windowEnds: new Date(new Date(row!.windowStart).getTime() + policy.windowMs) };
  }

  /** Notes that `value` was seen now (e.g. an address a user logged in from), for `windowMs`. */
  async remember(policy: ThrottlePolicy, value: string): Promise<void> {
    const now = this.now();
    const row = { scope: policy.scope, keyHash: this.keyHash(policy.scope, value), hits: 0, windowStart: now };
    const forget = forgetAt(policy, now, null);
    await this.db
      .insert(throttle)
      .values({ ...row, forgetAt: forget })
      .onConflictDoUpdate({ target: [throttle.scope, throttle.keyHash], set: { windowStart: now, forgetAt: forget } });
  }

  /** Whether `remember` noted `value` within the policy's window. */
  async remembers(policy: ThrottlePolicy, value: string): Promise<boolean> {
    const [row] = await this.db
      .select({ forgetAt: throttle.forgetAt })
      .from(throttle)
      .where(and(eq(throttle.scope, policy.scope), eq(throttle.keyHash, this.keyHash(policy.scope, value))));
    return row !== undefined && row.forgetAt > this.now();
  }

  /** Forgets the key's hits and block (e.g. after a successful login). */
  async clear(policy: ThrottlePolicy, value: string): Promise<void> {
    await this.db
      .delete(throttle)
      .where(and(eq(throttle.scope, policy.scope), eq(throttle.keyHash, this.keyHash(policy.scope, value))));
  }

  /** Seconds until `until`, at least 1: the value of a Retry-After header. */
  retryAfterSeconds(until: Date): number {
    return Math.max(1, Math.ceil((until.getTime() - this.now().getTime()) / 1000));
  }
}

function forgetAt(policy: ThrottlePolicy, windowStart: Date, blockedUntil: Date | null): Date {
  const windowEnd = windowStart.getTime() + policy.windowMs;
  return new Date(Math.max(windowEnd, blockedUntil?.getTime() ?? 0));
}

/**
 * Deletes counters whose window and block are both over, so unknown e-mails,
 * identifiers and addresses cannot grow the table without bound. For the pruner.
 */
export async function pruneThrottle(db: Database, now: Date = new Date()): Promise<number> {
  const deleted = await db.delete(throttle).where(lt(throttle.forgetAt, now)).returning({ scope: throttle.scope });
  return deleted.length;
}

/** 429 saying, in Spanish, how long to wait; sent with Retry-After. */
export function throttledError(retryAfterSeconds: number, what = 'Demasiados intentos'): TooManyRequestsError {
  return new TooManyRequestsError(retryAfterSeconds, `${what}. Espera ${describeWait(retryAfterSeconds)} e inténtalo de nuevo.`);
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
