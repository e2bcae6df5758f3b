#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server when packages/web/dist or
 * packages/server/dist is missing or stale, then runs the compiled server
 * (scripts/server-build.mjs; no TypeScript compiled at start). The server prints its address
 * and the administrator's e-mail and password itself. Signals are forwarded
 * and the server's exit code becomes ours.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, serverMain } from './server-build.mjs';
import { ensureWebBuilt, repoRoot } from './web-build.mjs';

try {
  ensureWebBuilt();
  await ensureServerBuilt();
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// The server runs in its own process group so a Ctrl+C in the terminal
// reaches it once, through us, instead of twice.
const server = spawn(process.execPath, ['--enable-source-maps', path.relative(repoRoot, serverMain)], {
  cwd: repoRoot,
  stdio: 'inherit',
  detached: true,
  env: process.env,
});

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
let stopping = 0;
for (const signal of SIGNALS) {
  process.on(signal, () => {
    stopping += 1;
    if (server.exitCode !== null || server.signalCode !== null) return;
    // A second Ctrl+C while the server shuts down forces it.
    server.kill(stopping > 1 && signal === 'SIGINT' ? 'SIGKILL' : signal);
  });
}
// If we die for another reason, do not leave the server behind.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 1));
  process.exit(code ?? 1);
});
