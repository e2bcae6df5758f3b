/**
 * Starts the real server the way `npm start` does (scripts/production-server.mjs)
 * on a free loopback port with a fresh DATA_DIR: embedded PGlite and the given
 * SMTP server for mail. The DATA_DIR starts as a copy of a template of this
 * run (global-setup.ts): by default the demo, already seeded, so the start
 * only opens it; `template: 'migrated'` for a start that seeds with settings
 * of its own (or, with SEED_DEMO=false, an institution's first start).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { spawnProductionServer, type RunningServer } from '../../scripts/production-server.mjs';
import { ensureWebBuilt } from '../../scripts/web-build.mjs';
import { SERVER_START_TIMEOUT_MS } from './timeouts';

export type { RunningServer };

export async function startServer(
  options: { smtpUrl?: string; env?: Record<string, string>; template?: 'demo' | 'migrated'; port?: number } = {},
): Promise<RunningServer> {
  ensureWebBuilt({ log: (message) => console.log(message) });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'encuestas-e2e-'));
  // The server keeps PGlite's files in DATA_DIR/pgdata.
  const templates = inject('pgdataTemplates');
  if (templates) cpSync(templates[options.template ?? 'demo'], path.join(dataDir, 'pgdata'), { recursive: true });
  const startedAt = Date.now();
  const server = await spawnProductionServer({
    dataDir,
    smtpUrl: options.smtpUrl,
    env: options.env,
    port: options.port,
    readyWithinMs: SERVER_START_TIMEOUT_MS,
  });
  console.log(`[e2e] server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return server;
}
