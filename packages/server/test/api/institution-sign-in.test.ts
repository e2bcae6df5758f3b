/**
 * Sign-in with the institution's account, end to end against a real OpenID
 * Connect provider (oidc-provider) started here: the platform's start route,
 * the provider's authorization and token endpoints over HTTP, the callback.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LOGIN_OFF_MESSAGE, PASSWORD_LOGIN_OFF_MESSAGE } from '@encuestas/core/api/institution-sign-in';
import { loadConfig, ConfigError } from '../../src/config';
import { DEMO_ADMIN, DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID } from '../../src/db/seed/demo';
import { adminUsers, auditLog, sessions, students, teachers } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, manualClock, type TestApp } from '../helpers/app';
import { startIdentityProvider, type ProviderAccount, type TestIdentityProvider } from '../helpers/identity-provider';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const CALLBACK = `${PUBLIC_URL}${API}/auth/institution/callback`;
const DOMAINS = 'encuestas.mx,alumnos.encuestas.mx,docentes.encuestas.mx';

function providerEnv(idp: TestIdentityProvider, extra: Record<string, string> = {}) {
  return { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, ...extra };
}

interface StartOptions {
  audience: 'admins' | 'respondents';
  keepSession?: boolean;
  next?: string;
  /** Changes the authorization URL on its way to the provider (an attacker's edit). */
  tamper?: (url: URL) => void;
}

/** A browser going through the round trip as `account`: the platform's redirect back, and the cookie it holds. */
async function goToProvider(t: TestApp, idp: TestIdentityProvider, account: ProviderAccount, options: StartOptions) {
  idp.signInAs(account);
  const query = new URLSearchParams({ audience: options.audience });
  if (options.keepSession) query.set('keepSession', 'true');
  if (options.next) query.set('next', options.next);
  const start = await t.request({ method: 'GET', url: `${API}/auth/institution/start?${query}` });
  expect(start.statusCode).toBe(302);
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly; SameSite=Lax/);
  const cookie = setCookie.split(';')[0]!;
  const authorization = new URL(String(start.headers.location));
  expect(authorization.href.startsWith(idp.issuer)).toBe(true);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  options.tamper?.(authorization);
  const back = await idp.authorize(authorization.href);
  return { back, cookie };
}

/** The callback as the browser calls it; the page it is sent to next. */
async function callback(t: TestApp, back: URL, cookie: string | undefined) {
  const response = await t.request({ method: 'GET', url: back.pathname + back.search, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(302);
  expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
  const page = new URL(String(response.headers.location));
  return { page, fragment: new URLSearchParams(page.hash.slice(1)), error: page.searchParams.get('acceso') };
}

async function signIn(t: TestApp, idp: TestIdentityProvider, account: ProviderAccount, options: StartOptions) {
  const { back, cookie } = await goToProvider(t, idp, account, options);
  return callback(t, back, cookie);
}

const sessionCount = async (t: TestApp) => (await t.db.select({ n: count() }).from(sessions))[0]!.n;

async function failures(t: TestApp, email: string) {
  const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'institution-sign-in-failed'));
  return rows.filter((row) => (row.details as { email?: string }).email === email).map((row) => row.details as Record<string, unknown>);
}

describe('with admins and respondents, the e-mailed code off for respondents', () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  const clock = manualClock();
  let studentEmail: string;
  let teacherEmail: string;

  beforeAll(async () => {
    idp = await startIdentityProvider(CALLBACK);
    t = await createTestApp({
      demo: true,
      clock,
      env: providerEnv(idp, { OIDC_EMAIL_DOMAINS: `${DOMAINS},gmail.com`, OIDC_ONLY: 'respondents', PUBLIC_URL }),
    });
    const [student] = await t.db.select().from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    const [teacher] = await t.db.select().from(teachers).where(eq(teachers.pcId, DEMO_TEACHER_PC_ID));
    studentEmail = student!.email!;
    teacherEmail = teacher!.email!;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('signs a back-office user in with the same session as a password, which logout revokes', async () => {
    const { page, fragment, error } = await signIn(t, idp, { email: 'Admin@Encuestas.mx', email_verified: true }, { audience: 'admins' });
    expect(error).toBeNull();
    expect(page.pathname).toBe('/encuestas/admin-login');
    const token = fragment.get('sesion')!;
    const me = await t.request({ method: 'GET', url: `${API}/admin/me`, token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(DEMO_ADMIN.email);
    const logins = await t.db.select().from(auditLog).where(eq(auditLog.action, 'login'));
    expect(logins.at(-1)?.details).toMatchObject({ method: 'institution' });

    expect((await t.request({ method: 'POST', url: `${API}/admin/logout`, token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token })).statusCode).toBe(401);
  });

  it('signs a student in, kept to the end of the day when asked, and returns to the page they were going to', async () => {
    const { page, fragment, error } = await signIn(t, idp, { email: studentEmail, email_verified: true }, {
      audience: 'respondents',
      keepSession: true,
      next: '/evaluated-list',
    });
    expect(error).toBeNull();
    expect(page.pathname).toBe('/encuestas/login');
    expect(fragment.get('conservar')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(fragment.get('next')).toBe('/evaluated-list');
    const me = await t.request({ method: 'GET', url: `${API}/respondents/me`, token: fragment.get('sesion')! });
    expect(me.statusCode).toBe(200);
    expect(me.json().respondent).toMatchObject({ type: 'student', pc_id: DEMO_STUDENT_PC_ID });
  });

  it('signs a teacher in for the usual session, and drops a return page outside the respondent pages', async () => {
    const { fragment } = await signIn(t, idp, { email: teacherEmail, email_verified: true }, { audience: 'respondents', next: 'https://evil.example/' });
    expect(fragment.get('conservar')).toBeNull();
    expect(fragment.get('next')).toBeNull();
    const me = await t.request({ method: 'GET', url: `${API}/respondents/me`, token: fragment.get('sesion')! });
    expect(me.json().respondent).toMatchObject({ type: 'teacher', pc_id: DEMO_TEACHER_PC_ID });
  });

  it('refuses the wrong audience: a back-office e-mail is no respondent, a student no back-office user', async () => {
    const asRespondent = await signIn(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'respondents' });
    expect(asRespondent.error).toBe('unknown-account');
    expect(asRespondent.page.pathname).toBe('/encuestas/login');
    const asAdmin = await signIn(t, idp, { email: studentEmail, email_verified: true }, { audience: 'admins' });
    expect(asAdmin.error).toBe('unknown-account');
    expect(asAdmin.page.pathname).toBe('/encuestas/admin-login');
    expect(await failures(t, studentEmail)).toEqual([expect.objectContaining({ audience: 'admins', reason: 'unknown-account' })]);
  });

  it('refuses an unknown e-mail with an audit entry, and creates nobody', async () => {
    const before = (await t.db.select({ n: count() }).from(adminUsers))[0]!.n;
    const { error, fragment } = await signIn(t, idp, { email: 'nadie@encuestas.mx', email_verified: true }, { audience: 'admins' });
    expect(error).toBe('unknown-account');
    expect(fragment.get('sesion')).toBeNull();
    expect((await t.db.select({ n: count() }).from(adminUsers))[0]!.n).toBe(before);
    expect(await failures(t, 'nadie@encuestas.mx')).toEqual([
      expect.objectContaining({ audience: 'admins', reason: 'unknown-account', address: expect.any(String) }),
    ]);
    // A respondent's refusal keeps no client address, as for codes.
    await signIn(t, idp, { email: 'nadie.alumno@alumnos.encuestas.mx', email_verified: true }, { audience: 'respondents' });
    const [respondentFailure] = await failures(t, 'nadie.alumno@alumnos.encuestas.mx');
    expect(respondentFailure).toMatchObject({ audience: 'respondents', reason: 'unknown-account' });
    expect(respondentFailure).not.toHaveProperty('address');
  });

  it('refuses a disabled back-office user with an audit entry naming them', async () => {
    const user = await createAdminUser(t.db, { email: 'baja@encuestas.mx', password: 'Otra-Clave-2026!', name: 'Baja', permissionNames: [] });
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, user.id));
    const before = await sessionCount(t);
    const { error } = await signIn(t, idp, { email: 'baja@encuestas.mx', email_verified: true }, { audience: 'admins' });
    expect(error).toBe('disabled');
    expect(await sessionCount(t)).toBe(before);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'institution-sign-in-failed'), eq(auditLog.actorUserId, user.id)));
    expect(entries.map((entry) => entry.details)).toEqual([expect.objectContaining({ reason: 'disabled' })]);
  });

  it('refuses an e-mail outside the allowed domains, even of an existing user', async () => {
    await createAdminUser(t.db, { email: 'externa@otra-escuela.mx', password: 'Otra-Clave-2026!', name: 'Externa', permissionNames: [] });
    const { error } = await signIn(t, idp, { email: 'externa@otra-escuela.mx', email_verified: true }, { audience: 'admins' });
    expect(error).toBe('outside-domains');
    expect(await failures(t, 'externa@otra-escuela.mx')).toEqual([expect.objectContaining({ reason: 'outside-domains' })]);
  });

  it('refuses an e-mail the provider does not vouch for, or none', async () => {
    expect((await signIn(t, idp, { email: DEMO_ADMIN.email, email_verified: false }, { audience: 'admins' })).error).toBe('unverified-email');
    expect((await signIn(t, idp, { name: 'Sin correo' }, { audience: 'admins' })).error).toBe('unverified-email');
  });

  it('refuses a replayed callback, a callback without its cookie, and another round trip’s cookie', async () => {
    const { back, cookie } = await goToProvider(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'admins' });
    expect((await callback(t, back, cookie)).error).toBeNull();
    const before = await sessionCount(t);
    const replay = await callback(t, back, cookie);
    expect(replay.error).toBe('expired');
    expect(replay.fragment.get('sesion')).toBeNull();

    const second = await goToProvider(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'admins' });
    expect((await callback(t, second.back, undefined)).error).toBe('expired');
    const third = await goToProvider(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'admins' });
    expect((await callback(t, third.back, cookie)).error).toBe('expired');
    expect(await sessionCount(t)).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one the round trip sent', async () => {
    const before = await sessionCount(t);
    const { error } = await signIn(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, {
      audience: 'admins',
      tamper: (url) => url.searchParams.set('nonce', 'a-nonce-of-the-attacker'),
    });
    expect(error).toBe('provider');
    expect(await sessionCount(t)).toBe(before);
  });

  it('turns the e-mailed code off for respondents only (OIDC_ONLY=respondents)', async () => {
    const code = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: DEMO_STUDENT_PC_ID } });
    expect(code.statusCode).toBe(403);
    expect(code.json().error.message).toBe(CODE_LOGIN_OFF_MESSAGE);
    const validate = await t.request({ method: 'POST', url: `${API}/respondents/code/validate`, payload: { identifier: DEMO_STUDENT_PC_ID, code: '123456' } });
    expect(validate.statusCode).toBe(403);
    expect(await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password)).toEqual(expect.any(String));
  });

  it('refuses a round trip that took longer than 10 minutes', async () => {
    const { back, cookie } = await goToProvider(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'admins' });
    clock.advance(11 * 60 * 1000);
    const { error, fragment } = await callback(t, back, cookie);
    expect(error).toBe('expired');
    expect(fragment.get('sesion')).toBeNull();
  });
});

describe('with admins only, the password off', () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startIdentityProvider(CALLBACK);
    t = await createTestApp({ demo: true, env: providerEnv(idp, { OIDC_AUDIENCES: 'admins', OIDC_ONLY: 'admins', PUBLIC_URL }) });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('does not offer the provider to respondents, whose code still works', async () => {
    const start = await t.request({ method: 'GET', url: `${API}/auth/institution/start?audience=respondents` });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${PUBLIC_URL}/encuestas/login?acceso=not-offered`);
    const code = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: DEMO_STUDENT_PC_ID } });
    expect(code.statusCode).toBe(201);
  });

  it('refuses the password and its reset, and lets the administrator in through the provider', async () => {
    const login = await t.request({ method: 'POST', url: `${API}/admin/login`, payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe(PASSWORD_LOGIN_OFF_MESSAGE);
    const reset = await t.request({ method: 'POST', url: `${API}/admin/send-reset-email`, payload: { email: DEMO_ADMIN.email } });
    expect(reset.statusCode).toBe(403);
    const { fragment } = await signIn(t, idp, { email: DEMO_ADMIN.email, email_verified: true }, { audience: 'admins' });
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: fragment.get('sesion')! })).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/unused', JWT_SECRET: 'x'.repeat(40), HELD_ANSWERS_KEY: Buffer.alloc(32, 7).toString('base64') };
  it('refuses turning a fallback off without the provider, or for an audience it does not serve', () => {
    expect(() => loadConfig({ ...base, OIDC_ONLY: 'respondents' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_AUDIENCES: 'admins', OIDC_ONLY: 'respondents' }),
    ).toThrow(/OIDC_ONLY/);
  });
  it('refuses a provider without its client, over plain http elsewhere than this machine, or an unknown audience', () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://idp.example' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'http://idp.example', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(/https/);
    expect(() => loadConfig({ ...base, OIDC_AUDIENCES: 'admins,alumnos' })).toThrow(/admins, respondents/);
  });
});
