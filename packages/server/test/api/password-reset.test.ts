import { createServer, type Socket } from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/db/seed/demo';
import { adminUsers, auditLog, mailOutbox, passwordResetTokens } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { findResetLink, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { waitUntil } from '../helpers/timeouts';

const sendResetEmail = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: `${API}/admin/send-reset-email`, payload: { email } });
const resetPassword = (t: TestApp, payload: Record<string, string>) =>
  t.request({ method: 'POST', url: `${API}/admin/reset-forgot-password`, payload });
const login = (t: TestApp, email: string, password: string) =>
  t.request({ method: 'POST', url: `${API}/admin/login`, payload: { email, password } });

/** The outbox, newest first, once it holds `count` mails (reset mails are written after the answer). */
function waitForOutbox(t: TestApp, count: number) {
  return waitUntil(`${count} mails in the outbox`, async () => {
    const rows = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    return rows.length >= count && rows;
  });
}

/** Waits until `count` reset requests with this outcome were audited. */
function waitForAudit(t: TestApp, outcome: string, count: number) {
  return waitUntil(`${count} reset requests audited as ${outcome}`, async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'password-reset-requested'), sql`${auditLog.details}->>'outcome' = ${outcome}`));
    return rows.length >= count && rows;
  });
}

function linkParts(link: string): { token: string; email: string } {
  const url = new URL(link);
  return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

describe(`password reset through real SMTP (${driverName})`, () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({
      demo: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://encuestas.example.edu', MAIL_FROM: 'Encuestas <no-reply@example.edu>' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('answers identically for an existing and an unknown e-mail', async () => {
    const existing = await sendResetEmail(t, DEMO_ADMIN.email);
    const unknown = await sendResetEmail(t, 'nadie@encuestas.mx');
    expect(existing.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(existing.statusCode);
    expect(unknown.json()).toEqual(existing.json());
    expect(existing.json()).toEqual({ message: expect.any(String) });
  });

  it('mails a link with the token and e-mail to an existing account, and nothing for an unknown one', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(DEMO_ADMIN.email));
    expect(mail.from).toBe('no-reply@example.edu');
    expect(mail.subject).toContain('Restablece tu contraseña');
    const link = findResetLink(mail.text);
    expect(link).toBeDefined();
    expect(link!.startsWith('https://encuestas.example.edu/encuestas/admin-new-password?')).toBe(true);
    const { token, email } = linkParts(link!);
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(email).toBe(DEMO_ADMIN.email);
    expect(smtp.messages.some((m) => m.to.includes('nadie@encuestas.mx'))).toBe(false);
  });

  it('stores only a hash of the token, never the token itself', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(DEMO_ADMIN.email));
    const { token } = linkParts(findResetLink(mail.text)!);
    const rows = await t.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('sets the new password with the mailed token: the old one stops working, the new one works, sessions are revoked', async () => {
    const oldSession = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const mail = await smtp.waitFor((m) => m.to.includes(DEMO_ADMIN.email));
    const { token, email } = linkParts(findResetLink(mail.text)!);

    const response = await resetPassword(t, {
      token,
      email,
      password: 'NuevaClave2026!',
      password_confirmation: 'NuevaClave2026!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Contraseña actualizada correctamente' });

    expect((await login(t, DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(401);
    expect((await login(t, DEMO_ADMIN.email, 'NuevaClave2026!')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: oldSession })).statusCode).toBe(401);

    // The token cannot be used a second time.
    const again = await resetPassword(t, { token, email, password: 'OtraClave2026!', password_confirmation: 'OtraClave2026!' });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('INVALID_RESET_TOKEN');
    expect((await login(t, DEMO_ADMIN.email, 'NuevaClave2026!')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of the same token win', async () => {
    await createAdminUser(t.db, { email: 'carrera@encuestas.mx', password: 'Carrera2026!', name: 'Carrera' });
    await sendResetEmail(t, 'carrera@encuestas.mx');
    const { token, email } = linkParts(findResetLink((await smtp.waitFor((m) => m.to.includes('carrera@encuestas.mx'))).text)!);
    const attempt = (password: string) => resetPassword(t, { token, email, password, password_confirmation: password });
    const results = await Promise.all([attempt('Primavera-Cobalto-1'), attempt('Segundo-Faro-Lunar-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('sends nothing to a disabled account but still answers the same', async () => {
    const user = await createAdminUser(t.db, { email: 'inactiva@encuestas.mx', password: 'Inactiva2026!', name: 'Inactiva' });
    await t.db.update(adminUsers).set({ avalible: false }).where(eq(adminUsers.id, user.id));
    const response = await sendResetEmail(t, 'inactiva@encuestas.mx');
    const unknown = await sendResetEmail(t, 'nadie2@encuestas.mx');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(unknown.json());
    // The request's work ends with this audit entry; a mail would come after a 'sent' one.
    await waitForAudit(t, 'disabled', 1);
    expect(smtp.messages.some((m) => m.to.includes('inactiva@encuestas.mx'))).toBe(false);
  });

  it('rejects a malformed e-mail with 422 naming the field', async () => {
    const response = await sendResetEmail(t, 'no-es-correo');
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toHaveProperty('email');
  });
});

describe(`password reset with the mail outbox (no SMTP_URL) (${driverName})`, () => {
  let t: TestApp;
  const user = { email: 'olvidadiza@encuestas.mx', password: 'Original2026!', name: 'Olvidadiza' };

  beforeAll(async () => {
    t = await createTestApp();
    await createAdminUser(t.db, user);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function requestToken(email = user.email): Promise<{ token: string; email: string }> {
    const before = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect((await sendResetEmail(t, email)).statusCode).toBe(200);
    // The mail is written after the answer has left.
    const rows = await waitForOutbox(t, before.length + 1);
    expect(rows[0]!.to).toBe(email);
    return linkParts(findResetLink(rows[0]!.text)!);
  }

  it('keeps the mail in the outbox with a link carrying token and e-mail', async () => {
    const { token, email } = await requestToken();
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(email).toBe(user.email);
  });

  it('rejects an expired token with 422 INVALID_RESET_TOKEN and keeps the old password', async () => {
    const { token, email } = await requestToken();
    await t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await resetPassword(t, { token, email, password: 'Caducada2026!', password_confirmation: 'Caducada2026!' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('INVALID_RESET_TOKEN');
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('rejects a mismatched confirmation with 422 on the field password_confirmation', async () => {
    const { token, email } = await requestToken();
    const response = await resetPassword(t, { token, email, password: 'NuevaClave2026!', password_confirmation: 'Distinta2026!' });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: { code: string; fields: Record<string, string[]> } }>();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(['password_confirmation']);
    // The token was not spent by the failed attempt.
    const ok = await resetPassword(t, { token, email, password: 'NuevaClave2026!', password_confirmation: 'NuevaClave2026!' });
    expect(ok.statusCode).toBe(200);
    user.password = 'NuevaClave2026!';
  });

  it('rejects a token used with another e-mail, and an invented token, with 422 INVALID_RESET_TOKEN', async () => {
    const { token } = await requestToken();
    const otherEmail = await resetPassword(t, {
      token,
      email: DEMO_ADMIN.email,
      password: 'Intrusa2026!',
      password_confirmation: 'Intrusa2026!',
    });
    expect(otherEmail.statusCode).toBe(422);
    expect(otherEmail.json().error.code).toBe('INVALID_RESET_TOKEN');
    const invented = await resetPassword(t, {
      token: 'inventado-0123456789abcdef',
      email: user.email,
      password: 'Intrusa2026!',
      password_confirmation: 'Intrusa2026!',
    });
    expect(invented.statusCode).toBe(422);
    expect(invented.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('rejects a new password shorter than eight characters with 422 on the field password', async () => {
    const response = await resetPassword(t, { token: 'x', email: user.email, password: 'corta', password_confirmation: 'corta' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields).toHaveProperty('password');
  });

  it('refuses a guessable new password with 422 on password and a Spanish reason, without spending the link', async () => {
    await createAdminUser(t.db, { email: 'debil@encuestas.mx', password: 'Debil-Castor-2026', name: 'Débil' });
    const { token, email } = await requestToken('debil@encuestas.mx');
    for (const weak of ['password123', 'debil2026!', 'Qwerty2026']) {
      const response = await resetPassword(t, { token, email, password: weak, password_confirmation: weak });
      expect(response.statusCode, weak).toBe(422);
      const [reason] = response.json().error.fields.password;
      expect(reason).toMatch(/[áéíóúñ]|contraseña/i);
    }
    const ok = await resetPassword(t, { token, email, password: 'Brújula-Nogal-Viento', password_confirmation: 'Brújula-Nogal-Viento' });
    expect(ok.statusCode).toBe(200);
  });

  it('spends every older unused link when one link is used, and audits the request and the reset', async () => {
    const other = { email: 'rastro@encuestas.mx', password: 'Rastro-Liebre-2026', name: 'Rastro' };
    await createAdminUser(t.db, other);
    const older = await requestToken(other.email);
    const newer = await requestToken(other.email);
    const used = await resetPassword(t, { ...newer, password: 'Cometa-Ámbar-Sauce', password_confirmation: 'Cometa-Ámbar-Sauce' });
    expect(used.statusCode).toBe(200);
    const stale = await resetPassword(t, { ...older, password: 'Intrusa-Vieja-2026', password_confirmation: 'Intrusa-Vieja-2026' });
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.code).toBe('INVALID_RESET_TOKEN');
    expect((await login(t, other.email, 'Cometa-Ámbar-Sauce')).statusCode).toBe(200);

    const [account] = await t.db.select().from(adminUsers).where(eq(adminUsers.email, other.email));
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(account!.id))).orderBy(auditLog.id);
    expect(entries.filter((e) => e.action === 'password-reset-requested').length).toBeGreaterThanOrEqual(2);
    expect(entries.filter((e) => e.action === 'password-reset')).toContainEqual(
      expect.objectContaining({ actorUserId: account!.id, entity: 'user' }),
    );
    await sendResetEmail(t, 'desconocida@encuestas.mx');
    const [unknown] = await waitForAudit(t, 'unknown-email', 1);
    expect(unknown).toMatchObject({ actorUserId: null, entityId: null, details: { email: 'desconocida@encuestas.mx' } });
  });

  it('stops mailing one account after five requests in an hour but answers the same, also when the requests come at once', async () => {
    const sentBefore = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(sentBefore.length).toBeLessThan(5);
    // At once: each request's mail is prepared after its answer, so they overlap and must still count as one queue.
    const answers = await Promise.all(Array.from({ length: 7 - sentBefore.length }, () => sendResetEmail(t, user.email)));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    await waitForAudit(t, 'hourly-limit', 2);
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(sent).toHaveLength(5);
  });
});

describe(`reset e-mail answered before any lookup (${driverName})`, () => {
  // A mail server that accepts connections and never greets: sending a mail hangs.
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    await createAdminUser(t.db, { email: 'existe@encuestas.mx', password: 'Existe-Lince-2026', name: 'Existe' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t?.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers an existing and an unknown e-mail alike while the mail for the existing one cannot even start', async () => {
    const existing = await sendResetEmail(t, 'existe@encuestas.mx');
    const unknown = await sendResetEmail(t, 'no-existe@encuestas.mx');
    expect(existing.statusCode).toBe(200);
    expect(unknown.json()).toEqual(existing.json());
    // The work went on after the answer: the link was stored and the mail server was reached.
    await waitForAudit(t, 'sent', 1);
    await waitUntil('a connection to the mail server', async () => sockets.length > 0);
    expect(sockets.length).toBeGreaterThan(0);
  });

  it('limits reset requests to 30 an hour per client address, whatever the e-mail', async () => {
    const from = (i: number) =>
      t.request({ method: 'POST', url: `${API}/admin/send-reset-email`, payload: { email: `nadie${i}@encuestas.mx` }, remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 30; i++) expect((await from(i)).statusCode).toBe(200);
    const refused = await from(30);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await t.request({ method: 'POST', url: `${API}/admin/send-reset-email`, payload: { email: 'x@encuestas.mx' }, remoteAddress: '203.0.113.10' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
