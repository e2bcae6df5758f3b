/**
 * `npm run bench:startup [-- --runs=5]`: how long the server takes from its
 * process starting to answering /encuestas/api/health, run from TypeScript
 * through tsx (the baseline: how `npm start` ran before the build) and from
 * the build (packages/server/dist/main.mjs, how `npm start` runs now), on the
 * same DATA_DIR (embedded PGlite with the demo data, loaded by a first start
 * not timed) and taking turns, so neither always meets a warmer machine.
 * Prints the runs and a markdown table of the medians and spreads.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../scripts/postgres-cluster.mjs';
import { ensureServerBuilt, serverMain } from '../scripts/server-build.mjs';
import { repoRoot } from '../scripts/web-build.mjs';
import { machine } from './report';

const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
/** Hang detectors: a start that takes this long is a failure, not a figure (the first one seeds the demo). */
const HANG_MS = 120_000;
const FIRST_START_HANG_MS = 900_000;

const MODES = {
  'TypeScript through tsx (before)': ['--import', 'tsx', 'packages/server/src/main.ts'],
  'the build, dist/main.mjs (now)': ['--enable-source-maps', path.relative(repoRoot, serverMain)],
} as const;
type Mode = keyof typeof MODES;

/** Starts the server in this mode; resolves with the milliseconds until /health answered 200, once it has stopped. */
async function timeStart(mode: Mode, dataDir: string, hangMs = HANG_MS): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...MODES[mode]], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server (${mode}) exited during start-up`);
      const ok = await fetch(`http://127.0.0.1:${port}/encuestas/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > hangMs) throw new Error(`the server (${mode}) did not answer within ${hangMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

await ensureServerBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-startup-'));
try {
  console.log('first start (migrations and demo data, not timed)…');
  await timeStart('the build, dist/main.mjs (now)', dataDir, FIRST_START_HANG_MS);
  const times: Record<Mode, number[]> = { 'TypeScript through tsx (before)': [], 'the build, dist/main.mjs (now)': [] };
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const modes = Object.keys(MODES) as Mode[];
    for (const mode of run % 2 ? modes.reverse() : modes) {
      loads.push(os.loadavg()[0]!);
      const ms = await timeStart(mode, dataDir);
      times[mode].push(ms);
      console.log(`run ${run + 1}/${RUNS} ${mode}: ${seconds(ms)} s`);
    }
  }
  console.log(
    [
      '',
      `${new Date().toISOString().slice(0, 10)} · ${machine()} · \`npm run bench:startup -- --runs=${RUNS}\`, embedded PGlite with the demo data, load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}.`,
      '',
      '| server run as | median s | spread s | runs s |',
      '|---|---|---|---|',
      ...(Object.keys(MODES) as Mode[]).map(
        (mode) => `| ${mode} | ${seconds(median(times[mode]))} | ${seconds(Math.min(...times[mode]))}–${seconds(Math.max(...times[mode]))} | ${times[mode].map(seconds).join(' / ')} |`,
      ),
    ].join('\n'),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
