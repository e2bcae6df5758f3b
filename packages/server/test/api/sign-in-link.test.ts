/**
 * Entry from the single-use sign-in link e-mailed beside the code, and
 * 'Mantener la sesión en este dispositivo', chosen where the code or link is
 * used. Log lines are read from the real pino output of the real app.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_TOKEN_MESSAGE } from '@encuestas/core/api/respondents';
import { mailOutbox, respondentLoginCodes, sessions } from '../../src/db/schema';
import { CODE_EXPIRED_MESSAGE, endOfBusinessDay, LINK_EXPIRED_MESSAGE } from '../../src/features/respondents/login-codes';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createCampusWithRespondents, createStudent } from '../helpers/factories';

/** A log stream that keeps every line. */
function captureLog() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    clear: () => void lines.splice(0),
  };
}

const log = captureLog();
let t: TestApp;
/** The PowerCampus ids of one student, one teacher and one staff member, and more students for tests that need a fresh identity each (codes are limited per identity). */
const people = { student: '', teacher: '', staff: '', others: [] as string[] };
beforeAll(async () => {
  // Outside the demo mode the mailer does not print mails, as in production.
  t = await createTestApp({ env: { LOG_LEVEL: 'info', SEED_DEMO: 'false' }, logStream: log.stream });
  const campus = await createCampusWithRespondents(t.db);
  Object.assign(people, { student: campus.student.pcId, teacher: campus.teacher.pcId, staff: campus.staff.pcId });
  for (let i = 0; i < 9; i++) people.others.push((await createStudent(t.db, campus)).pcId);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => log.clear());

const post = (url: string, payload: object) => t.request({ method: 'POST', url: `${API}${url}`, payload });

/** Asks for a code and reads the code and the link from the e-mail, as the respondent would. */
async function mailFor(identifier: string, next?: string, extra: object = {}) {
  const response = await post('/respondents/code', { identifier, ...(next === undefined ? {} : { next }), ...extra });
  expect(response.statusCode, response.body).toBe(201);
  const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  const text = mail?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/login\/enlace#\S+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`no code or link in: ${text}`);
  const url = new URL(link);
  const [token = '', rest = ''] = url.hash.slice(1).split(/&(.*)/s);
  return { code, link, url, token, next: new URLSearchParams(rest).get('next') };
}

describe(`sign-in link (${driverName})`, () => {
  it('signs in once from the link in the e-mail; a second use is refused in Spanish', async () => {
    const { url, token } = await mailFor(people.student);
    expect(url.pathname).toBe('/encuestas/login/enlace');
    expect(url.search).toBe('');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const first = await post('/respondents/link/validate', { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ respondentType: 'student', keepSession: false, student: { pc_id: people.student } });
    const me = await t.request({ method: 'GET', url: `${API}/respondents/me`, token: first.json().token });
    expect(me.json().respondent.pc_id).toBe(people.student);

    const second = await post('/respondents/link/validate', { token });
    expect(second.statusCode).toBe(422);
    expect(second.json().error).toMatchObject({ message: LINK_EXPIRED_MESSAGE, fields: { token: [LINK_EXPIRED_MESSAGE] } });
  });

  it('carries the respondent page the sign-in started from in the fragment, and drops a hostile one', async () => {
    const wanted = await mailFor(people.others[0]!, '/alumnos/evaluacionDocente/1?activeId=3');
    expect(wanted.url.search).toBe('');
    expect(wanted.next).toBe('/alumnos/evaluacionDocente/1?activeId=3');
    const signedIn = await post('/respondents/link/validate', { token: wanted.token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const hostiles = ['//evil.example/buzon', 'https://evil.example', '/admin/users', '/%2F%2Fevil.example', '/buzon/../../admin', 42, `/buzon?${'a'.repeat(300)}`];
    for (const [i, hostile] of hostiles.entries()) {
      // One student each: codes are limited per identity.
      const mail = await mailFor(people.others[1 + i]!, hostile as string);
      expect(mail.next, String(hostile)).toBeNull();
      expect(mail.link).not.toMatch(/evil|aaaa/);
      expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('refuses an expired link, a made-up one and a malformed one', async () => {
    const { token } = await mailFor(people.teacher);
    await t.db
      .update(respondentLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(respondentLoginCodes.identifier, people.teacher));
    const expired = await post('/respondents/link/validate', { token });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe(LINK_EXPIRED_MESSAGE);

    const madeUp = await post('/respondents/link/validate', { token: 'A'.repeat(43) });
    expect(madeUp.json().error.message).toBe(LINK_EXPIRED_MESSAGE);
    const malformed = await post('/respondents/link/validate', { token: 'abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.fields.token).toEqual([LINK_TOKEN_MESSAGE]);
  });

  it('lets the code and the link be used only once between them, whichever comes first', async () => {
    const codeFirst = await mailFor(people.staff);
    expect((await post('/respondents/code/validate', { identifier: people.staff, code: codeFirst.code })).statusCode).toBe(200);
    const linkAfter = await post('/respondents/link/validate', { token: codeFirst.token });
    expect(linkAfter.statusCode).toBe(422);
    expect(linkAfter.json().error.message).toBe(LINK_EXPIRED_MESSAGE);

    const linkFirst = await mailFor(people.staff);
    expect((await post('/respondents/link/validate', { token: linkFirst.token })).statusCode).toBe(200);
    const codeAfter = await post('/respondents/code/validate', { identifier: people.staff, code: linkFirst.code });
    expect(codeAfter.statusCode).toBe(422);
    expect(codeAfter.json().error.message).toBe(CODE_EXPIRED_MESSAGE);
  });

  it('a newer code makes the earlier link useless', async () => {
    const earlier = await mailFor(people.student);
    await mailFor(people.student);
    expect((await post('/respondents/link/validate', { token: earlier.token })).statusCode).toBe(422);
  });

  it('keeps the token out of every log line, even when the link is pasted with its token as a query string', async () => {
    const { url, token, code } = await mailFor(people.teacher);
    // What a browser sends when the link is opened: the page, without its fragment.
    await t.request({ method: 'GET', url: url.pathname });
    await t.request({ method: 'GET', url: `${url.pathname}?token=${token}` });
    expect((await post('/respondents/link/validate', { token })).statusCode).toBe(200);
    expect((await post('/respondents/link/validate', { token })).statusCode).toBe(422);
    const text = log.text();
    expect(text).toContain('/login/enlace');
    expect(text).toContain('/respondents/link/validate');
    expect(text).not.toContain(token);
    expect(text).not.toContain(code);
  });
});

describe(`'Mantener la sesión en este dispositivo' (${driverName})`, () => {
  it('off by default: the session lasts the usual 12 hours', async () => {
    const { code } = await mailFor(people.student);
    const before = Date.now();
    const login = await post('/respondents/code/validate', { identifier: people.student, code });
    const after = Date.now();
    expect(login.json().keepSession).toBe(false);
    // 12 hours from the moment of sign-in, however long the request took.
    const expiresAt = Date.parse(login.json().sessionExpiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 12 * 3600_000);
    expect(expiresAt).toBeLessThanOrEqual(after + 12 * 3600_000);
  });

  it('ticked where the code is typed or the link opened: the session lasts until the end of the day in Mexico City', async () => {
    const byCode = await mailFor(people.student);
    const login = await post('/respondents/code/validate', { identifier: people.student, code: byCode.code, keepSession: true });
    expect(login.json()).toMatchObject({ keepSession: true, sessionExpiresAt: endOfBusinessDay(new Date()).toISOString() });

    const byLink = await mailFor(people.teacher);
    const linked = await post('/respondents/link/validate', { token: byLink.token, keepSession: true });
    expect(linked.json()).toMatchObject({ keepSession: true, sessionExpiresAt: endOfBusinessDay(new Date()).toISOString() });
    const jti = JSON.parse(Buffer.from(String(linked.json().token).split('.')[1]!, 'base64url').toString()).jti as string;
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, jti));
    expect(new Date(session!.expiresAt).toISOString()).toBe(endOfBusinessDay(new Date()).toISOString());
  });

  it('is never chosen by whoever asks for the code: a requester’s keepSession has no effect on the code or the link', async () => {
    // A stranger asks for the person's code, 'ticking' the box; the person then signs in without ticking it.
    const byCode = await mailFor(people.staff, undefined, { keepSession: true });
    const login = await post('/respondents/code/validate', { identifier: people.staff, code: byCode.code });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().keepSession).toBe(false);
    expect(Date.parse(login.json().sessionExpiresAt)).not.toBe(endOfBusinessDay(new Date()).getTime());

    const byLink = await mailFor(people.staff, undefined, { keepSession: true });
    const linked = await post('/respondents/link/validate', { token: byLink.token });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().keepSession).toBe(false);
  });

  it('refuses a keepSession that is not true or false where it is chosen', async () => {
    const { code } = await mailFor(people.others[8]!);
    const refused = await post('/respondents/code/validate', { identifier: people.others[8], code, keepSession: 'sí' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ keepSession: ['Indica si quieres mantener la sesión'] });
  });

  it('the end of the business day is the next midnight in Mexico City', () => {
    // 23:30 on 2026-11-23 in Mexico City (UTC−6) is 05:30 UTC on the 24th.
    expect(endOfBusinessDay(new Date('2026-11-24T05:30:00Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(endOfBusinessDay(new Date('2026-11-23T06:00:00Z')).toISOString()).toBe('2026-11-24T06:00:00.000Z');
  });
});
