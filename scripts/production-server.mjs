/**
 * Starts the real server the way `npm start` does (the build,
 * packages/server/dist/main.mjs, rebuilt when stale) on a free loopback port, with the given
 * DATA_DIR (embedded PGlite), the demo data and an SMTP server for mail;
 * resolves once its health check answers. Shared by the end-to-end harness
 * and `npm run lighthouse`.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './postgres-cluster.mjs';
import { ensureServerBuilt, serverMain } from './server-build.mjs';
import { repoRoot, webDistIndex } from './web-build.mjs';

const running = new Set();
// A process that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * `port`: a port chosen beforehand (one that must be known before the start, e.g. registered with an identity provider); a free one by default.
 * `nodeArgs`: more options for node (a benchmark's `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export async function spawnProductionServer({ dataDir, smtpUrl, env = {}, readyWithinMs, port: chosenPort, nodeArgs = [] }) {
  await ensureServerBuilt();
  const port = chosenPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, serverMain], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.dirname(webDistIndex),
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk.toString()));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));

  const stop = async ({ keepDataDir = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited during start-up:\n${output}`);
    }
    const healthy = await fetch(`${origin}/encuestas/api/health`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within ${readyWithinMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, baseUrl: `${origin}/encuestas`, port, dataDir, output: () => output, stop };
}
