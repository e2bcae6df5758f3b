import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { createSigner, createVerifier } from 'fast-jwt';
import { queryRows, type Database } from '../db/client';
import { sessions } from '../db/schema';

export type SubjectType = 'admin' | 'student' | 'teacher' | 'staff';
const SUBJECT_TYPES: readonly SubjectType[] = ['admin', 'student', 'teacher', 'staff'];

export interface TokenSubject {
  type: SubjectType;
  id: number;
  sessionId: string;
}

const ISSUER = 'encuestas';

/**
 * Verified tokens kept until their `exp`: a student sends several evaluations
 * and other requests with one token, and each verification after the first
 * is a map lookup instead of an HMAC, two base64 decodes and a JSON parse
 * (verification was 5 % of a submission's CPU, issue 23). Revocation is the
 * session row's, checked on every request anyway (sessionOpen). Our own map
 * rather than fast-jwt's cache: that one hashes every token to key it (a
 * cost on every miss) or warns at start about a key of one's own. Keyed by
 * the token itself, only for tokens as short as ours (about 250
 * characters), the oldest dropped first: at most a few MB.
 */
const VERIFIED_TOKENS_KEPT = 4096;
const KEPT_TOKEN_MAX_LENGTH = 512;

/**
 * Signs bearer tokens and keeps their session rows, so logout revokes for real.
 * fast-jwt rather than jose here: every authenticated request verifies a token,
 * and fast-jwt's synchronous HMAC through node:crypto takes about 10 µs where
 * jose's WebCrypto path took 120-195 µs on this machine (issue 23; the same
 * HS256 tokens, so sessions issued before the change stay valid).
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verifyJwt: (token: string) => Record<string, unknown>;
  private readonly verified = new Map<string, { subject: TokenSubject; expiresAtMs: number }>();

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly lifetimeSeconds = 12 * 60 * 60,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', iss: ISSUER });
    this.verifyJwt = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: ISSUER });
  }

  /**
   * `db` may be a transaction, so the session commits with what it belongs to (e.g. an audit entry).
   * `expiresAt` overrides the default lifetime (a respondent kept signed in until the end of the day).
   */
  async issue(
    type: SubjectType,
    id: number,
    db: Database = this.db,
    expiresAt: Date = this.defaultExpiresAt(),
  ): Promise<string> {
    const sessionId = randomUUID();
    await db.insert(sessions).values({ id: sessionId, subjectType: type, subjectId: id, expiresAt });
    return this.sign({ typ: type, sub: String(id), jti: sessionId, exp: Math.floor(expiresAt.getTime() / 1000) });
  }

  /** When a session opened now ends, unless its issuer chose otherwise. */
  defaultExpiresAt(): Date {
    return new Date(Date.now() + this.lifetimeSeconds * 1000);
  }

  /** The token's subject when its signature and expiry are valid (no database check); otherwise null. */
  async verifySignature(token: string): Promise<TokenSubject | null> {
    const kept = this.verified.get(token);
    if (kept) {
      if (Date.now() < kept.expiresAtMs) return kept.subject;
      this.verified.delete(token);
    }
    try {
      const payload = this.verifyJwt(token);
      const type = payload.typ as SubjectType;
      const id = Number(payload.sub);
      if (typeof payload.jti !== 'string' || !payload.jti || !Number.isInteger(id) || !SUBJECT_TYPES.includes(type)) return null;
      const subject = { type, id, sessionId: payload.jti };
      if (typeof payload.exp === 'number' && token.length <= KEPT_TOKEN_MAX_LENGTH) this.keep(token, subject, payload.exp * 1000);
      return subject;
    } catch {
      return null;
    }
  }

  private keep(token: string, subject: TokenSubject, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { subject, expiresAtMs });
  }

  /**
   * SQL condition true while the subject's session is open: lets a hot route check it inside its own query.
   * Its values may be `sql.placeholder`s (a statement built once per shape, db/client.ts).
   */
  static sessionOpen(subject: Record<keyof TokenSubject, unknown>): SQL {
    // A scalar subquery, not `exists`: over many rows (a batch of submissions) the planner may turn an
    // `exists` into a hash of every open session; this one stays a primary-key lookup per row.
    return sql`coalesce((select true from ${sessions} where ${sessions.id} = ${subject.sessionId}
      and ${sessions.subjectType} = ${subject.type} and ${sessions.subjectId} = ${subject.id}
      and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now() limit 1), false)`;
  }

  /** The token's subject when its signature, expiry and session are all valid; otherwise null. */
  async verify(token: string): Promise<TokenSubject | null> {
    const subject = await this.verifySignature(token);
    if (!subject) return null;
    const [row] = await queryRows<{ open: boolean }>(this.db, sql`select ${TokenService.sessionOpen(subject)} as open`);
    return row?.open ? subject : null;
  }

  async revoke(sessionId: string, db: Database = this.db): Promise<void> {
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Revokes every session of a subject, except `keepSessionId` when given. */
  async revokeAllFor(type: SubjectType, id: number, keepSessionId?: string): Promise<void> {
    await revokeSessions(this.db, type, id, keepSessionId);
  }
}

/** Revokes every session of a subject (except `keepSessionId`) on `db`, which may be the caller's transaction. */
export async function revokeSessions(db: Database, type: SubjectType, id: number, keepSessionId?: string): Promise<void> {
  const conditions = [eq(sessions.subjectType, type), eq(sessions.subjectId, id), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ?? null;
}
