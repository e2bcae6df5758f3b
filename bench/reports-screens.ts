/**
 * `npm run bench:reports -- --screens`: what a back-office user waits for on
 * the demo (issue 20), the API half of «interactive»: each screen's API calls
 * as the screen makes them on open, cold (the first request after a restart
 * of the server) and warm. The page's own work is Lighthouse's
 * (`npm run lighthouse`).
 *
 * - The production server as `npm start` runs it (embedded PGlite, demo data).
 * - The calls are recorded from the real screen: Chromium opens each screen
 *   signed in and every /api request is noted with its start and end. Calls
 *   that start before any call of the current wave has answered form one wave
 *   (made together); a call that starts after one has answered waits for it.
 *   A screen is replayed wave by wave, each wave's calls at once, with the
 *   user's token: the time is from the first call to the last answer.
 * - Cold: the server is restarted (same data) before each cold replay, one
 *   screen per restart. Warm: timing phases of samples after warm-ups, as
 *   bench:reports times every read (bench/timing.ts).
 * - Baseline, in the same run and the same way: GET /health, a route that
 *   reads nothing, so the figures can be compared across a loaded machine.
 *
 * Options: --runs 3 (warm phases; cold restarts per screen too unless --cold-runs N)  --samples 5
 *   --no-write (print only)  --web-dist DIR (serve that build of the web app)
 *   --data-dir DIR (start from a copy of that seeded DATA_DIR instead of seeding the demo)
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { startSmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { spawnProductionServer } from '../scripts/production-server.mjs';
import { ensureWebBuilt, repoRoot } from '../scripts/web-build.mjs';
import { ACCOUNTS, prepareBackOffice, signInTab, type BackOfficeSession, type Screen } from './back-office';
import { machine } from './report';
import { timeReads } from './timing';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STEP_TIMEOUT_MS = 120_000;
/** A screen has settled when no API call has been made or answered for this long (a loaded machine renders slowly between waves). */
const QUIET_MS = 6_000;

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const RUNS = option('runs', 3);
const SAMPLES = option('samples', 5);
/** A restart per screen and run: minutes on a busy machine, so it may be fewer than the warm phases. */
const COLD_RUNS = option('cold-runs', RUNS);
const WRITE = !process.argv.includes('--no-write');
const webDistIndex = process.argv.indexOf('--web-dist');
/** Another build of the web app to record the calls from (as npm run lighthouse -- --web-dist). */
const WEB_DIST = webDistIndex > 0 ? process.argv[webDistIndex + 1] : undefined;
const dataDirIndex = process.argv.indexOf('--data-dir');
/** A DATA_DIR already seeded (a stopped server's), copied so the run starts in seconds instead of seeding the demo for minutes. */
const DATA_DIR = dataDirIndex > 0 ? process.argv[dataDirIndex + 1] : undefined;
/** Seeding the demo takes minutes on a busy 2-core machine. */
const READY_WITHIN_MS = 900_000;

const log = (message: string) => console.log(`[bench:screens ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** One API call as the screen made it: method GET, path and query under /encuestas/api. */
interface Call {
  path: string;
  start: number;
  end: number;
}

/** Calls grouped into waves: a call that starts after an answer of the current wave opens the next wave. */
export function waves(calls: readonly Call[]): string[][] {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const result: string[][] = [];
  let firstAnswer = -Infinity;
  for (const call of sorted) {
    if (!result.length || call.start >= firstAnswer) {
      result.push([]);
      firstAnswer = Infinity;
    }
    result.at(-1)!.push(call.path);
    firstAnswer = Math.min(firstAnswer, call.end);
  }
  return result;
}

/** Opens a screen on a signed-in tab and returns its API calls once none has been made or answered for QUIET_MS. */
async function recordCalls(page: Page, baseUrl: string, screen: Screen): Promise<Call[]> {
  const apiPrefix = new URL(`${baseUrl}/api/`).pathname;
  const pending = new Map<object, Call>();
  const calls: Call[] = [];
  let lastActivity = performance.now();
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith(apiPrefix) || request.method() !== 'GET') return;
    pending.set(request, { path: `${url.pathname.slice(apiPrefix.length - 1)}${url.search}`, start: performance.now(), end: NaN });
    lastActivity = performance.now();
  };
  const onDone = (request: object) => {
    const call = pending.get(request);
    if (!call) return;
    call.end = performance.now();
    calls.push(call);
    pending.delete(request);
    lastActivity = performance.now();
  };
  // A blank page first: no late call of the previous screen is counted as this one's.
  await page.goto('about:blank');
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await page.goto(`${baseUrl}${screen.path}`);
    const deadline = performance.now() + STEP_TIMEOUT_MS;
    // The page's scripts load first: the screen has settled once it has made its calls and gone quiet.
    while (!calls.length || pending.size || performance.now() - lastActivity < QUIET_MS) {
      if (performance.now() > deadline) throw new Error(`${screen.label}: ${calls.length ? 'API calls did not settle' : 'the screen made no API call (signed out?)'}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  return calls;
}

interface Replay {
  screen: Screen | null;
  label: string;
  waves: string[][];
  token: string | null;
}

/** Replays a screen's calls wave by wave; resolves with the bytes answered. Every call must answer 200. */
async function replay(api: string, r: Replay): Promise<number> {
  let bytes = 0;
  const headers: Record<string, string> = r.token ? { authorization: `Bearer ${r.token}` } : {};
  for (const wave of r.waves) {
    const sizes = await Promise.all(
      wave.map(async (p) => {
        const response = await fetch(`${api}${p}`, { headers });
        const body = await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${r.label}: GET ${p} answered ${response.status}`);
        return body.byteLength;
      }),
    );
    bytes += sizes.reduce((a, b) => a + b, 0);
  }
  return bytes;
}

/** Times each call of a screen alone, warm: the slowest names where a screen's time goes. */
async function slowestCall(api: string, r: Replay): Promise<{ path: string; ms: number }> {
  let slowest = { path: '', ms: -1 };
  const headers: Record<string, string> = r.token ? { authorization: `Bearer ${r.token}` } : {};
  for (const p of r.waves.flat()) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await (await fetch(`${api}${p}`, { headers })).arrayBuffer();
      times.push(performance.now() - start);
    }
    const ms = times.sort((a, b) => a - b)[2]!;
    if (ms > slowest.ms) slowest = { path: p, ms };
  }
  return slowest;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const loadAverage = () => os.loadavg()[0]!;

interface ScreenResult {
  label: string;
  calls: number;
  waves: number;
  cold: number[];
  coldLoad: number[];
  warmP50: number;
  warmP95: number;
  warmP95Min: number;
  warmP95Max: number;
  warmLoad: number;
  slowest: { path: string; ms: number } | null;
}

export async function main(): Promise<void> {
  if (!WEB_DIST) ensureWebBuilt({ log });
  const env: Record<string, string> = WEB_DIST ? { WEB_DIST } : {};
  const smtp = await startSmtpCatcher();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-bench-screens-'));
  if (DATA_DIR) cpSync(DATA_DIR, dataDir, { recursive: true });
  log(DATA_DIR ? `starting the server on a copy of ${DATA_DIR}` : 'starting the server (migrations and demo data on a fresh PGlite)');
  let server = await spawnProductionServer({ dataDir, smtpUrl: smtp.url, env, readyWithinMs: READY_WITHIN_MS });
  const { port, baseUrl } = server;
  const api = `${baseUrl}/api`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const screens = await prepareBackOffice(baseUrl);
    // One tab per account, signed in through the sign-in page; the tab's token is the one the replays send.
    const context = await browser.newContext({ locale: 'es-MX', timezoneId: 'America/Mexico_City', viewport: { width: 1350, height: 940 } });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const tabs = new Map<BackOfficeSession, { page: Page; token: string }>();
    for (const session of new Set(screens.map((s) => s.session))) {
      const page = await context.newPage();
      await signInTab(page, baseUrl, ACCOUNTS[session]);
      // The key of packages/web/src/api/session-storage.ts.
      const token = await page.evaluate(() => (globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }).sessionStorage.getItem('token'));
      if (!token) throw new Error(`no token in the ${session} tab's sessionStorage`);
      tabs.set(session, { page, token });
    }
    const replays: Replay[] = [{ screen: null, label: 'baseline: GET /health', waves: [['/health']], token: null }];
    for (const screen of screens) {
      const tab = tabs.get(screen.session)!;
      const calls = await recordCalls(tab.page, baseUrl, screen);
      const grouped = waves(calls);
      log(`${screen.label}: ${calls.length} calls in ${grouped.length} waves: ${grouped.map((w) => w.join(' + ')).join(' → ')}`);
      replays.push({ screen, label: screen.label, waves: grouped, token: tab.token });
    }
    await context.close();

    // Cold: a restart before each replay, one screen per restart, rounds over every screen in turn.
    const cold = replays.map(() => [] as number[]);
    const coldLoad = replays.map(() => [] as number[]);
    for (let run = 1; run <= COLD_RUNS; run++) {
      for (const [index, r] of replays.entries()) {
        await server.stop({ keepDataDir: true });
        server = await spawnProductionServer({ dataDir, smtpUrl: smtp.url, env, port, readyWithinMs: READY_WITHIN_MS });
        coldLoad[index]!.push(loadAverage());
        const start = performance.now();
        await replay(api, r);
        cold[index]!.push(performance.now() - start);
      }
      log(`cold round ${run}/${COLD_RUNS}: ${replays.map((r, i) => `${r.label} ${Math.round(cold[i]!.at(-1)!)} ms`).join(', ')}`);
    }

    const warmLoadStart = loadAverage();
    const warm = await timeReads(
      replays.map((r): [string, () => Promise<number>] => [r.label, () => replay(api, r)]),
      { phases: RUNS, samples: SAMPLES, size: (bytes) => bytes, log },
    );
    const warmLoad = (warmLoadStart + loadAverage()) / 2;
    const results: ScreenResult[] = [];
    for (const [index, r] of replays.entries()) {
      const w = warm[index]!;
      results.push({
        label: r.label,
        calls: r.waves.flat().length,
        waves: r.waves.length,
        cold: cold[index]!,
        coldLoad: coldLoad[index]!,
        warmP50: w.p50,
        warmP95: w.p95,
        warmP95Min: w.p95Min,
        warmP95Max: w.p95Max,
        warmLoad,
        slowest: r.screen ? await slowestCall(api, r) : null,
      });
    }
    console.table(
      results.map((r) => ({
        screen: r.label,
        calls: `${r.calls}/${r.waves}`,
        coldMedian: Math.round(median(r.cold)),
        coldMin: Math.round(Math.min(...r.cold)),
        coldMax: Math.round(Math.max(...r.cold)),
        warmP50: Math.round(r.warmP50),
        warmP95: Math.round(r.warmP95),
        slowest: r.slowest ? `${r.slowest.path} ${Math.round(r.slowest.ms)} ms` : '',
      })),
    );
    if (WRITE) writeSection(section(results, replays));
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
  }
}

function section(results: ScreenResult[], replays: Replay[]): string {
  const ms = (n: number) => Math.round(n).toLocaleString('en-US');
  const spread = (values: number[]) => `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
  const load = (values: number[]) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`;
  const rows = results.map(
    (r) =>
      `| ${r.label} | ${r.calls} in ${r.waves} | ${spread(r.cold)} | ${load(r.coldLoad)} | ${ms(r.warmP50)} | ${ms(r.warmP95)} (${ms(r.warmP95Min)}–${ms(r.warmP95Max)}) | ${r.slowest ? `\`${r.slowest.path.split('?')[0]}\` ${ms(r.slowest.ms)}` : '—'} |`,
  );
  const calls = replays.filter((r) => r.screen).map((r) => `- ${r.label}: ${r.waves.map((w) => w.map((p) => `\`${p.split('?')[0]}\``).join(' + ')).join(' → ')}`);
  return [
    '<!-- bench:screens -->',
    '### Back-office screens on the demo: the API calls of opening a screen (issue 20)',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · \`npm run bench:reports -- --screens\`, ${COLD_RUNS} cold restart${COLD_RUNS === 1 ? '' : 's'} per screen, ${RUNS} warm phases × ${SAMPLES} samples (after warm-ups).`,
    'The production server (built, embedded PGlite, demo data) on loopback. Each screen\'s GET calls recorded from the real screen in Chromium and replayed as it makes them: calls made together at once, a call that waits for an answer after it. Cold: the first replay after a restart of the server (one screen per restart). Baseline: GET /health in the same run, the same way. Load: the 1-minute load average of the 2-core machine during the figures (other work was running).',
    '',
    '| screen | calls in waves | cold ms, median (min–max) | load, cold | warm p50 ms | warm p95 ms (spread over phases) | slowest call warm (median of 5) ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Warm figures at a load of ${results[0]!.warmLoad.toFixed(1)}. The calls, in waves:`,
    '',
    ...calls,
    '<!-- /bench:screens -->',
  ].join('\n');
}

function writeSection(text: string): void {
  const file = path.join(repoRoot, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const pattern = /<!-- bench:screens -->[\s\S]*?<!-- \/bench:screens -->/;
  writeFileSync(file, pattern.test(current) ? current.replace(pattern, () => text) : `${current.trimEnd()}\n\n${text}\n`);
  log('written to docs/benchmarks.md');
}

