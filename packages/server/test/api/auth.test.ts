import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_NAMES, PERMISSIONS } from '@encuestas/core/permissions';
import { DEMO_ADMIN, DEMO_NO_PERMISSIONS, DEMO_PERIODS_VIEWER } from '../../src/db/seed/demo';
import { adminUsers, sessions } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await t?.close();
});

const login = (payload: unknown) => t.request({ method: 'POST', url: `${API}/admin/login`, payload: payload as object });
const me = (token?: string) => t.request({ method: 'GET', url: `${API}/admin/me`, token });

describe(`admin login (${driverName})`, () => {
  it('logs the demo administrator in and returns the user with every permission and a token', async () => {
    const response = await login({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: { email: string; permissions: string[]; full_name: string }; token: string }>();
    expect(body.user.email).toBe(DEMO_ADMIN.email);
    expect(body.user.full_name).toBe('Administrador');
    expect([...body.user.permissions].sort()).toEqual([...ALL_PERMISSION_NAMES].sort());
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await login({ email: `  ${DEMO_ADMIN.email.toUpperCase()} `, password: DEMO_ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('returns only the permissions a limited user holds', async () => {
    const viewer = await login({ email: DEMO_PERIODS_VIEWER.email, password: DEMO_PERIODS_VIEWER.password });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json().user.permissions).toEqual([PERMISSIONS.viewActives]);
    const none = await login({ email: DEMO_NO_PERMISSIONS.email, password: DEMO_NO_PERMISSIONS.password });
    expect(none.statusCode).toBe(200);
    expect(none.json().user.permissions).toEqual([]);
  });

  it('rejects a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const response = await login({ email: DEMO_ADMIN.email, password: 'NoEsLaClave1!' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Correo o contraseña incorrectos.' },
    });
  });

  it('rejects an unknown e-mail with exactly the same 401 as a wrong password', async () => {
    const unknown = await login({ email: 'nadie@encuestas.mx', password: 'NoEsLaClave1!' });
    const wrong = await login({ email: DEMO_ADMIN.email, password: 'NoEsLaClave1!' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects a malformed body with 422 and a message per field', async () => {
    const response = await login({ email: 'no-es-correo', password: '' });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: { code: string; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.email).toEqual([expect.any(String)]);
    expect(body.error.fields.password).toEqual([expect.any(String)]);
  });

  it('rejects a body without fields with 422 naming both fields', async () => {
    const response = await login({});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('rejects malformed JSON with 400, never 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${API}/admin/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('rejects a disabled user (avalible=false) with 403 even with the right password', async () => {
    const user = await createAdminUser(t.db, { email: 'baja@encuestas.mx', password: 'Deshabilitada1!', name: 'Baja' });
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, user.id));
    const response = await login({ email: 'baja@encuestas.mx', password: 'Deshabilitada1!' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('does not tell a disabled user apart when the password is wrong', async () => {
    const response = await login({ email: 'baja@encuestas.mx', password: 'Otra-clave-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe(`admin session (${driverName})`, () => {
  it('returns the logged-in user from GET /admin/me', async () => {
    const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: DEMO_ADMIN.email, permissions: expect.arrayContaining([...ALL_PERMISSION_NAMES]) });
  });

  it('answers GET /admin/me without a token with 401 UNAUTHENTICATED', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('revokes the token on logout: it then gets 401 on GET /admin/me', async () => {
    const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await me(token)).statusCode).toBe(200);
    const logout = await t.request({ method: 'POST', url: `${API}/admin/logout`, token });
    expect(logout.statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('keeps other sessions of the same user working after one logs out', async () => {
    const first = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const second = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await t.request({ method: 'POST', url: `${API}/admin/logout`, token: first });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers logout without a token with 401', async () => {
    const response = await t.request({ method: 'POST', url: `${API}/admin/logout` });
    expect(response.statusCode).toBe(401);
  });

  it('rejects a token whose signature was tampered with with 401', async () => {
    const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
  });

  it('rejects a token whose payload was changed to another user with 401', async () => {
    const token = await t.login(DEMO_NO_PERMISSIONS.email, DEMO_NO_PERMISSIONS.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: String(t.demo!.adminId) })).toString('base64url');
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
  });

  it('rejects garbage and a non-Bearer authorization header with 401', async () => {
    expect((await me('not-a-jwt')).statusCode).toBe(401);
    const basic = await t.request({ method: 'GET', url: `${API}/admin/me`, headers: { authorization: 'Basic YWRtaW46eA==' } });
    expect(basic.statusCode).toBe(401);
  });

  it('rejects an expired token with 401 even though its signature is valid', async () => {
    const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string; sub: string };
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ typ: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('encuestas')
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('rejects a token whose session has expired in the database with 401', async () => {
    const token = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { jti: string };
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, jti));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('rejects a token signed with another secret with 401', async () => {
    const forged = await new SignJWT({ typ: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('encuestas')
      .setSubject(String(t.demo!.adminId))
      .setJti('00000000-0000-4000-8000-000000000000')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('y'.repeat(40)));
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('rejects the token of a user disabled after logging in with 401', async () => {
    const user = await createAdminUser(t.db, { email: 'luego.baja@encuestas.mx', password: 'Temporal2026!', name: 'Luego' });
    const token = await t.login('luego.baja@encuestas.mx', 'Temporal2026!');
    expect((await me(token)).statusCode).toBe(200);
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, user.id));
    expect((await me(token)).statusCode).toBe(401);
  });
});
