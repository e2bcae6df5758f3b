#!/usr/bin/env node
/**
 * `npm test`: every suite in order, carrying on after a failure, then one
 * closing line `N passed, N failed` (test cases summed over every suite; a
 * suite that crashes or cannot run counts at least 1 failed). Exits non-zero
 * when anything failed.
 *
 *   1. system packages: PostgreSQL server binaries, HAProxy and Chromium
 *      (installed with apt-get when missing and running as root)
 *   2. typecheck (npm run typecheck)                      counts as 1 test
 *   3. lint (eslint .)                                    counts as 1 test
 *   4. unit tests: core and server (vitest.config.ts)
 *   5. unit tests: web (packages/web/vitest.config.ts, project web; its component tests, project web-dom, follow 4)
 *   6. API integration tests on in-memory PGlite
 *   7. API integration tests on a throwaway PostgreSQL cluster
 *   8. crash, two-process and load-balancer proofs on PostgreSQL
 *      (bench/crash-proof.ts, `npm run test:crash`)      one test per check
 *   9. bundle budgets: the initial JavaScript of each respondent page,
 *      gzipped, against packages/web/bundle-budgets.json
 *      (scripts/bundle-budgets.mjs over the web build)  counts as 1 test
 *  10. end-to-end tests in Chromium against the real server
 *
 * The web app is built once (when stale) for the budgets and the e2e tests;
 * 7 runs in POSTGRES_PARTS parts (one). Two lanes take the suites longest first, each the
 * next one as it comes free (JOBS below); the second lane's output is printed
 * whole as each of its suites ends.
 *
 * Options: --only=a,b runs only the named suites (typecheck, lint, unit,
 * web, api-pglite, api-postgres, crash, budgets, e2e), e.g. `npm test -- --only=api-postgres`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPgBin, startPostgresCluster } from './postgres-cluster.mjs';
import { repoRoot, WEB_BUILD_COMMAND, webBuildEnv, webBuildReason, webSourcesExist } from './web-build.mjs';

process.chdir(repoRoot);
const startedAt = Date.now();
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const CHROMIUM = '/usr/bin/chromium';
/** The load balancer of the crash suite's proof with three API processes. */
const HAPROXY = '/usr/sbin/haproxy';
const VITEST = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const ESLINT = path.join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js');

const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').filter(Boolean)) : null;
const wanted = (id) => only === null || only.has(id);

const childEnv = { ...process.env, NO_COLOR: '1' };
delete childEnv.FORCE_COLOR;
delete childEnv.TEST_DATABASE_URL;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-test-run-'));
/** @type {{ id: string, name: string, passed: number, failed: number, seconds: number, note?: string }[]} */
const results = [];
/** Running children (two lanes may run at once), killed on a signal. */
const children = new Set();
/** Clean-up actions that must run however we stop (synchronous, so they also run on signals). */
const cleanups = [];

function log(message) {
  console.log(`\n[test] ${message}`);
}

function cleanUp() {
  while (cleanups.length) {
    const action = cleanups.pop();
    try {
      action();
    } catch (error) {
      console.error(`[test] clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  rmSync(workDir, { recursive: true, force: true });
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[test] ${signal}: stopping the current suite and cleaning up`);
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    cleanUp();
    process.exit(130);
  });
}
process.on('exit', () => cleanUp());

/** Runs a command with inherited output; resolves with its exit code (127 if it could not start). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: childEnv, stdio: 'inherit', ...options });
    children.add(child);
    child.on('error', (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      children.delete(child);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1));
    });
  });
}

/** Runs a command and captures its output (for the set-up steps). */

function record(id, name, passed, failed, seconds, note) {
  results.push({ id, name, passed, failed, seconds, note });
  log(`${name}: ${passed} passed and ${failed} failed in ${seconds.toFixed(1)} s${note ? ` (${note})` : ''}`);
}

/** A suite that counts as one test: passes when the command exits 0. */
async function commandSuite(id, name, command, args, runOptions = {}) {
  if (!wanted(id)) return;
  log(`${name}: ${[command === process.execPath ? 'node' : command, ...args].join(' ')}`);
  const start = Date.now();
  const code = await run(command, args, runOptions);
  record(id, name, code === 0 ? 1 : 0, code === 0 ? 0 : 1, (Date.now() - start) / 1000, code === 0 ? undefined : `exit code ${code}`);
}

/** Runs vitest with the JSON reporter and counts test cases. */
async function vitestSuite(id, name, args, extraEnv = {}, runOptions = {}) {
  log(`${name}: vitest run ${args.join(' ')}`);
  const report = path.join(workDir, `${id}.json`);
  const start = Date.now();
  const code = await run(
    process.execPath,
    [VITEST, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { env: { ...childEnv, ...extraEnv }, ...runOptions },
  );
  const seconds = (Date.now() - start) / 1000;
  let passed = 0;
  let failed = 0;
  let note;
  if (existsSync(report)) {
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      passed = json.numPassedTests ?? 0;
      failed = json.numFailedTests ?? 0;
      // A test file that failed to load has no test cases: count it as one failure.
      const brokenFiles = (json.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).length);
      if (brokenFiles.length) {
        failed += brokenFiles.length;
        note = `${brokenFiles.length} test file(s) failed to load`;
      }
      if (failed === 0 && (code !== 0 || (json.numFailedTestSuites ?? 0) > 0 || json.success === false)) {
        failed = 1;
        note = `vitest exited with ${code}: a test file failed to load or an error happened outside the tests`;
      }
    } catch (error) {
      failed = Math.max(failed, 1);
      note = `unreadable report: ${error instanceof Error ? error.message : String(error)}`;
    }
  } else {
    failed = 1;
    note = `vitest exited with ${code} without a report`;
  }
  if (passed + failed === 0) {
    failed = 1;
    note = 'no test ran';
  }
  record(id, name, passed, failed, seconds, note);
}

/** The crash proofs (bench/crash-proof.ts): each check it reports counts as a test. */
async function crashSuite(id, name, args, runOptions = {}) {
  log(`${name}: bench/crash-proof.ts ${args.join(' ')}`);
  const report = path.join(workDir, `${id}.json`);
  const start = Date.now();
  const code = await run(process.execPath, ['--import', 'tsx', 'bench/crash-proof.ts', ...args, `--json=${report}`], runOptions);
  const seconds = (Date.now() - start) / 1000;
  let passed = 0;
  let failed = 0;
  let note;
  try {
    ({ passed, failed } = JSON.parse(readFileSync(report, 'utf8')));
  } catch (error) {
    note = `no readable report: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (code !== 0 && failed === 0) {
    failed = 1;
    note ??= `exited with ${code}`;
  }
  if (passed + failed === 0) {
    failed = 1;
    note ??= 'no check ran';
  }
  record(id, name, passed, failed, seconds, note);
}

function failSuite(id, name, reason) {
  if (!wanted(id)) return;
  console.error(`\n[test] ${name} cannot run: ${reason}`);
  record(id, name, 0, 1, 0, reason);
}

// ------------------------------------------------------------ system packages

let aptUpdated = false;
function aptInstall(packages) {
  const aptEnv = { ...childEnv, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt/dpkg run instead of failing on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  if (!aptUpdated) {
    log('apt-get update');
    aptUpdated = true;
    const update = spawnSync('apt-get', [...lock, 'update'], { stdio: 'inherit', env: aptEnv });
    if (update.status !== 0) return false;
  }
  log(`apt-get install -y ${packages.join(' ')}`);
  const install = spawnSync('apt-get', [...lock, 'install', '-y', ...packages], { stdio: 'inherit', env: aptEnv });
  return install.status === 0;
}

/** Makes sure PostgreSQL, HAProxy and Chromium are there; returns what is still missing, with why. */
function ensureSystemPackages() {
  const start = Date.now();
  const missing = [];
  if ((wanted('api-postgres') || wanted('crash')) && !findPgBin()) missing.push('postgresql');
  if (wanted('crash') && !existsSync(HAPROXY)) missing.push('haproxy');
  if (wanted('e2e') && !existsSync(CHROMIUM)) missing.push('chromium');
  const problems = {};
  if (missing.length && !isRoot) {
    for (const pkg of missing) problems[pkg] = `${pkg} is not installed and this is not root: run "sudo apt-get install -y ${pkg}"`;
  } else if (missing.length) {
    aptInstall(missing);
    if (missing.includes('postgresql') && !findPgBin()) problems.postgresql = 'apt-get could not install postgresql';
    if (missing.includes('chromium') && !existsSync(CHROMIUM)) problems.chromium = 'apt-get could not install chromium';
    if (missing.includes('haproxy') && !existsSync(HAPROXY)) problems.haproxy = 'apt-get could not install haproxy';
  }
  if (missing.length) log(`system packages ready in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return problems;
}

// ------------------------------------------------------------ the run

const problems = wanted('api-postgres') || wanted('crash') || wanted('e2e') ? ensureSystemPackages() : {};

/** Runs `work` with its children's output in a file, printed whole when it ends, so two lanes never interleave line by line. */
async function intoLog(id, title, work) {
  const file = path.join(workDir, `${id}.log`);
  const fd = openSync(file, 'w');
  try {
    await work({ stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
    const output = readFileSync(file, 'utf8');
    if (output.trim()) console.log(`\n[test] output of ${title}:\n${output}`);
  }
}

const apiArgs = ['--config', 'packages/server/test/vitest.config.ts'];
/**
 * PostgreSQL's API test files in this many parts (vitest shards), so the two lanes can end close together.
 * One since 2026-11-27: each part paid vitest's start, the transforms and the global set-up again (about 22 s
 * of a part's 120 to 186 s), and the end-to-end job alone is long enough for the other lane to balance it.
 */
const POSTGRES_PARTS = 1;

/** One throwaway PostgreSQL cluster for the API tests, started by the first part that needs it. */
let postgresCluster;
function clusterForApiTests() {
  postgresCluster ??= (async () => {
    const binDir = findPgBin();
    if (!binDir) throw new Error(problems.postgresql ?? 'PostgreSQL server binaries (initdb, pg_ctl) not found');
    const start = Date.now();
    // Durability off: a throwaway test cluster needs speed, not fsync.
    const cluster = await startPostgresCluster({ durable: false, env: childEnv });
    cleanups.push(cluster.stop);
    log(`PostgreSQL cluster from ${binDir} up on 127.0.0.1:${cluster.port} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    return cluster;
  })();
  return postgresCluster;
}

/** Part `shard` of POSTGRES_PARTS of the API test files on PostgreSQL. */
async function postgresApiSuite(shard, runOptions) {
  const name = POSTGRES_PARTS === 1 ? `API tests (PostgreSQL)` : `API tests (PostgreSQL, part ${shard} of ${POSTGRES_PARTS})`;
  let cluster;
  try {
    cluster = await clusterForApiTests();
  } catch (error) {
    failSuite('api-postgres', name, error instanceof Error ? error.message : String(error));
    return;
  }
  await vitestSuite('api-postgres', name, [...apiArgs, `--shard=${shard}/${POSTGRES_PARTS}`], { TEST_DATABASE_URL: cluster.url }, runOptions);
}

/** Builds the web app when stale (once: the second call finds it fresh); the error message, or null. */
async function buildWebApp(runOptions = {}) {
  const reason = webBuildReason();
  if (!reason) return null;
  if (!webSourcesExist()) return 'packages/web/index.html does not exist';
  log(`building the web app (${reason}): ${WEB_BUILD_COMMAND.join(' ')}`);
  const start = Date.now();
  const code = await run(WEB_BUILD_COMMAND[0], WEB_BUILD_COMMAND.slice(1), { env: webBuildEnv(childEnv), ...runOptions });
  if (code !== 0) return `the web build failed (exit code ${code})`;
  log(`web app built in ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return null;
}

/** The build, then the bundle budgets and the end-to-end tests (one job: both need the build). */
async function browserSuites(runOptions) {
  const buildError = await buildWebApp(runOptions);
  if (wanted('budgets')) {
    if (buildError) failSuite('budgets', 'bundle budgets (respondent pages)', buildError);
    else await commandSuite('budgets', 'bundle budgets (respondent pages)', process.execPath, ['scripts/bundle-budgets.mjs'], runOptions);
  }
  if (wanted('e2e')) {
    if (!existsSync(CHROMIUM)) failSuite('e2e', 'end-to-end tests (Chromium)', problems.chromium ?? `${CHROMIUM} not found`);
    else if (buildError) failSuite('e2e', 'end-to-end tests (Chromium)', buildError);
    else await vitestSuite('e2e', 'end-to-end tests (Chromium)', ['--config', 'e2e/vitest.config.ts'], {}, runOptions);
  }
}

async function crashProofs(runOptions) {
  if (!findPgBin()) failSuite('crash', 'crash proofs (PostgreSQL)', problems.postgresql ?? 'PostgreSQL server binaries (initdb, pg_ctl) not found');
  else if (!existsSync(HAPROXY)) failSuite('crash', 'crash proofs (PostgreSQL)', problems.haproxy ?? `${HAPROXY} not found`);
  else await crashSuite('crash', 'crash proofs (PostgreSQL)', ['--db=postgres'], runOptions);
}

/**
 * Every suite as a job with the seconds it takes on a fresh clone of a 2-core
 * machine, longest first: two lanes take the next job as they come free, so
 * both cores stay busy to the end and the lanes end close together (a
 * longest-first list schedule). A figure only orders the jobs; nothing waits
 * on it. From the fresh-clone run of d133ccd on 2026-11-28 01:02 (906 s in
 * all, 3,355 passed, nothing else on the machine), the web build and the
 * budgets (about 20 s) counted in the end-to-end job, which runs two files at
 * a time.
 */
const JOBS = [
  { ids: ['api-pglite'], seconds: 684, run: (o) => vitestSuite('api-pglite', 'API tests (PGlite)', apiArgs, {}, o) },
  { ids: ['budgets', 'e2e'], seconds: 495, run: browserSuites },
  ...Array.from({ length: POSTGRES_PARTS }, (_, i) => ({ ids: ['api-postgres'], seconds: 284, run: (o) => postgresApiSuite(i + 1, o) })),
  { ids: ['typecheck'], seconds: 23, run: (o) => commandSuite('typecheck', 'typecheck', 'npm', ['run', 'typecheck'], o) },
  { ids: ['web'], seconds: 169, run: (o) => vitestSuite('web-dom', 'component tests (web)', ['--config', 'packages/web/vitest.config.ts', '--project', 'web-dom'], {}, o) },
  { ids: ['crash'], seconds: 34, run: crashProofs },
  { ids: ['lint'], seconds: 37, run: (o) => commandSuite('lint', 'lint', process.execPath, [ESLINT, '.'], o) },
  { ids: ['unit'], seconds: 43, run: (o) => vitestSuite('unit', 'unit tests (core, server)', ['--config', 'vitest.config.ts'], {}, o) },
  { ids: ['web'], seconds: 29, run: (o) => vitestSuite('web', 'unit tests (web)', ['--config', 'packages/web/vitest.config.ts', '--project', 'web'], {}, o) },
]
  .filter((job) => job.ids.some(wanted))
  .sort((a, b) => b.seconds - a.seconds);

/** A lane takes the next job until none is left: the first prints as it goes, the second prints each job when it ends. */
async function lane(index) {
  for (let job = JOBS.shift(); job; job = JOBS.shift()) {
    const title = job.ids.join(' and ');
    if (index === 0) await job.run({});
    else await intoLog(`lane-${index}-${title.replace(/\W+/g, '-')}`, title, job.run);
  }
}
await Promise.all([lane(0), lane(1)]);

// ------------------------------------------------------------ summary

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
const width = Math.max(...results.map((r) => r.name.length), 10);
console.log('\n[test] summary');
for (const r of results) {
  const mark = r.failed ? 'FAIL' : 'ok  ';
  console.log(
    `  ${mark} ${r.name.padEnd(width)}  passed ${String(r.passed).padStart(4)}  failed ${String(r.failed).padStart(3)}  ${r.seconds.toFixed(1).padStart(6)} s${r.note ? `  (${r.note.split('\n')[0]})` : ''}`,
  );
}
console.log(`  total time ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
cleanUp();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
