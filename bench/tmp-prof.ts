import { readFileSync } from 'node:fs';
import { openDatabase } from '../packages/server/src/db/client';
import * as q from '../packages/server/src/features/aggregates/queries';
import { heldResponseCount } from '../packages/server/src/features/responses/mover';
import { startPostgresCluster } from '../scripts/postgres-cluster.mjs';
const kept = JSON.parse(readFileSync('/work/bench-1m/bench-load.json', 'utf8'));
const t = kept.targets;
const cluster = await startPostgresCluster({ keepIn: '/work/bench-1m' });
const { db, close } = await openDatabase({ url: cluster.url }) as any;
const cycleId = t.cycles['alumnos/evaluacionDocente'];
const whole = { cycleId, periodoId: t.periodoId };
const actives = (await db.execute(`select id, campus_id from active where periodo_id = ${t.periodoId}`)).rows ?? [];
const activeIds = actives.map((a: any) => a.id); const campusIds = actives.map((a: any) => a.campus_id);
const pieces: [string, () => Promise<unknown>][] = [
  ['daily', () => q.dailyCounts(db, whole)],
  ['itemDistribution all', () => q.itemDistribution(db, whole, 'all')],
  ['held x7', () => Promise.all(activeIds.map((activeId: number) => heldResponseCount(db, { activeId, cycleId })))],
  ['missingCounts', () => q.missingCounts(db, { activeIds, cycleId, campusIds, respondentType: 'student' })],
  ['campusSummaries', () => q.campusSummaries(db, whole)],
  ['countTexts comments', () => q.countTexts(db, { scope: whole, itemIds: ['comments'] })],
  ['responsesByVersion', () => q.responsesByVersion(db, { cycleId, periodoIds: [t.periodoId], campusIds })],
];
for (const [name, fn] of pieces) {
  const times: number[] = [];
  for (let i = 0; i < 12; i++) { const s = performance.now(); await fn(); times.push(performance.now() - s); }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(24), 'median', times[6]!.toFixed(1), 'max', times[11]!.toFixed(1));
}
await close(); cluster.stop();
