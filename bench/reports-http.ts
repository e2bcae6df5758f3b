/**
 * The HTTP half of `npm run bench:reports`: the real server (the build, as
 * `npm start` runs it, logging as in production) on a loopback port over the bench cluster, a back-office
 * user holding every permission and grant, and every report, summary and
 * missing-list endpoint timed through fetch (undici, keep-alive) three ways:
 * - cold: the first request after a restart of the production server (the
 *   built server, logging as in production), three restarts per endpoint;
 * - warm: one request at a time, as a browser opening the report pages asks
 *   (one more production server, in its own process as for users);
 * - concurrent: 20 readers at once (rounds of 20 requests sent together).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { createAdminUser, ensurePermissionCatalogue, grantEverything } from '../packages/server/src/db/admin-users';
import type { Database } from '../packages/server/src/db/client';
import { adminUsers } from '../packages/server/src/db/schema';
import type { QueryTiming } from './report';
import { dayOf } from './reports-data';
import type { BenchTargets } from './reports';
import { CONCURRENT_READERS, percentile, timeReads, WARM_UPS } from './timing';
import { spawnProductionServer } from '../scripts/production-server.mjs';
/** Rounds of CONCURRENT_READERS per endpoint, after warm-up rounds. */
const CONCURRENT_ROUNDS = 5;

/** The bench's own back-office account; a kept cluster already holds it from an earlier run. */
const BENCH_USER = { email: 'bench-reports@encuestas.invalid', password: 'bench-reports-password', name: 'Benchmark de reportes' };

/** Makes sure the bench user exists with every permission, campus and cycle (idempotent, for --keep reuse). */
async function ensureBenchUser(db: Database): Promise<void> {
  await ensurePermissionCatalogue(db);
  const [existing] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, BENCH_USER.email));
  const user = existing ?? (await createAdminUser(db, BENCH_USER));
  await grantEverything(db, user.id);
}

type Params = Record<string, string | number>;

/** Every report endpoint the report pages call, named as docs/benchmarks.md lists them (first two weeks as the date range). */
function reportEndpoints(targets: BenchTargets): [string, string, Params][] {
  const { campusId, activeId, periodoId, group, teacherId } = targets;
  const cycle = (kind: string) => targets.cycles[kind]!;
  const evaluation = { cicleId: cycle('alumnos/evaluacionDocente'), periodoId };
  const services = { cicleId: cycle('alumnos/serviciosA'), periodoId };
  const nom035 = { cicleId: cycle('administrativos/norma'), periodoId };
  const newIntake = { cicleId: cycle('alumnos/nuevoIngreso'), periodoId };
  const campus = { campusId };
  const range = { from: dayOf(0), to: dayOf(13) };
  const overviews = (label: string, scope: Params): [string, string, Params][] => [
    [`overview, ${label}, campus`, '/reports/overview', { ...scope, ...campus }],
    [`overview, ${label}, campus, 2-week range`, '/reports/overview', { ...scope, ...campus, ...range }],
    [`overview, ${label}, whole cycle`, '/reports/overview', scope],
    [`overview, ${label}, whole cycle, 2-week range`, '/reports/overview', { ...scope, ...range }],
  ];
  return [
    ...overviews('teacher evaluation', evaluation),
    ...overviews('services A', services),
    ['breakdown by plan, teacher evaluation, campus', '/reports/breakdown', { ...evaluation, ...campus, segment: 'plan' }],
    ['breakdown by plan, teacher evaluation, whole cycle', '/reports/breakdown', { ...evaluation, segment: 'plan' }],
    ['breakdown by group, teacher evaluation, campus', '/reports/breakdown', { ...evaluation, ...campus, segment: 'group' }],
    ['breakdown by group, teacher evaluation, whole cycle', '/reports/breakdown', { ...evaluation, segment: 'group' }],
    ['breakdown by group, services A, whole cycle', '/reports/breakdown', { ...services, segment: 'group' }],
    ['breakdown items, one group, teacher evaluation, whole cycle', '/reports/breakdown/items', { ...evaluation, segment: 'group', value: group }],
    ['breakdown items, one group, services A, whole cycle', '/reports/breakdown/items', { ...services, segment: 'group', value: group }],
    ['texts page 1, comments, campus', '/reports/texts', { ...evaluation, ...campus, item: 'comments' }],
    ['texts page 1, comments, whole cycle', '/reports/texts', { ...evaluation, item: 'comments' }],
    ["texts search 'biblioteca', whole cycle", '/reports/texts', { ...evaluation, item: 'comments', search: 'biblioteca' }],
    ["texts search 'profesores' (no hit), whole cycle", '/reports/texts', { ...evaluation, item: 'comments', search: 'profesores' }],
    ['teachers page 1, campus', '/reports/teachers', { ...evaluation, ...campus }],
    ['teachers page 1, whole cycle', '/reports/teachers', evaluation],
    ['teachers Destacados page 2, whole cycle', '/reports/teachers', { ...evaluation, group: 'destacados', page: 2 }],
    ['one teacher, campus', `/reports/teachers/${teacherId}`, { ...evaluation, ...campus }],
    ['one teacher, whole cycle', `/reports/teachers/${teacherId}`, evaluation],
    ["one teacher's comments page 1, whole cycle", `/reports/teachers/${teacherId}/comments`, evaluation],
    ["one teacher's comments search 'claridad', whole cycle", `/reports/teachers/${teacherId}/comments`, { ...evaluation, search: 'claridad' }],
    ['teacher comments page 1, campus', '/reports/teacher-comments', { ...evaluation, ...campus }],
    ['teacher comments page 1, whole cycle', '/reports/teacher-comments', evaluation],
    ['NOM-035 applications, whole cycle', '/reports/nom035/applications', nom035],
    ['NOM-035 one application', `/reports/nom035/applications/${activeId}`, {}],
    ['suggestions, every campus', '/reports/suggestions', {}],
    ['suggestions, campus, 2-week range', '/reports/suggestions', { ...campus, ...range }],
    ['new intake by institute, whole cycle', '/reports/new-intake/institutes', newIntake],
    ['new intake by institute, campus', '/reports/new-intake/institutes', { ...newIntake, ...campus }],
    ['campus summary (report index)', '/reports/summary', { periodoId, ...campus }],
    ['freshness', '/reports/freshness', {}],
    ['start page (/dashboard)', '/dashboard', {}],
    ['missing students page 1, teacher evaluation, campus', `/ciclo/${evaluation.cicleId}/missing/students`, { periodoId, ...campus, page: 1, perPage: 10 }],
    ['missing students pickers, teacher evaluation, campus', `/ciclo/${evaluation.cicleId}/missing/students/values`, { periodoId, ...campus }],
    ['missing staff page 1, NOM-035, campus', `/ciclo/${nom035.cicleId}/missing/academic`, { periodoId, ...campus, page: 1, perPage: 10 }],
    ['missing students page 1, every survey, campus', `/periodos/${periodoId}/missing/students`, { ...campus, page: 1, perPage: 10 }],
    ['missing students pickers, every survey, campus', `/periodos/${periodoId}/missing/students/values`, campus],
  ];
}

export interface HttpTimingOptions {
  phases: number;
  samples: number;
  log: (message: string) => void;
}

/** An endpoint's warm figures (rows: the response's bytes), its first request after a restart (median, least and most of the restarts), and its figures with 20 readers at once. */
export interface EndpointTiming extends QueryTiming {
  coldMs: number;
  coldMin: number;
  coldMax: number;
  concurrentP50: number;
  concurrentP95: number;
}

const JWT_SECRET = 'bench-reports-secret-'.padEnd(48, 'x');

async function login(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  if (response.status !== 200) throw new Error(`bench login answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

function endpointUrl(base: string, endpoint: string, params: Params): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return `${base}${endpoint}${query ? `?${query}` : ''}`;
}

async function fetchBytes(target: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(target, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target} answered ${response.status}: ${Buffer.from(body).toString('utf8')}`);
  return body.byteLength;
}

/** A production server (the build, as `npm start` runs it, logging as in production) on the bench cluster, and the bench user's session on it. */
async function startSignedIn(url: string, label: string) {
  const server = await spawnProductionServer({
    dataDir: mkdtempSync(path.join(os.tmpdir(), `encuestas-bench-${label}-`)),
    env: { DATABASE_URL: url, JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    readyWithinMs: 300_000,
  });
  const base = `${server.baseUrl}/api`;
  try {
    return { server, base, headers: await login(base) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Restarts per endpoint for its first request: one sample swung 2–3× with the machine's hour (docs/benchmarks.md). */
const COLD_RESTARTS = 3;

/**
 * Each endpoint's first request on a freshly started production server (the built server, as `npm start`
 * runs it), one restart per endpoint and round; the rounds go through every endpoint in turn, so a slow
 * minute of the machine falls on several endpoints' one sample rather than on one endpoint's every sample.
 */
async function timeColdFirstRequests(url: string, endpoints: [string, string, Params][], log: (message: string) => void): Promise<Map<string, number[]>> {
  const cold = new Map<string, number[]>(endpoints.map(([name]) => [name, []]));
  for (let round = 1; round <= COLD_RESTARTS; round++) {
    log(`HTTP: the first request of ${endpoints.length} endpoints, each on a freshly started server, round ${round} of ${COLD_RESTARTS} …`);
    for (const [name, endpoint, params] of endpoints) {
      const { server, base, headers } = await startSignedIn(url, 'cold');
      try {
        const start = performance.now();
        await fetchBytes(endpointUrl(base, endpoint, params), headers);
        const ms = performance.now() - start;
        cold.get(name)!.push(ms);
        log(`  cold ${name}: ${ms.toFixed(1)} ms`);
      } finally {
        await server.stop();
      }
    }
  }
  return cold;
}

/** Rounds of CONCURRENT_READERS requests sent together (after a warm-up round each): p50 and p95 of every request. */
async function timeConcurrentReaders(read: () => Promise<number>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let round = 0; round < CONCURRENT_ROUNDS + WARM_UPS; round++) {
    const timed = await Promise.all(
      Array.from({ length: CONCURRENT_READERS }, async () => {
        const start = performance.now();
        await read();
        return performance.now() - start;
      }),
    );
    if (round >= WARM_UPS) samples.push(...timed);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * Times every endpoint cold (a server process per endpoint), then warm and with 20 readers on one more
 * production server. The readers run in this process, the server in its own, as browsers and a server do:
 * in one event loop the readers' own work (parsing and decompressing 20 answers) delayed the server's.
 */
export async function timeReportEndpoints(db: Database, url: string, targets: BenchTargets, options: HttpTimingOptions): Promise<EndpointTiming[]> {
  await ensureBenchUser(db);
  const endpoints = reportEndpoints(targets);
  const cold = await timeColdFirstRequests(url, endpoints, options.log);
  const { server, base, headers } = await startSignedIn(url, 'http');
  try {
    const reads = endpoints.map(([name, endpoint, params]): [string, () => Promise<number>] => {
      const target = endpointUrl(base, endpoint, params);
      return [name, () => fetchBytes(target, headers)];
    });
    options.log(`HTTP: ${reads.length} endpoints at ${server.origin}, ${options.phases} × ${options.samples} requests each (after warm-ups) …`);
    const warm = await timeReads(reads, { phases: options.phases, samples: options.samples, size: (bytes) => bytes, log: options.log });
    options.log(`HTTP: ${CONCURRENT_READERS} readers at once, ${CONCURRENT_ROUNDS} rounds per endpoint …`);
    const timings: EndpointTiming[] = [];
    for (const [index, [name, read]] of reads.entries()) {
      const concurrent = await timeConcurrentReaders(read);
      options.log(`  ${CONCURRENT_READERS} readers, ${name}: p50 ${concurrent.p50.toFixed(1)} ms, p95 ${concurrent.p95.toFixed(1)} ms`);
      const firsts = [...cold.get(name)!].sort((a, b) => a - b);
      timings.push({
        ...warm[index]!,
        coldMs: firsts[Math.floor(firsts.length / 2)]!,
        coldMin: firsts[0]!,
        coldMax: firsts.at(-1)!,
        concurrentP50: concurrent.p50,
        concurrentP95: concurrent.p95,
      });
    }
    return timings;
  } finally {
    await server.stop();
  }
}
