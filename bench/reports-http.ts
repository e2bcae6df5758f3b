/**
 * The HTTP half of `npm run bench:reports`: the real server (buildApp, as
 * main.ts runs it) on a loopback port over the bench cluster, a back-office
 * user holding every permission and grant, and every report endpoint timed
 * through fetch (undici, keep-alive), one request at a time, as a browser
 * opening the report pages would ask them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { API_PREFIX } from '@encuestas/core/paths';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { createAdminUser, ensurePermissionCatalogue, grantEverything } from '../packages/server/src/db/admin-users';
import type { Database } from '../packages/server/src/db/client';
import { adminUsers } from '../packages/server/src/db/schema';
import type { QueryTiming } from './report';
import { dayOf } from './reports-data';
import type { BenchTargets } from './reports';
import { timeReads } from './timing';

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
  ];
}

export interface HttpTimingOptions {
  phases: number;
  samples: number;
  log: (message: string) => void;
}

/** Starts the server on the bench database, logs in and times every report endpoint; rows are the response's bytes. */
export async function timeReportEndpoints(db: Database, url: string, targets: BenchTargets, options: HttpTimingOptions): Promise<QueryTiming[]> {
  await ensureBenchUser(db);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-http-'));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-reports-secret-'.padEnd(48, 'x'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db, logger: false });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${address}${API_PREFIX}`;
    const login = await fetch(`${base}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
    });
    if (login.status !== 200) throw new Error(`bench login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    const reads = reportEndpoints(targets).map(([name, endpoint, params]): [string, () => Promise<number>] => {
      const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
      const target = `${base}${endpoint}${query ? `?${query}` : ''}`;
      return [
        name,
        async () => {
          const response = await fetch(target, { headers });
          const body = await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${endpoint} answered ${response.status}: ${Buffer.from(body).toString('utf8')}`);
          return body.byteLength;
        },
      ];
    });
    options.log(`HTTP: ${reads.length} report endpoints at ${address}, ${options.phases} × ${options.samples} requests each (after warm-ups) …`);
    return await timeReads(reads, { phases: options.phases, samples: options.samples, size: (bytes) => bytes, log: options.log });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
