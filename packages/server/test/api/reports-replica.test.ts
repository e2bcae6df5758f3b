/**
 * Reports from a read replica (REPORTS_DATABASE_URL; docs/operations.md, "Reports from a read replica").
 * On PostgreSQL the test starts a primary of its own and a real streaming
 * replica of it (pg_basebackup -R), runs the real app on both and shows that
 * every report read goes to the replica (pg_stat_statements on each server;
 * a paused replay keeps the old figures while the primary has the new ones),
 * that every write goes to the primary (the replica refuses writes, so a
 * write sent there would fail the request), how fresh the figures are said
 * to be, and that report reads fall back to the primary when the replica is
 * down. On both databases: without REPORTS_DATABASE_URL nothing changes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOverview, ReportsFreshness } from '@encuestas/core/api/reports';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { startPostgresCluster } from '../../../../scripts/postgres-cluster.mjs';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client';
import { activeCycles, actives, campuses, cycles, periods, responses } from '../../src/db/schema';
import { AGGREGATE_TABLES, foldResponses } from '../../src/features/aggregates/fold';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { waitUntil } from '../helpers/timeouts';

const PASSWORD = 'Replica-Prueba-2026!';

describe(`report freshness without REPORTS_DATABASE_URL (${driverName})`, () => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await createTestApp();
    token = await signedInAdmin(t, { email: 'sin-replica@prueba.mx', password: PASSWORD, permissionNames: [PERMISSIONS.viewCycleReports], campusIds: [], cycleIds: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says the figures come from the primary, so the screens show no note', async () => {
    const response = await t.request({ method: 'GET', url: `${API}/reports/freshness`, token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ source: 'primary', asOf: null, current: true });
  });

  it('answers only a signed-in back-office user', async () => {
    expect((await t.request({ method: 'GET', url: `${API}/reports/freshness` })).statusCode).toBe(401);
  });
});

describe.runIf(usingPostgres)('reports from a streaming read replica (PostgreSQL)', () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let replica: Awaited<ReturnType<typeof cluster.startReplica>>;
  let primaryHandle: DatabaseHandle;
  let replicaClient: pg.Client;
  let primaryClient: pg.Client;
  let t: TestApp;
  const logLines: string[] = [];
  let token = '';
  const ids = { cycle: 0, campus: 0, period: 0, active: 0 };
  /** The kinds with reports of their own, applied beside Servicios A. */
  const kindCycles = { teachers: 0, nom035: 0, intake: 0 };

  const scope = (cycleId = ids.cycle) => `cicleId=${cycleId}&periodoId=${ids.period}&campusId=${ids.campus}`;
  const get = (path: string) => t.request({ method: 'GET', url: `${API}${path}`, token });
  const overview = async (): Promise<ReportOverview> => {
    const response = await get(`/reports/overview?${scope()}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportOverview>();
  };
  const freshness = async (): Promise<ReportsFreshness> => (await get('/reports/freshness')).json<ReportsFreshness>();

  /** Published answers of the cycle's questionnaire, written on the primary as the mover writes them. */
  async function publish(db: Database, n: number): Promise<void> {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(responses)
        .values(
          Array.from({ length: n }, () => ({
            id: randomUUID(),
            surveyKind: 'alumnos/serviciosA',
            questionnaireId: 'alumnos-servicios-a',
            questionnaireVersion: 1,
            cycleId: ids.cycle,
            activeId: ids.active,
            campusId: ids.campus,
            periodoId: ids.period,
            plan: 'ING',
            grupo: '1A',
            submittedOn: '2031-03-02',
            answers: { libraryCollection: 'buena', libraryDigital: 'buena', overallSatisfaction: 'buena' },
          })),
        )
        .returning();
      await foldResponses(tx, inserted);
    });
  }

  /** Waits until the replica has replayed all the primary had written. */
  async function replicaCaughtUp(): Promise<void> {
    const { rows } = await primaryClient.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await waitUntil('the replica to replay the primary', async () => {
      const result = await replicaClient.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn]);
      return result.rows[0]!.done;
    });
  }

  /** Statements that read the report figures (the aggregate tables), as each server counted them. */
  async function figureReads(client: pg.Client): Promise<number> {
    const { rows } = await client.query<{ calls: string | null }>(
      `select sum(calls) as calls from pg_stat_statements
        where dbid = (select oid from pg_database where datname = current_database())
          and query ~* '^\\s*(with|select)' and query ~ $1`,
      [AGGREGATE_TABLES.join('|')],
    );
    return Number(rows[0]!.calls ?? 0);
  }

  beforeAll(async () => {
    cluster = await startPostgresCluster({ durable: false, maxConnections: 100, settings: ['shared_preload_libraries=pg_stat_statements'] });
    primaryHandle = await openDatabase({ url: cluster.url, poolSize: 4 });
    await primaryHandle.migrate();
    const { db } = primaryHandle;
    primaryClient = new pg.Client({ connectionString: cluster.url });
    await primaryClient.connect();
    await primaryClient.query('create extension pg_stat_statements');
    replica = await cluster.startReplica();
    replicaClient = new pg.Client({ connectionString: replica.url });
    // Ended with the replica in the last test.
    replicaClient.on('error', () => undefined);
    await replicaClient.connect();

    t = await createTestApp({
      database: { db, handle: primaryHandle, url: cluster.url, close: () => primaryHandle.close() },
      env: { DATABASE_URL: cluster.url, REPORTS_DATABASE_URL: replica.url, LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void logLines.push(line) },
    });
    const cycleOf = async (kind: string) => (await db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
    ids.cycle = await cycleOf('alumnos/serviciosA');
    kindCycles.teachers = await cycleOf('alumnos/evaluacionDocente');
    kindCycles.nom035 = await cycleOf('administrativos/norma');
    kindCycles.intake = await cycleOf('alumnos/nuevoIngreso');
    ids.campus = (await db.insert(campuses).values({ nombre: 'Réplica Norte' }).returning())[0]!.id;
    ids.period = (await db.insert(periods).values({ nombre: '2031A', fechaInicio: '2031-01-15', fechaFin: '2031-06-30' }).returning())[0]!.id;
    ids.active = (await db.insert(actives).values({ campusId: ids.campus, periodoId: ids.period, startActive: '2031-03-01', endActive: '2031-04-30' }).returning())[0]!.id;
    await db.insert(activeCycles).values([ids.cycle, ...Object.values(kindCycles)].map((cycleId) => ({ activeId: ids.active, cycleId })));
    await publish(db, 6);
    // Signing in writes a session: on the primary, or the sign-in would fail (the replica is read-only).
    token = await signedInAdmin(t, {
      email: 'replica@prueba.mx',
      password: PASSWORD,
      permissionNames: [PERMISSIONS.viewCycleReports, PERMISSIONS.manageCampuses, PERMISSIONS.viewMissingRespondents, PERMISSIONS.viewSuggestions],
      campusIds: [ids.campus],
      cycleIds: [ids.cycle, ...Object.values(kindCycles)],
    });
    await replicaCaughtUp();
  });

  afterAll(async () => {
    await t?.close();
    await primaryClient?.end();
    await replicaClient?.end().catch(() => undefined);
    cluster?.stop();
  });

  it('reads every report and report file from the replica, none from the primary', async () => {
    await primaryClient.query('select pg_stat_statements_reset()');
    await replicaClient.query('select pg_stat_statements_reset()');
    const paths = [
      `/reports/overview?${scope()}`,
      `/reports/summary?periodoId=${ids.period}&campusId=${ids.campus}`,
      `/reports/breakdown?${scope()}&segment=plan`,
      `/reports/breakdown/items?${scope()}&segment=plan&value=ING`,
      `/reports/teachers?${scope(kindCycles.teachers)}`,
      `/reports/teacher-comments?${scope(kindCycles.teachers)}`,
      `/reports/nom035/applications?${scope(kindCycles.nom035)}`,
      `/reports/nom035/applications/${ids.active}`,
      `/reports/suggestions?campusId=${ids.campus}`,
      `/reports/new-intake/institutes?${scope(kindCycles.intake)}`,
      `/reports/export?${scope()}&table=items&format=csv`,
      `/reports/export?${scope()}&table=breakdown&segment=plan&format=xlsx`,
      `/reports/export?${scope()}&table=missing&format=csv`,
      `/reports/export?${scope(kindCycles.teachers)}&table=teachers&format=csv`,
      `/reports/nom035/applications/${ids.active}/pdf`,
      `/ciclo/${ids.cycle}/pdf/students?periodoId=${ids.period}&campusId=${ids.campus}`,
    ];
    for (const path of paths) {
      const response = await get(path);
      expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
    }
    expect((await get(`/reports/overview?${scope()}`)).json<ReportOverview>().totals.published).toBe(6);
    expect(await figureReads(primaryClient)).toBe(0);
    expect(await figureReads(replicaClient)).toBeGreaterThan(0);
  });

  it('shows the replica’s figures: a paused replay keeps the old ones while the primary has the new', async () => {
    await replicaClient.query('select pg_wal_replay_pause()');
    // The pause only takes effect when replay next looks at it; until then the replica may still apply what arrives
    // (a loaded CI machine showed it). A transaction id on the primary gives replay a record to stop before.
    await waitUntil('the replica to pause its replay', async () => {
      await primaryClient.query('select txid_current()');
      const { rows } = await replicaClient.query<{ state: string }>('select pg_get_wal_replay_pause_state() as state');
      return rows[0]?.state === 'paused';
    });
    const beforeWrites = new Date();
    // A back-office edit through the app: written on the primary (the paused replica could not take it).
    const renamed = await t.request({ method: 'PUT', url: `${API}/campus/${ids.campus}`, token, payload: { nombre: 'Réplica Sur' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await publish(primaryHandle.db, 5);

    const stale = await overview();
    expect(stale.scope.campuses.map((campus) => campus.nombre)).toEqual(['Réplica Norte']);
    expect(stale.totals.published).toBe(6);
    const note = await freshness();
    expect(note.source).toBe('replica');
    expect(note.current).toBe(false);
    // The figures are as of the last transaction replayed, before the writes above.
    expect(new Date(note.asOf!).getTime()).toBeLessThan(beforeWrites.getTime());
    const [onPrimary] = await primaryHandle.db.select({ nombre: campuses.nombre }).from(campuses).where(eq(campuses.id, ids.campus));
    expect(onPrimary!.nombre).toBe('Réplica Sur');

    await replicaClient.query('select pg_wal_replay_resume()');
    const fresh = await waitUntil('the report to show the replayed figures', async () => {
      const current = await overview();
      return current.totals.published === 11 ? current : null;
    });
    expect(fresh.scope.campuses.map((campus) => campus.nombre)).toEqual(['Réplica Sur']);
    // Caught up (nothing more written meanwhile): current, as of the moment asked.
    const caughtUp = await waitUntil('the replica to be current', async () => {
      const answer = await freshness();
      return answer.current ? answer : null;
    });
    expect(caughtUp.source).toBe('replica');
    expect(new Date(caughtUp.asOf!).getTime()).toBeGreaterThanOrEqual(beforeWrites.getTime());
  });

  it('reads from the primary while the replica is down, with a warning in the log', async () => {
    replica.stop();
    const report = await overview();
    expect(report.totals.published).toBe(11);
    expect(report.scope.campuses.map((campus) => campus.nombre)).toEqual(['Réplica Sur']);
    expect(await freshness()).toEqual({ source: 'primary', asOf: null, current: true });
    const warnings = logLines.filter((line) => line.includes('reports replica unavailable'));
    // One warning per outage, not one per read.
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!).level).toBe(40);
    const file = await get(`/reports/export?${scope()}&table=items&format=csv`);
    expect(file.statusCode).toBe(200);
  });
});
