/**
 * Privacy in logs: what the server writes while respondents log in and
 * submit. Log lines are read from the real pino output of the real app.
 */
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { DEMO_ADMIN, DEMO_STUDENT_PC_ID } from '../../src/db/seed/demo';
import { mailOutbox, students } from '../../src/db/schema';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { BACKGROUND_WAIT_MS } from '../helpers/timeouts';

/** A log stream that keeps every line, parsed. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
    clear: () => void lines.splice(0),
  };
}

const ANSWER_MARKER = 'Comentario-privado-del-alumno-7d3f';

/** Every required item of the teacher evaluation answered. */
function teacherAnswers(): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const item of TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items)) {
    if (item.required === false || item.gate) continue;
    answers[item.id] = item.type === 'rating' ? 'muyBuena' : 'yes';
  }
  return answers;
}

/** Claims of a bearer token (its payload is base64url JSON). */
function claimsOf(token: string): { sub: string; jti: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; jti: string };
}

describe(`privacy in logs (${driverName})`, () => {
  const log = captureLog();
  let t: TestApp;
  let base: string;
  let student: { pcId: string; email: string };

  beforeAll(async () => {
    // ANONYMITY_BATCH=1: every submission is published at once, so the mover's log lines are read too.
    // The mover in its own thread, as a server runs it: a failed publication's log line crosses from there.
    t = await createTestApp({ demo: true, env: { LOG_LEVEL: 'info', ANONYMITY_BATCH: '1', MIN_GROUP_SIZE: '1' }, logStream: log.stream, moverInThread: true });
    // A real socket, so request lines have a real client address and port to leak.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API}`;
    const [row] = await t.db.select({ email: students.email }).from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    student = { pcId: DEMO_STUDENT_PC_ID, email: row!.email! };
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => log.clear());

  const call = async (method: string, url: string, body?: object, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  async function respondentLogin(): Promise<string> {
    expect((await call('POST', '/respondents/code', { identifier: student.pcId })).status).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email)).orderBy(desc(mailOutbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1];
    const login = await call('POST', '/respondents/code/validate', { identifier: student.pcId, code });
    expect(login.status).toBe(200);
    return login.body.token as string;
  }

  it('keeps a login code out of the log outside the demo: the line says only that a mail was queued', async () => {
    await respondentLogin();
    const mailLines = log.lines.filter((line) => String(line.msg).includes('outbox'));
    expect(mailLines).toEqual([expect.objectContaining({ msg: 'mail queued in the outbox (no SMTP_URL)' })]);
    expect(log.text()).not.toContain(student.email);
    expect(log.text()).not.toMatch(/código de acceso/i);
    // The mail itself is in the outbox, so an operator can still deliver it by hand.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.email)).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.subject).toMatch(/Tu código de acceso: \d{6}/);
  });

  it('writes the request lines of a login and a submission without client address or port, and with no identity', async () => {
    const token = await respondentLogin();
    const { jti } = claimsOf(token);
    const availability = await call('GET', '/respondents/availability', undefined, token);
    expect(availability.status).toBe(200);
    // The last class: the database-failure test below takes the first.
    const survey = (availability.body.encuestasDocente as { activeId: number; cicleId: number; subject: string }[]).at(-1)!;
    const submitted = await call(
      'POST',
      '/respondents/responses',
      { activeId: survey.activeId, cicleId: survey.cicleId, subject: survey.subject, idempotencyKey: 'privacy-log-ok-01', answers: teacherAnswers() },
      token,
    );
    expect(submitted.status).toBe(201);

    const requestLines = log.lines.filter((line) => line.req !== undefined);
    expect(requestLines.map((line) => (line.req as { url: string }).url)).toEqual(
      expect.arrayContaining([
        `${API}/respondents/code`,
        `${API}/respondents/code/validate`,
        `${API}/respondents/availability`,
        `${API}/respondents/responses`,
      ]),
    );
    for (const line of requestLines) {
      expect(line.req).not.toHaveProperty('remoteAddress');
      expect(line.req).not.toHaveProperty('remotePort');
    }
    const text = log.text();
    for (const identity of [student.pcId, student.email, jti, 'privacy-log-ok-01']) expect(text).not.toContain(identity);
    // The submission's own lines (by request id) carry the route, status and timing, nothing about who sent it.
    const submissionRequest = requestLines.find((line) => (line.req as { url: string }).url === `${API}/respondents/responses`)!;
    const submissionLines = log.lines.filter((line) => line.reqId === submissionRequest.reqId);
    // One line a request, once answered: what it asked and what it got.
    expect(submissionLines.map((line) => line.msg)).toEqual(['request completed']);
    expect(submissionLines[0]).toMatchObject({ req: { method: 'POST', url: `${API}/respondents/responses` }, res: { statusCode: 201 } });
    expect(submissionLines[0]!.responseTime).toEqual(expect.any(Number));
    for (const line of submissionLines) {
      expect(Object.keys(line).sort()).toEqual(expect.arrayContaining(['level', 'msg', 'reqId', 'time']));
      for (const key of Object.keys(line)) expect(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']).toContain(key);
      if (line.req) expect(Object.keys(line.req as object).sort()).toEqual(['host', 'method', 'url']);
      if (line.res) expect(Object.keys(line.res as object)).toEqual(['statusCode']);
    }
    expect(text).not.toMatch(new RegExp(`"(sub|subject|respondent\\w*|student\\w*)"`, 'i'));
    expect(text).not.toContain(`"${claimsOf(token).sub}"`);
  });

  it('keeps the client address, never the port, on back-office request lines', async () => {
    expect((await call('POST', '/admin/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).status).toBe(200);
    const [incoming] = log.lines.filter((line) => line.req !== undefined);
    expect(incoming!.req).toMatchObject({ url: `${API}/admin/login`, remoteAddress: '127.0.0.1' });
    expect(incoming!.req).not.toHaveProperty('remotePort');
  });

  /** Submits a class evaluation carrying ANSWER_MARKER while `table` refuses every new row; answers the status and the error lines. */
  async function submitWhileRefused(table: 'held_response' | 'response', classIndex: number, idempotencyKey: string) {
    const token = await respondentLogin();
    const survey = (
      (await call('GET', '/respondents/availability/encuestasDocente', undefined, token)).body.encuestasDocente as {
        activeId: number;
        cicleId: number;
        subject: string;
      }[]
    )[classIndex]!;
    // A constraint no new row meets: the database refuses the row (PostgreSQL then quotes the whole row).
    await t.db.execute(sql.raw(`alter table ${table} add constraint privacy_test_refuse check (false) not valid`));
    log.clear();
    try {
      const { status } = await call(
        'POST',
        '/respondents/responses',
        { activeId: survey.activeId, cicleId: survey.cicleId, subject: survey.subject, idempotencyKey, answers: { ...teacherAnswers(), comments: ANSWER_MARKER } },
        token,
      );
      // The mover runs after the answer: wait for its attempt.
      await expect.poll(() => log.lines.some((line) => line.err !== undefined), { timeout: BACKGROUND_WAIT_MS }).toBe(true);
      return { status, token, survey, errorLines: log.lines.filter((line) => line.err !== undefined) };
    } finally {
      await t.db.execute(sql.raw(`alter table ${table} drop constraint privacy_test_refuse`));
    }
  }

  /** What an operator needs stays (PostgreSQL's reason, the SQL where the driver gives it); no value of the row does. */
  function expectRedacted(errorLines: Record<string, unknown>[], secrets: string[], sub: string, activeId: number) {
    const err = errorLines[0]!.err as Record<string, unknown>;
    expect(String(err.message)).toMatch(/violates check constraint "privacy_test_refuse"/);
    expect(err).not.toHaveProperty('params');
    expect(err).not.toHaveProperty('detail');
    const text = log.text();
    for (const secret of [ANSWER_MARKER, student.pcId, student.email, ...secrets]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(new RegExp(`"${sub}"|\\b${sub}, ${activeId}\\b`));
  }

  it('logs a submission that fails at the database with its SQL but without session, respondent or answers', async () => {
    const { status, token, survey, errorLines } = await submitWhileRefused('held_response', 0, 'privacy-log-0001');
    expect(status).toBeGreaterThanOrEqual(500);
    const { sub, jti } = claimsOf(token);
    expectRedacted(errorLines, [jti, 'privacy-log-0001'], sub, survey.activeId);
  });

  it('logs a publication that fails at the database without the answers it was moving', async () => {
    const { status, token, survey, errorLines } = await submitWhileRefused('response', 1, 'privacy-log-0002');
    // The submission is stored (held); only its publication failed, and it stays held for the next run.
    expect(status).toBe(201);
    expect(errorLines[0]).toMatchObject({ msg: 'publishing held responses failed; they stay held and will be tried again' });
    const { sub, jti } = claimsOf(token);
    expectRedacted(errorLines, [jti, 'privacy-log-0002'], sub, survey.activeId);
  });
});

describe(`mail without SMTP in the demo (${driverName})`, () => {
  const log = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true, env: { LOG_LEVEL: 'info', SEED_DEMO: 'true' }, logStream: log.stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints the login code in the log, as the README promises for the demo', async () => {
    const response = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: DEMO_STUDENT_PC_ID } });
    expect(response.statusCode).toBe(201);
    expect(log.text()).toMatch(/Tu código de acceso: \d{6}/);
  });
});

describe(`TRUST_PROXY (${driverName})`, () => {
  const loginFrom = async (env: Record<string, string>) => {
    const log = captureLog();
    const t = await createTestApp({ env: { LOG_LEVEL: 'info', ...env }, logStream: log.stream });
    try {
      await t.request({
        method: 'POST',
        url: `${API}/admin/login`,
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { email: 'nadie@encuestas.mx', password: 'x'.repeat(12) },
      });
      const [incoming] = log.lines.filter((line) => line.req !== undefined);
      return (incoming!.req as { remoteAddress: string }).remoteAddress;
    } finally {
      await t.close();
    }
  };

  it('ignores X-Forwarded-For by default and believes it from a configured proxy', async () => {
    expect(await loginFrom({})).toBe('127.0.0.1');
    expect(await loginFrom({ TRUST_PROXY: '127.0.0.1' })).toBe('203.0.113.9');
  });
});
