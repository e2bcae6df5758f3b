/**
 * `npx tsx bench/reset-timing.ts`: does POST /admin/send-reset-email take
 * longer for an existing account than for an unknown e-mail? The real server
 * runs in a child process on a throwaway PGlite (so the client's clock is not
 * slowed by the server's work); requests alternate between existing and
 * unknown e-mails, and a classifier that splits at the midpoint of the two
 * medians says how many it would guess right (about half = no signal).
 * 29 requests: the route allows 30 an hour per client address.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../packages/server/src/db/client';
import { seedReferenceData } from '../packages/server/src/db/seed/reference';
import { createAdminUser } from '../packages/server/src/features/users/service';
import { freePort } from '../scripts/postgres-cluster.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PAIRS = 14;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-reset-bench-'));

const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
await database.migrate();
await seedReferenceData(database.db);
for (let i = 0; i < PAIRS; i++) await createAdminUser(database.db, { email: `cuenta${i}@bench.mx`, password: 'Girasol-Marea-2026', name: 'Cuenta' });
await database.close();

const port = await freePort();
const server = fork(path.join(here, 'server.ts'), [], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), JWT_SECRET: 'bench-secret-'.padEnd(48, 'x') },
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise((resolve, reject) => {
  server.once('message', resolve);
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

async function timed(email: string): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await fetch(`http://127.0.0.1:${port}/encuestas/api/admin/send-reset-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await response.text();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  // Let the work after the answer finish before the next request.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return ms;
}

try {
  const existing: number[] = [];
  const unknown: number[] = [];
  await timed('calentamiento@bench.mx');
  for (let i = 0; i < PAIRS; i++) {
    // Alternating which goes first, so warm-up and drift hit both alike.
    if (i % 2 === 0) existing.push(await timed(`cuenta${i}@bench.mx`));
    unknown.push(await timed(`nadie${i}@bench.mx`));
    if (i % 2 === 1) existing.push(await timed(`cuenta${i}@bench.mx`));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const threshold = (median(existing) + median(unknown)) / 2;
  const slowerIsExisting = median(existing) > median(unknown);
  const right =
    existing.filter((ms) => ms > threshold === slowerIsExisting).length + unknown.filter((ms) => ms > threshold !== slowerIsExisting).length;
  console.log(`median existing ${median(existing).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`);
  console.log(`a midpoint classifier gets ${right} of ${PAIRS * 2} right (${PAIRS} = chance)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
