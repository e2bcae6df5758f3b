/**
 * Starts the real server the way `npm start` does (node --import tsx
 * packages/server/src/main.ts) on a free loopback port with a fresh DATA_DIR:
 * embedded PGlite, demo data, and the given SMTP server for mail. The
 * DATA_DIR starts as a copy of the migrated template of this run
 * (global-setup.ts), so the start only seeds the demo.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { ensureWebBuilt, repoRoot, webDistIndex } from '../../scripts/web-build.mjs';

export interface RunningServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** http://127.0.0.1:PORT/encuestas */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
// A worker that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startServer(options: { smtpUrl?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  ensureWebBuilt({ log: (message) => console.log(message) });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'encuestas-e2e-'));
  // The server keeps PGlite's files in DATA_DIR/pgdata.
  const template = inject('migratedPgdata');
  if (template) cpSync(template, path.join(dataDir, 'pgdata'), { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.dirname(webDistIndex),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const startedAt = Date.now();
  // Ready when the health check answers (the copied template is migrated: the start seeds the demo).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited during start-up:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/encuestas/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  console.log(`[e2e] server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return { origin, baseUrl: `${origin}/encuestas`, port, dataDir, output: () => output, stop };
}
