/**
 * Bytes to the phone (docs/benchmarks.md §Bytes to the phone): the SPA's
 * assets go out precompressed by content negotiation (br, then gzip, else the
 * file itself) and API answers above a threshold are compressed at request
 * time, with the same decoded bytes every way and caching headers intact.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { API_COMPRESSION_THRESHOLD_BYTES } from '../../src/http/compression';
import { API, createTestApp, makeTempDir, testConfig, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod } from '../helpers/factories';

let t: TestApp;
let web: Awaited<ReturnType<typeof buildApp>>;
const temp = makeTempDir();

/** A chunk as the build writes it: the file, and .br and .gz beside it (vite.config.ts). */
const CHUNK = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export function paso${i}(respuestas){return respuestas.filter((r)=>r.valor>${i});}\n`).join(''),
);
const CHUNK_URL = '/encuestas/assets/app-abc123.js';
/** Under the build's threshold: no compressed siblings. */
const SMALL = Buffer.from('console.log("hola");');
const SMALL_URL = '/encuestas/assets/tiny-abc123.js';

beforeAll(async () => {
  t = await createTestApp();
  const dist = path.join(temp.dir, 'dist');
  const assets = path.join(dist, 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>x</title><!--app-config--></head><body></body></html>');
  writeFileSync(path.join(assets, 'app-abc123.js'), CHUNK);
  writeFileSync(path.join(assets, 'app-abc123.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(assets, 'app-abc123.js.gz'), gzipSync(CHUNK, { level: 9 }));
  writeFileSync(path.join(assets, 'tiny-abc123.js'), SMALL);
  // As the build writes it (vite.config.ts): a page's own files, by route pattern.
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({ '/login': ['assets/login-abc123.js', 'assets/Alert-abc123.js'], '/alumnos/evaluacionDocente/:index': ['assets/form-abc123.js'] }),
  );
  web = await buildApp({ config: testConfig(temp.dir, { WEB_DIST: dist }), db: t.db, logger: false });
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  temp.remove();
});

/** The body as the browser sees it after undoing Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding ?? 'identity').toBe('identity');
  return response.rawPayload;
}

function varyTokens(response: LightMyRequestResponse): string[] {
  return String(response.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
}

describe(`precompressed SPA assets (${driverName})`, () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %j with %s and the same decoded bytes', async (acceptEncoding, expected) => {
    const response = await web.inject({
      method: 'GET',
      url: CHUNK_URL,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(decoded(response).equals(CHUNK)).toBe(true);
    if (expected) expect(response.rawPayload.length).toBeLessThan(CHUNK.length / 3);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Caches must keep one copy per encoding, the identity one included.
    expect(varyTokens(response)).toContain('accept-encoding');
  });

  it('answers HEAD with the headers of the chosen encoding and no body', async () => {
    const get = await web.inject({ method: 'GET', url: CHUNK_URL, headers: { 'accept-encoding': 'br' } });
    const head = await web.inject({ method: 'HEAD', url: CHUNK_URL, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.rawPayload.length));
    expect(head.rawPayload.length).toBe(0);
    expect(varyTokens(head)).toContain('accept-encoding');
  });

  it('still answers a range request with the asked bytes', async () => {
    const response = await web.inject({ method: 'GET', url: CHUNK_URL, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-99/${CHUNK.length}`);
    expect(response.rawPayload.equals(CHUNK.subarray(0, 100))).toBe(true);
  });

  it('sends a file without compressed siblings as it is, even to a browser that accepts br', async () => {
    const response = await web.inject({ method: 'GET', url: SMALL_URL, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(SMALL)).toBe(true);
  });

  it('answers a missing asset with 404 whatever the encoding asked', async () => {
    const response = await web.inject({ method: 'GET', url: '/encuestas/assets/viejo-123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
  });
});

describe(`the SPA's HTML shell (${driverName})`, () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers a page with Accept-Encoding %j in %s, the same HTML every way, revalidated on each visit', async (acceptEncoding, expected) => {
    const response = await web.inject({
      method: 'GET',
      url: '/encuestas/evaluated-list',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = decoded(response).toString('utf8');
    expect(html).toContain('<script type="application/json" id="app-config">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(varyTokens(response)).toContain('accept-encoding');
  });

  it('answers a visit that already holds the current shell with 304 and no body, and a stale one with the page', async () => {
    const first = await web.inject({ method: 'GET', url: '/encuestas/login', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    const again = await web.inject({ method: 'GET', url: '/encuestas/login?next=%2Fbuzon', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await web.inject({ method: 'GET', url: '/encuestas/login', headers: { 'if-none-match': '"otra-version"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('id="app-config"');
    // Another page's shell preloads other files: the login's ETag does not stand for it.
    const other = await web.inject({ method: 'GET', url: '/encuestas/evaluated-list', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it("preloads a respondent page's own files in its shell, by route pattern, and nothing extra elsewhere", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const login = await web.inject({ method: 'GET', url: '/encuestas/login' });
    expect(preloads(login.body)).toEqual(['/encuestas/assets/login-abc123.js', '/encuestas/assets/Alert-abc123.js']);
    const form = await web.inject({ method: 'GET', url: '/encuestas/alumnos/evaluacionDocente/2' });
    expect(preloads(form.body)).toEqual(['/encuestas/assets/form-abc123.js']);
    for (const url of ['/encuestas/evaluated-list', '/encuestas/admin', '/encuestas/no-existe']) {
      const response = await web.inject({ method: 'GET', url });
      expect(preloads(response.body), url).toEqual([]);
      expect(response.body, url).toContain('id="app-config"');
    }
  });
});

describe(`compressed API answers (${driverName})`, () => {
  let adminToken: string;
  beforeAll(async () => {
    // Enough applications in progress for /active/cicles to pass the compression threshold.
    const periodoId = await createPeriod(t.db);
    for (let i = 0; i < 4; i++) await createApplication(t.db, { campusId: await createCampus(t.db), periodoId });
    adminToken = (await createAdmin(t)).token;
  });

  it('compresses a JSON answer above the threshold, keeping its no-store and its content', async () => {
    const plain = await t.request({ method: 'GET', url: `${API}/active/cicles`, token: adminToken });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    for (const encoding of ['br', 'gzip']) {
      const response = await t.request({ method: 'GET', url: `${API}/active/cicles`, token: adminToken, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers['content-type'], encoding).toMatch(/application\/json/);
      expect(response.headers['cache-control'], encoding).toBe('no-store');
      expect(varyTokens(response), encoding).toContain('accept-encoding');
      expect(response.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(response).toString('utf8')), encoding).toEqual(plain.json());
    }
  });

  it('keeps the public catalogues cacheable when it compresses them', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/catalogs`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(varyTokens(response)).toContain('accept-encoding');
  });

  it('sends a JSON answer below the threshold as it is', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/health`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('sends errors in the usual shape whatever the encoding', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/users`, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(decoded(response).toString('utf8'))).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});
