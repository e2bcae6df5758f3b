/**
 * The pruner: expired and revoked sessions, spent login codes and reset
 * links, and old outbox mail disappear; whatever is still usable or still
 * counts toward a rate limit stays.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { backgroundRuns, mailOutbox, passwordResetTokens, reminderSends, respondentLoginCodes, sessions } from '../../src/db/schema';
import type { Database } from '../../src/db/client';
import { pruneExpired, PRUNE_INTERVAL_MINUTES } from '../../src/features/maintenance/prune';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin } from '../helpers/factories';
import { platformFixture } from '../helpers/platform';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe(`pruning side tables (${driverName})`, () => {
  it('deletes expired and revoked sessions; a live session keeps working', async () => {
    const live = await t.login(admin.email, admin.password);
    const loggedOut = await t.login(admin.email, admin.password);
    expect((await t.request({ method: 'POST', url: `${API}/admin/logout`, token: loggedOut })).statusCode).toBe(200);
    const expiredId = randomUUID();
    await t.db.insert(sessions).values({ id: expiredId, subjectType: 'student', subjectId: 1, expiresAt: minutes(-1) });
    const before = await t.db.select().from(sessions);

    const deleted = await pruneExpired(t.db);

    const after = await t.db.select().from(sessions);
    expect(deleted.session).toBe(before.length - after.length);
    expect(after.every((row) => row.revokedAt === null && row.expiresAt > new Date())).toBe(true);
    expect(after.some((row) => row.id === expiredId)).toBe(false);
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: live })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${API}/admin/me`, token: loggedOut })).statusCode).toBe(401);
  });

  it('deletes login codes only once spent or expired and outside the request-limit window', async () => {
    const rows = {
      oldConsumed: { identifier: '900000001', consumedAt: minutes(-30), expiresAt: minutes(-20), createdAt: minutes(-30) },
      oldExpired: { identifier: '900000002', codeHash: 'a', expiresAt: minutes(-20), createdAt: minutes(-30) },
      unknownIdentifierRecent: { identifier: '900000003', consumedAt: minutes(-5), expiresAt: minutes(5), createdAt: minutes(-5) },
      pending: { identifier: '900000004', codeHash: 'b', expiresAt: minutes(8), createdAt: minutes(-2) },
    };
    for (const values of Object.values(rows)) await t.db.insert(respondentLoginCodes).values(values);

    await pruneExpired(t.db);

    const left = (await t.db.select({ identifier: respondentLoginCodes.identifier }).from(respondentLoginCodes)).map((r) => r.identifier);
    expect(left).not.toContain('900000001');
    expect(left).not.toContain('900000002');
    // Still counted toward "5 codes per 15 minutes", and still usable.
    expect(left).toEqual(expect.arrayContaining(['900000003', '900000004']));
  });

  it('deletes used or expired reset links after the hourly limit window, and outbox mail after a day', async () => {
    const userId = admin.id;
    await t.db.insert(passwordResetTokens).values([
      { userId, tokenHash: 'used-long-ago', usedAt: minutes(-100), expiresAt: minutes(-50), createdAt: minutes(-110) },
      { userId, tokenHash: 'expired-long-ago', expiresAt: minutes(-50), createdAt: minutes(-110) },
      { userId, tokenHash: 'used-just-now', usedAt: minutes(-1), expiresAt: minutes(50), createdAt: minutes(-10) },
      { userId, tokenHash: 'still-valid', expiresAt: minutes(50), createdAt: minutes(-10) },
    ]);
    await t.db.insert(mailOutbox).values([
      { to: 'viejo@encuestas.mx', subject: 'viejo', text: '-', createdAt: minutes(-25 * 60) },
      { to: 'nuevo@encuestas.mx', subject: 'nuevo', text: '-', createdAt: minutes(-60) },
    ]);

    const deleted = await pruneExpired(t.db);

    const tokens = (await t.db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.tokenHash);
    expect(tokens.sort()).toEqual(['still-valid', 'used-just-now']);
    const mail = (await t.db.select({ to: mailOutbox.to }).from(mailOutbox)).map((r) => r.to);
    expect(mail).toContain('nuevo@encuestas.mx');
    expect(mail).not.toContain('viejo@encuestas.mx');
    expect(deleted).toMatchObject({ password_reset_token: 2, mail_outbox: 1 });
  });

  it('forgets reminder claims of earlier days and keeps today’s (the once-a-day rule needs no more)', async () => {
    const today = mexicoCityDay();
    await t.db.insert(reminderSends).values([
      { keyHash: 'ayer', sentOn: addDays(today, -1) },
      { keyHash: 'hoy', sentOn: today },
    ]);
    const deleted = await pruneExpired(t.db);
    expect(deleted.reminder_send).toBe(1);
    expect((await t.db.select({ keyHash: reminderSends.keyHash }).from(reminderSends)).map((r) => r.keyHash)).toEqual(['hoy']);
  });

  it('finds nothing more to delete on a second run', async () => {
    expect(Object.values(await pruneExpired(t.db)).every((n) => n === 0)).toBe(true);
  });
});

describe(`the server prunes by itself (${driverName})`, () => {
  it('prunes at start, once per interval however many starts (or processes) ask, and records each run', async () => {
    const fixture = await platformFixture();
    const pruneRun = async (db: Database) => (await db.select().from(backgroundRuns).where(eq(backgroundRuns.name, 'prune')))[0];
    const sessionLeft = async (db: Database, id: string) => (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, id))).length;
    try {
      await fixture.start(); // takes this interval's run
      const second = await fixture.start(); // closing the first waited for its run; this one finds it taken
      const expiredId = randomUUID();
      await second.database.db.insert(sessions).values({ id: expiredId, subjectType: 'staff', subjectId: 1, expiresAt: minutes(-1) });
      const third = await fixture.start(); // closing the second waited for whatever it did
      const once = await pruneRun(third.database.db);
      expect(once).toMatchObject({ runs: 1, lastError: null });
      expect(once?.finishedAt).toBeInstanceOf(Date);
      expect(Object.keys(once?.outcome as object)).toContain('session');
      expect(await sessionLeft(third.database.db, expiredId)).toBe(1);

      // The interval has passed: the next start takes the next run, which deletes the row.
      await third.database.db.update(backgroundRuns).set({ startedAt: minutes(-PRUNE_INTERVAL_MINUTES - 1) }).where(eq(backgroundRuns.name, 'prune'));
      await fixture.start();
      const fifth = await fixture.start(); // closing the fourth waited for its run
      expect(await sessionLeft(fifth.database.db, expiredId)).toBe(0);
      expect(await pruneRun(fifth.database.db)).toMatchObject({ runs: 2, outcome: expect.objectContaining({ session: 1 }) });
    } finally {
      await fixture.close();
    }
  });
});
