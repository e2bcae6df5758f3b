/**
 * Throttling and enumeration (issue 7): admin login backoff per account and
 * per client address, respondent code limits per address that never keep the
 * person out, and audit entries for logins. The clock is a manual one, so
 * backoffs pass without sleeping.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STUDENT_PC_ID } from '../../src/db/seed/demo';
import { auditLog, mailOutbox, students, throttle } from '../../src/db/schema';
import { LOGIN_BLOCK_CAP_MS } from '../../src/features/auth/service';
import { CODE_MAILS_PER_MINUTE, CODE_REQUESTS_PER_ADDRESS, tooManyCodeMailsMessage, WRONG_CODES_PER_ADDRESS } from '../../src/features/respondents/login-codes';
import { createAdminUser } from '../../src/features/users/service';
import { Throttle, type ThrottlePolicy } from '../../src/http/throttle';
import { API, createTestApp, manualClock, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

const clock = manualClock(new Date('2026-03-02T16:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, clock });
});
afterAll(async () => {
  await t?.close();
});

const OWNER = '198.51.100.10';
const STRANGER = '203.0.113.66';
let addresses = 0;
/** An address no other test used, so its counter starts at zero. */
const freshAddress = () => `203.0.113.${++addresses}`;

const login = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: `${API}/admin/login`, payload: { email, password }, remoteAddress });
const post = (url: string, payload: object, remoteAddress: string) =>
  t.request({ method: 'POST', url: `${API}${url}`, payload, remoteAddress });

let users = 0;
/** A fresh back-office account, so each test starts with clean counters. */
async function newAccount(): Promise<{ email: string; password: string; id: number }> {
  users += 1;
  const email = `cuenta${users}@encuestas.mx`;
  const password = 'Girasol-Marea-2026';
  const user = await createAdminUser(t.db, { email, password, name: `Cuenta ${users}` });
  return { email, password, id: user.id };
}

describe(`admin login backoff (${driverName})`, () => {
  it('answers 429 with Retry-After and a Spanish message after five wrong passwords, and refuses the right one too until the wait is over', async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 5; i++) expect((await login(email, `mala-${i}`, STRANGER)).statusCode).toBe(401);

    const throttled = await login(email, 'mala-6', STRANGER);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('1');
    expect(throttled.json().error).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('Espera 1 segundo') });
    expect((await login(email, password, STRANGER)).statusCode).toBe(429);

    clock.advance(1000);
    expect((await login(email, password, STRANGER)).statusCode).toBe(200);
  });

  it('doubles the wait with each further failure, up to 15 minutes, and never longer', async () => {
    const { email, password } = await newAccount();
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) await login(email, 'mala', stranger);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const refused = await login(email, 'mala', stranger);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      clock.advance(wait * 1000);
      // A fresh address each time: the address's own budget is tested below.
      expect((await login(email, 'mala', freshAddress())).statusCode).toBe(401);
    }
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(Math.max(...waits)).toBe(LOGIN_BLOCK_CAP_MS / 1000);
    clock.advance(LOGIN_BLOCK_CAP_MS);
    expect((await login(email, password, stranger)).statusCode).toBe(200);
  });

  it('checks at most five of 300 simultaneous wrong passwords for one account', async () => {
    const { email } = await newAccount();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => login(email, `adivina-${i}`, `192.0.2.${(i % 200) + 1}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(295);
    clock.advance(LOGIN_BLOCK_CAP_MS);
  });

  it('lets the owner in from an address they logged in from while a stranger elsewhere keeps failing', async () => {
    const { email, password } = await newAccount();
    expect((await login(email, password, OWNER)).statusCode).toBe(200);
    for (let round = 0; round < 30; round++) {
      // The stranger fails as fast as the backoff lets them, for hours, from ever new addresses.
      const attempt = await login(email, 'mala', freshAddress());
      if (attempt.statusCode === 429) clock.advance(Number(attempt.headers['retry-after']) * 1000);
      expect((await login(email, password, OWNER)).statusCode).toBe(200);
    }
    let attempt;
    do attempt = await login(email, 'mala', freshAddress());
    while (attempt.statusCode !== 429);
    expect((await login(email, password, OWNER)).statusCode).toBe(200);
    // The owner's way in does not restart the stranger's backoff.
    expect((await login(email, 'mala', freshAddress())).statusCode).toBe(429);
    clock.advance(LOGIN_BLOCK_CAP_MS);
  });

  it('keeps an owner on a new address out no longer than the cap after the stranger stops', async () => {
    const { email, password } = await newAccount();
    for (let i = 0; i < 40; i++) {
      const attempt = await login(email, 'mala', freshAddress());
      if (attempt.statusCode === 429) clock.advance(Number(attempt.headers['retry-after']) * 1000);
    }
    await login(email, 'mala', freshAddress());
    const refused = await login(email, password, '198.51.100.99');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_BLOCK_CAP_MS / 1000);
    clock.advance(LOGIN_BLOCK_CAP_MS);
    expect((await login(email, password, '198.51.100.99')).statusCode).toBe(200);
  });

  it('limits failures from one address across e-mails, leaves other addresses alone, and a success there clears it', async () => {
    const address = '203.0.113.200';
    const { email, password } = await newAccount();
    for (let i = 0; i < 19; i++) expect((await login(`nadie${i}@encuestas.mx`, 'mala', address)).statusCode).toBe(401);
    expect((await login(email, password, address)).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) expect((await login(`otro${i}@encuestas.mx`, 'mala', address)).statusCode).toBe(401);
    const refused = await login(email, password, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect((await login(email, password, '203.0.113.201')).statusCode).toBe(200);
    clock.advance(1000);
  });

  it('answers an unknown e-mail exactly like a wrong password, throttling included', async () => {
    const { email } = await newAccount();
    const unknown = 'no-existe@encuestas.mx';
    const stranger = freshAddress();
    for (let i = 0; i < 5; i++) {
      const [a, b] = [await login(email, 'mala', stranger), await login(unknown, 'mala', stranger)];
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
    }
    const [a, b] = [await login(email, 'mala', stranger), await login(unknown, 'mala', stranger)];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(b.json()).toEqual(a.json());
    clock.advance(LOGIN_BLOCK_CAP_MS);
  });
});

describe(`audit of logins and logouts (${driverName})`, () => {
  it('records a login, a failed login (also for an unknown e-mail, without actor), a throttle and a logout', async () => {
    const { email, password, id } = await newAccount();
    await login('fantasma@encuestas.mx', 'mala', OWNER);
    for (let i = 0; i < 5; i++) await login(email, 'mala', OWNER);
    clock.advance(1000);
    const token = (await login(email, password, OWNER)).json().token;
    expect((await t.request({ method: 'POST', url: `${API}/admin/logout`, token, remoteAddress: OWNER })).statusCode).toBe(200);

    const mine = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))).orderBy(auditLog.id);
    expect(mine.map((e) => e.action)).toEqual([...Array(5).fill('login-failed'), 'login-throttled', 'login', 'logout']);
    expect(mine[0]).toMatchObject({ actorUserId: id, entity: 'user', details: { email, reason: 'wrong-password', address: OWNER } });
    expect(mine[6]).toMatchObject({ actorUserId: id, details: { address: OWNER } });
    expect(mine[7]).toMatchObject({ actorUserId: id });

    const [ghost] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login-failed'), sql`${auditLog.details}->>'email' = 'fantasma@encuestas.mx'`));
    expect(ghost).toMatchObject({ actorUserId: null, entityId: null, details: { reason: 'unknown-email' } });
  });
});

/** Puts an address's counter `short` hits short of its limit (one by default), so a test need not send thousands of requests. */
async function bringToTheLimit(policy: ThrottlePolicy, address: string, short = 1): Promise<void> {
  const keyHash = new Throttle(t.db, TEST_JWT_SECRET, clock).keyHash(policy.scope, address);
  const now = clock();
  const row = { scope: policy.scope, keyHash, hits: policy.allowed - short, windowStart: now, blockedUntil: null, forgetAt: new Date(now.getTime() + policy.windowMs) };
  await t.db.insert(throttle).values(row).onConflictDoUpdate({ target: [throttle.scope, throttle.keyHash], set: row });
}

async function lastCodeFor(email: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function studentEmail(pcId: string): Promise<string> {
  const [row] = await t.db.select({ email: students.email }).from(students).where(eq(students.pcId, pcId));
  return row!.email!;
}

/** Demo students not used by another test. */
async function freshStudents(n: number): Promise<string[]> {
  const rows = await t.db.select({ pcId: students.pcId }).from(students).where(sql`${students.email} is not null`).orderBy(students.id);
  const picked = rows.map((r) => r.pcId).filter((pc) => pc !== DEMO_STUDENT_PC_ID && !usedStudents.has(pc)).slice(0, n);
  for (const pc of picked) usedStudents.add(pc);
  if (picked.length < n) throw new Error('not enough demo students');
  return picked;
}
const usedStudents = new Set<string>();

describe(`respondent codes under strangers (${driverName})`, () => {
  it('keeps the latest e-mailed code working after a stranger exhausted the identity’s request limit', async () => {
    const [pcId] = await freshStudents(1);
    expect((await post('/respondents/code', { identifier: pcId }, OWNER)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await post('/respondents/code', { identifier: pcId }, STRANGER)).statusCode).toBe(201);
    const limited = await post('/respondents/code', { identifier: pcId }, STRANGER);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post('/respondents/code', { identifier: pcId }, OWNER)).statusCode).toBe(429);

    const code = await lastCodeFor(await studentEmail(pcId!));
    expect((await post('/respondents/code/validate', { identifier: pcId, code }, OWNER)).statusCode).toBe(200);
  });

  it('gives a stranger’s wrong guesses their own five tries, so the person who asked for the code still gets in', async () => {
    const [pcId] = await freshStudents(1);
    expect((await post('/respondents/code', { identifier: pcId }, OWNER)).statusCode).toBe(201);
    const code = await lastCodeFor(await studentEmail(pcId!));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await post('/respondents/code/validate', { identifier: pcId, code: wrong }, STRANGER)).statusCode).toBe(422);
    expect((await post('/respondents/code/validate', { identifier: pcId, code: wrong }, STRANGER)).statusCode).toBe(429);
    // The stranger's pool is spent: even the right code from there is refused.
    expect((await post('/respondents/code/validate', { identifier: pcId, code }, STRANGER)).statusCode).toBe(429);

    const typo = await post('/respondents/code/validate', { identifier: pcId, code: wrong }, OWNER);
    expect(typo.json().error.message).toContain('quedan 4 intentos');
    expect((await post('/respondents/code/validate', { identifier: pcId, code }, OWNER)).statusCode).toBe(200);
  });

  it('checks at most five of 400 simultaneous guesses from one address, and five from all others together', async () => {
    const [pcId] = await freshStudents(1);
    await post('/respondents/code', { identifier: pcId }, OWNER);
    const code = await lastCodeFor(await studentEmail(pcId!));
    const guesses = Array.from({ length: 400 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const fromOwner = await Promise.all(guesses.map((guess) => post('/respondents/code/validate', { identifier: pcId, code: guess }, OWNER)));
    expect(fromOwner.filter((r) => r.statusCode === 422)).toHaveLength(4);
    expect(fromOwner.filter((r) => r.statusCode === 429)).toHaveLength(396);
    const fromOthers = await Promise.all(
      guesses.map((guess, i) => post('/respondents/code/validate', { identifier: pcId, code: guess }, `192.0.2.${(i % 250) + 1}`)),
    );
    expect(fromOthers.filter((r) => r.statusCode === 422)).toHaveLength(4);
    expect(fromOthers.filter((r) => r.statusCode === 429)).toHaveLength(396);
    expect((await post('/respondents/code/validate', { identifier: pcId, code }, '192.0.2.251')).statusCode).toBe(429);
  });

  it('limits code requests per address at 3,000 per 15 minutes, leaving other addresses and the mailed code alone', async () => {
    const [person, other] = await freshStudents(2);
    const campus = '198.51.100.77';
    expect((await post('/respondents/code', { identifier: person }, campus)).statusCode).toBe(201);
    await bringToTheLimit(CODE_REQUESTS_PER_ADDRESS, campus);
    expect((await post('/respondents/code', { identifier: other }, campus)).statusCode).toBe(201);
    const refused = await post('/respondents/code', { identifier: other }, campus);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused.json().error.message).toContain('desde esta red');
    expect((await post('/respondents/code', { identifier: other }, '198.51.100.78')).statusCode).toBe(201);
    // The person's code, mailed before the limit was reached, still works from the limited address.
    const code = await lastCodeFor(await studentEmail(person!));
    expect((await post('/respondents/code/validate', { identifier: person, code }, campus)).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000);
    expect((await post('/respondents/code', { identifier: other }, campus)).statusCode).toBe(201);
  });

  it('limits wrong codes per address at 600 per 15 minutes', async () => {
    const [pcId] = await freshStudents(1);
    const address = '198.51.100.88';
    await post('/respondents/code', { identifier: pcId }, address);
    const code = await lastCodeFor(await studentEmail(pcId!));
    const wrong = code === '000000' ? '111111' : '000000';
    await bringToTheLimit(WRONG_CODES_PER_ADDRESS, address);
    expect((await post('/respondents/code/validate', { identifier: pcId, code: wrong }, address)).statusCode).toBe(422);
    const refused = await post('/respondents/code/validate', { identifier: pcId, code }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await post('/respondents/code/validate', { identifier: pcId, code }, '198.51.100.89')).statusCode).toBe(200);
  });

  it('mails at most 1,400 codes a minute overall, from any addresses: the next request mails nothing and says nothing of who exists', async () => {
    expect(CODE_MAILS_PER_MINUTE).toMatchObject({ allowed: 1400, windowMs: 60_000 });
    const people = await freshStudents(13);
    const emails = await Promise.all(people.map(studentEmail));
    const mails = async () => (await t.db.select({ to: mailOutbox.to }).from(mailOutbox)).length;
    const before = await mails();
    // Four mails left in this minute; 12 people ask at once, each from an address of their own.
    await bringToTheLimit(CODE_MAILS_PER_MINUTE, 'all', 4);
    const answers = await Promise.all(people.slice(0, 12).map((pcId, i) => post('/respondents/code', { identifier: pcId }, `192.0.2.${200 + i}`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8);
    expect(await mails()).toBe(before + 4);

    // Over the bound, someone in the directory and someone unknown get the same answer, and no mail goes.
    const known = await post('/respondents/code', { identifier: people[12] }, '192.0.2.230');
    const unknown = await post('/respondents/code', { identifier: '999999998' }, '192.0.2.231');
    for (const response of [...refused, known, unknown]) {
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(response.json().error.message).toBe(tooManyCodeMailsMessage(Number(response.headers['retry-after'])));
    }
    expect(await mails()).toBe(before + 4);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, emails[12]!))).toEqual([]);

    // A code mailed before the bound still works, and the next minute mails again.
    const mailedIndex = answers.findIndex((r) => r.statusCode === 201);
    const code = await lastCodeFor(emails[mailedIndex]!);
    expect((await post('/respondents/code/validate', { identifier: people[mailedIndex], code }, '192.0.2.240')).statusCode).toBe(200);
    clock.advance(60 * 1000);
    expect((await post('/respondents/code', { identifier: people[12] }, '192.0.2.230')).statusCode).toBe(201);
    expect(await mails()).toBe(before + 5);
  });

  it('stores neither client addresses nor identifiers in the throttle table', async () => {
    const rows = await t.db.select().from(throttle);
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    for (const value of [OWNER, STRANGER, '198.51.100.77', 'fantasma@encuestas.mx', ...usedStudents]) expect(text).not.toContain(value);
  });
});
