/**
 * A large directory import must not hold the server: it runs in bounded
 * batches that yield, so other requests keep being answered while it works
 * and the browser can show its progress. How long /health takes meanwhile is
 * a speed figure, measured by `npm run bench:import` (docs/benchmarks.md).
 */
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CAMPUSES } from '../../src/db/seed/demo';
import { newIntakeTargets, periods, students } from '../../src/db/schema';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName, usingPostgres } from '../helpers/database';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

/**
 * Large enough for many batches: PGlite answers 3 times slower, so 20,000
 * rows take it about as long as 50,000 take PostgreSQL (`npm run bench:import`
 * times 100,000 on both, and how long /health waits meanwhile).
 */
const ROWS = usingPostgres ? 50_000 : 20_000;
/**
 * An import that held the server would see /health answered at no point of
 * its checking or writing (PGlite before the batches) or at one; this one
 * yields between ROWS / 500 checking and ROWS / 250 writing batches (40 and
 * 80 on PGlite). Since the embedded database runs in its own thread PGlite's
 * checking is brief: runs saw /health answered at 5 of its points and 27 of
 * the writing (CI runs before: 12 to 21 of the checking).
 */
const MIN_POINTS = { checking: 2, writing: 8 };

let t: TestApp;
let admin: string;
let period: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [current] = await t.db.select().from(periods).where(eq(periods.id, t.demo!.currentPeriodId));
  period = current!.nombre;
});
afterAll(async () => {
  await t?.close();
});

/** ROWS students with pc_ids 95xxxxxxx, one in ten a new-intake student of the current period. */
function studentsCsv(): string {
  const lines = ['pc_id,nombre,apellido_paterno,apellido_materno,correo,campus,plan,grupo,sesion,anio,periodo,nuevo_ingreso'];
  for (let i = 0; i < ROWS; i++) {
    const pcId = String(950_000_000 + i);
    const campus = DEMO_CAMPUSES[i % DEMO_CAMPUSES.length];
    const newIntake = i % 10 === 0;
    lines.push(`${pcId},Alumno ${i},Carga,Masiva,a${pcId}@alumnos.mx,${campus},LADE,${(i % 9) + 1}A,Matutino,2026,${newIntake ? period : ''},${newIntake ? 'sí' : 'no'}`);
  }
  return lines.join('\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a ${ROWS.toLocaleString('en')}-row directory import (${driverName})`, () => {
  it('keeps answering /health and reporting its progress while it runs, then has imported every row', { timeout: HEAVY_TIMEOUT_MS }, async () => {
    const csv = studentsCsv();
    const progressId = 'carga-masiva-0001';
    let finished = false;
    const importing = t
      .request({ method: 'POST', url: `${API}/directory/import/alumnos`, payload: { csv, progressId }, token: admin })
      .finally(() => {
        finished = true;
      });

    // What the browser's progress bar showed at each answer of /health.
    const probes: { phase: string; done: number }[] = [];
    while (!finished) {
      await sleep(20);
      const health = await t.request({ method: 'GET', url: `${API}/health` });
      expect(health.statusCode).toBe(200);
      const progress = await t.request({ method: 'GET', url: `${API}/directory/import/progress/${progressId}`, token: admin });
      expect(progress.statusCode).toBe(200);
      const { phase = 'none', done = 0 } = progress.json().progress ?? {};
      probes.push({ phase, done });
    }
    const response = await importing;
    const pointsOf = (phase: string) => new Set(probes.filter((p) => p.phase === phase).map((p) => p.done)).size;
    console.info(`${driverName}: /health answered ${probes.length} times during the import, at ${pointsOf('checking')} points of the checking and ${pointsOf('writing')} of the writing`);

    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.json().report).toMatchObject({ imported: ROWS, created: ROWS, updated: 0, errors: [] });
    expect(probes.length).toBeGreaterThan(5);
    // The browser's progress bar saw the rows being checked and written.
    expect(probes.map((p) => p.phase)).toEqual(expect.arrayContaining(['checking', 'writing']));
    // Answered between batches, not queued behind the import: the answers came at many points of its work.
    expect(pointsOf('checking')).toBeGreaterThanOrEqual(MIN_POINTS.checking);
    expect(pointsOf('writing')).toBeGreaterThanOrEqual(MIN_POINTS.writing);
    const after = await t.request({ method: 'GET', url: `${API}/directory/import/progress/${progressId}`, token: admin });
    expect(after.json()).toEqual({ progress: null });

    const [imported] = await t.db.select({ n: count() }).from(students).where(like(students.pcId, '95%'));
    expect(imported!.n).toBe(ROWS);
    const [targets] = await t.db.select({ n: count() }).from(newIntakeTargets).where(eq(newIntakeTargets.periodoId, t.demo!.currentPeriodId));
    expect(targets!.n).toBeGreaterThanOrEqual(ROWS / 10);
  });
});
