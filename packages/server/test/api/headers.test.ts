/**
 * Security headers (docs/security.md §Headers) on the pages, on API answers
 * and on errors; no-store on API answers; HSTS only over https. That the
 * built SPA really runs under this CSP is proven by the e2e journeys, which
 * fail on any CSP violation in the browser console.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { API, createTestApp, makeTempDir, testConfig, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin } from '../helpers/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let web: Awaited<ReturnType<typeof buildApp>>;
let secure: Awaited<ReturnType<typeof buildApp>>;
const temp = makeTempDir();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  const dist = path.join(temp.dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div>' +
      '<script type="module" src="/encuestas/assets/app-abc123.js"></script></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");');
  web = await buildApp({
    // A hostile configured text must stay inside the JSON element.
    config: testConfig(temp.dir, { WEB_DIST: dist, PLATFORM_NAME: 'Encuestas </script><script>alert(1)</script> $& $1' }),
    db: t.db,
    logger: false,
  });
  secure = await buildApp({ config: testConfig(temp.dir, { PUBLIC_URL: 'https://encuestas.example.edu' }), db: t.db, logger: false });
});
afterAll(async () => {
  await web?.close();
  await secure?.close();
  await t?.close();
  temp.remove();
});

function directives(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(' ')[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string) {
  const csp = directives(response);
  expect(csp.get('script-src'), label).toBe("'self'");
  expect(csp.get('default-src'), label).toBe("'self'");
  expect(csp.get('object-src'), label).toBe("'none'");
  expect(csp.get('frame-ancestors'), label).toBe("'none'");
  expect(response.headers['x-frame-options'], label).toBe('DENY');
  expect(response.headers['referrer-policy'], label).toBe('no-referrer');
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
}

describe(`security headers (${driverName})`, () => {
  it('protects the SPA page with a CSP that allows no inline script, and never caches it', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/admin-new-password?token=abc' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, 'page');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Every script element is either external or inert JSON.
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    for (const attributes of scripts) expect(attributes).toMatch(/ src=|type="application\/json"/);
  });

  it('keeps a hostile configured text inside the JSON element, where the page reads it back unchanged', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/' });
    const element = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(response.body);
    expect(element).not.toBeNull();
    expect(JSON.parse(element![1]!)).toMatchObject({ platformName: 'Encuestas </script><script>alert(1)</script> $& $1' });
    expect(response.body).toContain('<title>Encuestas &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1</title>');
  });

  it('serves hashed assets with the headers and a long immutable cache', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, 'asset');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('marks API answers carrying a token or personal data no-store', async () => {
    const login = await t.request({ method: 'POST', url: `${API}/admin/login`, payload: { email: admin.email, password: admin.password } });
    expect(login.statusCode).toBe(200);
    expectSecurityHeaders(login, 'login');
    expect(login.headers['cache-control']).toBe('no-store');

    const users = await t.request({ method: 'GET', url: `${API}/users`, token: login.json().token });
    expect(users.statusCode).toBe(200);
    expect(users.headers['cache-control']).toBe('no-store');
  });

  it('lets the public catalogues keep their own caching', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/catalogs` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expectSecurityHeaders(response, 'catalogs');
  });

  it.each([
    ['401 without a token', { method: 'GET' as const, url: `${API}/users` }, 401],
    ['404 on an unknown API path', { method: 'GET' as const, url: `${API}/no-existe` }, 404],
    ['405 on a wrong method', { method: 'GET' as const, url: `${API}/admin/login` }, 405],
    ['422 on a bad body', { method: 'POST' as const, url: `${API}/admin/login`, payload: { email: 'no' } }, 422],
  ])('sends the headers and no-store on errors: %s', async (_case, request, status) => {
    const response = await t.request(request);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    expectSecurityHeaders(response, String(status));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends the headers on a 404 outside the API', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/assets/viejo-123.js' });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response, 'missing asset');
  });

  it('serves the API documentation under the same policy', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/docs` });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, 'docs');
    // Swagger UI's page loads its scripts from files: nothing inline the CSP would block.
    for (const match of response.body.matchAll(/<script([^>]*)>/g)) expect(match[1]).toMatch(/ src=/);
  });

  it('sends HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const response = await secure.inject({ method: 'GET', url: `${API}/health` });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(response).has('upgrade-insecure-requests')).toBe(true);
    const plain = await t.request({ method: 'GET', url: `${API}/health` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directives(plain).has('upgrade-insecure-requests')).toBe(false);
  });
});
