import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

export type SubjectType = 'admin' | 'student' | 'teacher' | 'staff';

export interface TokenSubject {
  type: SubjectType;
  id: number;
  sessionId: string;
}

const ISSUER = 'encuestas';

/** Signs bearer tokens and keeps their session rows, so logout revokes for real. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Database,
    secret: string,
    private readonly lifetimeSeconds = 12 * 60 * 60,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(type: SubjectType, id: number): Promise<string> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.lifetimeSeconds * 1000);
    await this.db.insert(sessions).values({ id: sessionId, subjectType: type, subjectId: id, expiresAt });
    return new SignJWT({ typ: type })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setSubject(String(id))
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
  }

  /** The token's subject when its signature, expiry and session are all valid; otherwise null. */
  async verify(token: string): Promise<TokenSubject | null> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch {
      return null;
    }
    const type = payload.typ as SubjectType;
    const id = Number(payload.sub);
    if (!payload.jti || !Number.isInteger(id)) return null;
    const [session] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, payload.jti),
          eq(sessions.subjectType, type),
          eq(sessions.subjectId, id),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return session ? { type, id, sessionId: payload.jti } : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Revokes every session of a subject, except `keepSessionId` when given. */
  async revokeAllFor(type: SubjectType, id: number, keepSessionId?: string): Promise<void> {
    const conditions = [eq(sessions.subjectType, type), eq(sessions.subjectId, id), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(...conditions));
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ?? null;
}
