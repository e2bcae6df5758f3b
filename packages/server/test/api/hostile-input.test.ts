/**
 * Requests the framework rejects before any handler (bad URLs, bodies,
 * headers), floods of invalid keys, and a database that cannot be reached:
 * each answers in the project's Spanish error shape, never a 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, ErrorCode } from '@encuestas/core/errors';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { DATABASE_RETRY_AFTER_SECONDS, MAX_REPORTED_ERRORS } from '../../src/http/errors';
import { API, createTestApp, makeTempDir, testConfig, type TestApp } from '../helpers/app';
import { driverName, TEST_DATABASE_URL } from '../helpers/database';
import { looksSpanish } from '../helpers/api-errors';
import { createAdmin, createCampusWithRespondents } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';
import { freePort } from '../../../../scripts/postgres-cluster.mjs';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t)).token;
  student = await respondentToken(t, (await createCampusWithRespondents(t.db)).student.pcId);
});
afterAll(async () => {
  await t?.close();
});

function expectError(response: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as ApiErrorBody;
  expect(body.error.code).toBe(code);
  expect(looksSpanish(body.error.message), body.error.message).toBe(true);
  return body;
}

const json = { 'content-type': 'application/json' };

describe(`framework errors in the project's shape (${driverName})`, () => {
  it.each([
    ['bad percent-encoding in a path', 400, 'BAD_REQUEST', { method: 'GET', url: `${API}/periodos/%E0%A4%A` }],
    ['a lone surrogate encoded in a path', 400, 'BAD_REQUEST', { method: 'GET', url: `${API}/periodos/%ED%A0%80` }],
    ['a path parameter over 100 characters', 414, 'URI_TOO_LONG', { method: 'GET', url: `${API}/periodos/${'1'.repeat(101)}` }],
    ['malformed JSON', 400, 'BAD_REQUEST', { method: 'POST', url: `${API}/admin/login`, headers: json, payload: '{"email":' }],
    ['an empty JSON body', 400, 'BAD_REQUEST', { method: 'POST', url: `${API}/admin/login`, headers: json, payload: '' }],
    ['a __proto__ key', 400, 'BAD_REQUEST', { method: 'POST', url: `${API}/admin/login`, headers: json, payload: '{"__proto__":{"x":1}}' }],
    ['text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE', { method: 'POST', url: `${API}/admin/login`, headers: { 'content-type': 'text/plain' }, payload: 'x' }],
    ['XML', 415, 'UNSUPPORTED_MEDIA_TYPE', { method: 'POST', url: `${API}/admin/login`, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }],
    ['a body over 64 kB', 413, 'PAYLOAD_TOO_LARGE', { method: 'POST', url: `${API}/admin/login`, headers: json, payload: JSON.stringify({ email: 'x'.repeat(70_000) }) }],
    ['an id above int4', 422, 'VALIDATION_FAILED', { method: 'GET', url: `${API}/periodos/2147483648`, token: true }],
    ['NUL in a search', 422, 'VALIDATION_FAILED', { method: 'GET', url: `${API}/users?search=%00`, token: true }],
  ] as const)('answers %s with %i %s', async (_name, status, code, request) => {
    const { token, ...rest } = request as typeof request & { token?: boolean };
    expectError(await t.request({ ...rest, token: token ? admin : undefined }), status, code);
  });

  it('answers oversized headers with 431 HEADERS_TOO_LARGE in JSON, on a real socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const response = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `${API}/health`, headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    expectError(response, 431, 'HEADERS_TOO_LARGE');
  });
});

describe(`floods of invalid input (${driverName})`, () => {
  it('lists at most 50 field errors and says how many there were', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `${API}/users/2/access`,
      token: admin,
      payload: { permissions: Array(100).fill('x'), groups: Array(100).fill(-1), campusIds: [], cicleIds: [] },
    });
    const body = expectError(response, 422, 'VALIDATION_FAILED');
    expect(Object.values(body.error.fields ?? {}).flat()).toHaveLength(MAX_REPORTED_ERRORS);
    expect(body.error.message).toContain('Se muestran los primeros 50 errores de 200');
  });

  it('refuses an answer set with 45,000 unknown keys with a small answer', async () => {
    const answers = Object.fromEntries(Array.from({ length: 45_000 }, (_, i) => [`x${i}`, 'a']));
    const response = await t.request({
      method: 'POST',
      url: `${API}/respondents/responses`,
      token: student,
      payload: { activeId: 1, cicleId: 1, idempotencyKey: 'flood-key-01', answers },
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.body.length).toBeLessThan(1000);
  });

  it('refuses an answer set with more keys than questions (within the size limit) with one message', async () => {
    const [survey] = (await t.request({ method: 'GET', url: `${API}/respondents/availability/encuestas`, token: student })).json().encuestas;
    const answers = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`x${i}`, 'a']));
    const response = await t.request({
      method: 'POST',
      url: `${API}/respondents/responses`,
      token: student,
      payload: { activeId: survey.activeId, cicleId: survey.cicleId, subject: survey.subject, idempotencyKey: 'flood-key-02', answers },
    });
    const body = expectError(response, 422, 'VALIDATION_FAILED');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['answers']);
    expect(body.error.fields?.answers?.[0]).toMatch(/^Hay más respuestas que preguntas/);
  });
});

describe(`the database unreachable (${driverName})`, () => {
  const expectUnavailable = (response: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expectError(response, 503, 'SERVICE_UNAVAILABLE');
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  };

  it('answers 503 with Retry-After when PostgreSQL refuses connections (nothing listens on the port)', async () => {
    const port = await freePort();
    const handle = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/encuestas`, poolSize: 1 });
    const temp = makeTempDir();
    const app = await buildApp({ config: testConfig(temp.dir), db: handle.db, logger: false });
    try {
      expectUnavailable(await app.inject({ method: 'POST', url: `${API}/admin/login`, payload: { email: 'nadie@prueba.mx', password: 'x' } }));
      expectUnavailable(await app.inject({ method: 'GET', url: `${API}/catalogs` }));
    } finally {
      await app.close();
      await handle.close();
      temp.remove();
    }
  });

  it(`answers 503 with Retry-After once the ${TEST_DATABASE_URL ? 'pool is ended' : 'PGlite instance is closed'}, and /health says 503 too`, async () => {
    const own = await createTestApp();
    const { email, token } = await createAdmin(own);
    await own.database.close();
    try {
      expectUnavailable(await own.request({ method: 'GET', url: `${API}/periodos`, token }));
      expectUnavailable(await own.request({ method: 'POST', url: `${API}/admin/login`, payload: { email, password: 'x' } }));
      expect((await own.request({ method: 'GET', url: `${API}/health` })).statusCode).toBe(503);
    } finally {
      await own.app.close();
    }
  });
});
