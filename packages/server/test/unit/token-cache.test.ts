/**
 * Verified tokens are kept (fast-jwt's LRU cache, http/tokens.ts): what a
 * kept token may not outlive or stand in for.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client';
import { TokenService } from '../../src/http/tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
// verifySignature never touches the database.
const tokens = new TokenService({} as Database, SECRET);

async function tokenFor(sub: number, expiresInSeconds: number, secret = SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'student', jti: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(sub))
    .setIssuer('encuestas')
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** A token padded past the length of those kept, valid for an hour. */
function longToken(sub: number, padding: number, secret: string): Promise<string> {
  return new SignJWT({ typ: 'student', jti: randomUUID(), pad: 'x'.repeat(padding) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuer('encuestas')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verified tokens kept', () => {
  it('a token verified once is refused after its expiry, kept or not', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const token = await tokenFor(7, 60);
    expect(await tokens.verifySignature(token)).toMatchObject({ type: 'student', id: 7 });
    expect(await tokens.verifySignature(token)).toMatchObject({ type: 'student', id: 7 });
    vi.setSystemTime(new Date('2026-11-28T12:01:01Z'));
    expect(await tokens.verifySignature(token)).toBeNull();
  });

  it('a kept token does not stand in for the same claims signed with another key, or a changed signature', async () => {
    const token = await tokenFor(8, 3600);
    expect(await tokens.verifySignature(token)).toMatchObject({ id: 8 });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifySignature(flipped)).toBeNull();
    expect(await tokens.verifySignature(await tokenFor(8, 3600, 'another-secret-of-at-least-thirty-two-chars'))).toBeNull();
    expect(await tokens.verifySignature(token)).toMatchObject({ id: 8 });
  });

  it('a long, well-formed token signed with another key is refused every time', async () => {
    const long = await longToken(9, 4000, 'another-secret-of-at-least-thirty-two-chars');
    expect(await tokens.verifySignature(long)).toBeNull();
    expect(await tokens.verifySignature(long)).toBeNull();
  });

  it('a long token we signed is verified', async () => {
    const long = await longToken(10, 1000, SECRET);
    expect(await tokens.verifySignature(long)).toMatchObject({ id: 10 });
    expect(await tokens.verifySignature(long)).toMatchObject({ id: 10 });
  });
});
