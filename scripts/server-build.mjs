/**
 * Compiles the server (and the core package it imports) to JavaScript with
 * esbuild, so `npm start` loads a bundle instead of compiling TypeScript
 * through tsx at every start (docs/benchmarks.md, "Start-up").
 *
 * packages/server/dist/ holds five bundles, one level below the package like
 * the sources' top level, so paths made from import.meta.url (the migrations
 * in packages/server/drizzle, the web app in packages/web/dist) resolve the
 * same from src/ and from dist/:
 *   main.mjs         the server (src/main.ts)
 *   cli.mjs          the operator commands (src/cli.ts)
 *   worker-entry.mjs the report files' worker threads (src/features/files/worker.ts),
 *                    named like the source entry that workers.ts points piscina at
 *   embedded-worker.mjs the embedded PGlite's thread (src/db/embedded-worker.mjs), found
 *                    the same way by db/embedded.ts
 *   mover-worker-entry.mjs the mover's thread on PostgreSQL (src/features/responses/mover-worker.ts),
 *                    found the same way by features/responses/mover-thread.ts
 * npm packages stay external (loaded from node_modules as they are); only our
 * own TypeScript, server and core, is bundled.
 *
 * Rebuilt when missing or older than any source, with the same rule as the
 * web app (scripts/web-build.mjs).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime, repoRoot } from './web-build.mjs';

export const serverDir = path.join(repoRoot, 'packages/server');
export const serverDist = path.join(serverDir, 'dist');
export const serverMain = path.join(serverDist, 'main.mjs');
export const serverCli = path.join(serverDist, 'cli.mjs');

const ENTRIES = {
  main: 'src/main.ts',
  cli: 'src/cli.ts',
  'worker-entry': 'src/features/files/worker.ts',
  'embedded-worker': 'src/db/embedded-worker.mjs',
  'mover-worker-entry': 'src/features/responses/mover-worker.ts',
};
const SOURCES = ['packages/server/src', 'packages/server/package.json', 'packages/core/src', 'packages/core/package.json', 'scripts/server-build.mjs'];

/** Every npm dependency of server and core: left to node_modules. */
function externals() {
  const names = new Set();
  for (const pkg of ['packages/server/package.json', 'packages/core/package.json']) {
    const { dependencies = {} } = JSON.parse(readFileSync(path.join(repoRoot, pkg), 'utf8'));
    for (const name of Object.keys(dependencies)) names.add(name);
  }
  return [...names];
}

/** Why the server needs building, or null when dist is up to date. */
export function serverBuildReason() {
  const outputs = Object.keys(ENTRIES).map((name) => path.join(serverDist, `${name}.mjs`));
  if (!outputs.every((file) => existsSync(file))) return 'packages/server/dist is missing';
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(repoRoot, source))));
  return newest > built ? 'the server sources changed since the last build' : null;
}

/** Bundles `entryPoints` ({ name: path }) into packages/server/dist as production runs them. */
async function bundleInto(entryPoints) {
  const { build } = await import('esbuild');
  // Written aside, then each file renamed into place: a server starting meanwhile reads whole files.
  mkdirSync(serverDist, { recursive: true });
  const staging = mkdtempSync(path.join(serverDist, '.build-'));
  try {
    await build({
      absWorkingDir: serverDir,
      entryPoints,
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // No shared chunks: each bundle is one file in dist/, so import.meta.url is at the same depth in all.
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: externals(),
      sourcemap: 'linked', // node --enable-source-maps names the TypeScript lines
      logLevel: 'warning',
    });
    // Maps first, so a bundle never points at a map that is not there yet.
    const files = readdirSync(staging).sort((a, b) => Number(b.endsWith('.map')) - Number(a.endsWith('.map')));
    for (const file of files) renameSync(path.join(staging, file), path.join(serverDist, file));
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Bundles the entries into packages/server/dist (about a second). */
export async function buildServer() {
  await bundleInto(ENTRIES);
}

/**
 * A benchmark's own server entry (the app plus a baseline route), bundled beside the server's, so it
 * runs as `npm start` does (not through tsx) and finds the worker bundles next to it. Returns its path.
 */
export async function buildBenchServer(name, entry) {
  await ensureServerBuilt({ log: () => undefined });
  await bundleInto({ [name]: entry });
  return path.join(serverDist, `${name}.mjs`);
}

/** Builds the server when stale; returns { built, reason? }. */
export async function ensureServerBuilt({ log = console.log } = {}) {
  const reason = serverBuildReason();
  if (!reason) return { built: false };
  log(`[server] building the server (${reason}): packages/server/dist`);
  await buildServer();
  return { built: true, reason };
}

// `node scripts/server-build.mjs`: build now (npm run build).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  console.log(`[server] built ${path.relative(repoRoot, serverDist)} (${Object.keys(ENTRIES).join(', ')})`);
}
