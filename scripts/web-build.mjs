/**
 * Builds the web app when packages/web/dist is missing or older than any
 * source it is built from. Shared by scripts/start.mjs, scripts/test.mjs and
 * the end-to-end harness so they all follow the same staleness rule.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDir = path.join(repoRoot, 'packages/web');
export const webDistIndex = path.join(webDir, 'dist/index.html');

/** Files the bundle is made from; tests next to the sources do not count. */
const SOURCES = ['packages/web/src', 'packages/web/index.html', 'packages/web/public', 'packages/web/vite.config.ts', 'packages/web/bundle-budgets.json', 'packages/core/src'];
const IGNORED = /\.test\.[cm]?[jt]sx?$|(^|\/)node_modules(\/|$)/;

/** The newest modification time under a file or folder (tests and node_modules not counted). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return IGNORED.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The build itself (scripts/test.mjs runs it without blocking its other lane). */
export const WEB_BUILD_COMMAND = ['npm', 'run', 'build', '-w', '@encuestas/web'];

/**
 * A production build even from inside vitest (the e2e harness), which sets NODE_ENV=test: Vite would
 * otherwise bundle React's development builds (about 80 kB gz more on every page).
 */
export function webBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

/** Why the web app needs building, or null when dist is up to date. */
export function webBuildReason() {
  if (!existsSync(webDistIndex)) return 'packages/web/dist is missing';
  const built = statSync(webDistIndex).mtimeMs;
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(repoRoot, source))));
  return newest > built ? 'the web sources changed since the last build' : null;
}

/** Whether the web app has sources to build at all. */
export function webSourcesExist() {
  return existsSync(path.join(webDir, 'index.html'));
}

/**
 * Runs `npm run build -w @encuestas/web` when needed. Returns
 * { built, skipped?, reason? }; throws when the build fails.
 */
export function ensureWebBuilt({ log = console.log } = {}) {
  const reason = webBuildReason();
  if (!reason) return { built: false };
  if (!webSourcesExist()) {
    log(`[web] ${reason}, but packages/web/index.html does not exist: nothing to build; only the API will be served.`);
    return { built: false, skipped: true, reason };
  }
  log(`[web] building the web app (${reason}): ${WEB_BUILD_COMMAND.join(' ')}`);
  const result = spawnSync(WEB_BUILD_COMMAND[0], WEB_BUILD_COMMAND.slice(1), { cwd: repoRoot, stdio: 'inherit', env: webBuildEnv() });
  if (result.status !== 0) {
    throw new Error(`the web build failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`})`);
  }
  return { built: true, reason };
}
