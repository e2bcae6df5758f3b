import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { API, createTestApp, makeTempDir, testConfig, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`HTTP basics (${driverName})`, () => {
  it('answers the health check with 200 and status ok', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/health` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown API path with a 404 JSON error NOT_FOUND', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/no-existe` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers a known path with the wrong method with a 405 JSON error METHOD_NOT_ALLOWED and an Allow header', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/admin/login` });
    expect(response.statusCode).toBe(405);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ error: { code: 'METHOD_NOT_ALLOWED' } });
    expect(response.headers.allow).toContain('POST');
  });

  it('redirects / to /encuestas/', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect([301, 302, 303, 307, 308]).toContain(response.statusCode);
    expect(response.headers.location).toBe('/encuestas/');
  });

  it('answers malformed JSON with 400 BAD_REQUEST, never 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${API}/admin/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@encuestas.mx", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it('answers an unsupported content type with a 4xx JSON error, never 500', async () => {
    const response = await t.request({
      method: 'POST',
      url: `${API}/admin/login`,
      headers: { 'content-type': 'text/plain' },
      payload: 'email=admin',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error.code');
  });

  it('puts an x-request-id header on every response: success, errors and redirects', async () => {
    const responses = await Promise.all([
      t.request({ method: 'GET', url: `${API}/health` }),
      t.request({ method: 'GET', url: `${API}/no-existe` }),
      t.request({ method: 'GET', url: `${API}/admin/login` }),
      t.request({ method: 'GET', url: `${API}/admin/me` }),
      t.request({ method: 'GET', url: '/' }),
      t.request({ method: 'POST', url: `${API}/admin/login`, payload: {} }),
    ]);
    for (const response of responses) expect(response.headers['x-request-id'], response.raw.req.url).toMatch(/^[\w-]+$/);
    expect(new Set(responses.map((r) => r.headers['x-request-id'])).size).toBe(responses.length);
  });

  it('echoes a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const echoed = await t.request({ method: 'GET', url: `${API}/health`, headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
    const replaced = await t.request({ method: 'GET', url: `${API}/health`, headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('publishes the OpenAPI document listing the login route', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/docs/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty([`${API}/admin/login`]);
    expect(doc.paths[`${API}/admin/login`]).toHaveProperty('post');
  });

  it('answers page URLs with 404 JSON while the web app is not built', async () => {
    const response = await t.request({ method: 'GET', url: '/encuestas/admin-login' });
    expect(response.statusCode).toBe(404);
  });
});

describe(`the built web app (${driverName})`, () => {
  let web: Awaited<ReturnType<typeof buildApp>>;
  const temp = makeTempDir();
  beforeAll(async () => {
    const dist = path.join(temp.dir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");');
    web = await buildApp({
      config: testConfig(temp.dir, { WEB_DIST: dist, PLATFORM_NAME: 'Encuestas UPAEP' }),
      db: t.db,
      logger: false,
    });
  });
  afterAll(async () => {
    await web?.close();
    temp.remove();
  });

  it('serves the SPA shell with 200 at every page of the SPA, parameters and query included', async () => {
    const pages = [
      '/encuestas',
      '/encuestas/',
      '/encuestas?x=1',
      '/encuestas/admin-login',
      '/encuestas/login/validar?next=%2Fbuzon',
      '/encuestas/alumnos/evaluacionDocente/0',
      '/encuestas/alumnos/serviciosA/doing',
      '/encuestas/admin/actives-campus/12',
      '/encuestas/admin/users/7/',
      '/encuestas/admin/users/permissions',
      '/encuestas/ADMIN/Users',
      '/encuestas/admin/pendientes/alumnos/3?periodoId=2',
      '/encuestas/admin/report/campus/4/students?cicleId=1',
    ];
    for (const url of pages) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('answers 404 with the same SPA shell (which shows its 404 page) for unknown pages and malformed route parameters', async () => {
    const unknown = [
      '/encuestas/no-existe',
      '/encuestas/admin/no-existe',
      '/encuestas/admin/users/7/extra',
      '/encuestas/admin/actives-campus/abc',
      '/encuestas/admin/actives-campus/0',
      '/encuestas/admin/users/-3',
      '/encuestas/admin/pendientes/todos/3',
      '/encuestas/admin/report/campus/x/cicle',
      '/encuestas/alumnos/evaluacionDocente/-1',
      '/encuestas/alumnos/serviciosA/0',
    ];
    for (const url of unknown) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
    }
    const head = await web.inject({ method: 'HEAD', url: '/encuestas/no-existe' });
    expect(head.statusCode).toBe(404);
  });

  it('answers a missing asset with a plain 404, never the page', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/assets/app-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('puts the public configuration in a non-executable JSON element, and the platform name in the title', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/admin-login' });
    expect(response.body).toContain('<script type="application/json" id="app-config">{"platformName":"Encuestas UPAEP"');
    expect(response.body).not.toMatch(/<script>/);
    expect(response.body).toContain('<title>Encuestas UPAEP</title>');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('still answers unknown API paths with JSON 404, not the page', async () => {
    const response = await web.inject({ method: 'GET', url: `${API}/no-existe` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
