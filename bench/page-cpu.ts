/**
 * `npm run bench:pages`: the main-thread CPU of opening each respondent page
 * in Debian's Chromium, many times, builds of the web app taking turns.
 *
 * Lighthouse's TBT is one simulated figure a run, and on a shared machine it
 * swung 10–25 points between runs of the same build (docs/benchmarks.md);
 * slowing Chromium's CPU for real measured the host's neighbours as much as
 * the page. Here each load is traced and counted in thread time (CPU, not
 * wall time: a descheduled main thread costs nothing): the main thread's
 * CPU, and its "blocking CPU ×4", the sum over its tasks of
 * max(0, 4 × the task's CPU − 50 ms), the blocking time of Lighthouse's phone,
 * whose CPU is this one slowed 4× (×8: the phone of a processor half as fast). Every load is a first visit (cache
 * disabled), the respondent's session kept in the tab as the real pages left it.
 *
 * Options: --builds DIR,DIR (web builds to compare, default packages/web/dist)
 *   --rounds 10  --pages login,list,form,buzon  --slowdown 4,8 (the phones' factors)
 *   --data-dir DIR (start each server from a copy of that seeded DATA_DIR)
 *   --screenshots DIR (then a full-page screenshot of each page and build, to compare their looks)
 * Prints a table (median and range); writes nothing else.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { DEMO_STUDENT_PC_ID } from '../packages/server/src/db/seed/demo';
import { startSmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { spawnProductionServer } from '../scripts/production-server.mjs';
import { ensureWebBuilt, repoRoot } from '../scripts/web-build.mjs';
import { machine } from './report';
import { CHROMIUM_ARGS, CHROMIUM_PATH, enterCode, requestCode, surveyFormUrl } from './respondent-tab';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const BUILDS = (argument('builds') ?? path.join(repoRoot, 'packages/web/dist')).split(',').map((dir) => path.resolve(dir));
const ROUNDS = Number(argument('rounds') ?? 10);
const PAGES = (argument('pages') ?? 'login,list,form,buzon').split(',') as PageId[];
/** The phones' factors: 4 is Lighthouse's on this CPU; 8 a phone of a processor half as fast. */
const SLOWDOWNS = (argument('slowdown') ?? '4,8').split(',').map(Number);
const DATA_DIR = argument('data-dir');
const SCREENSHOTS = argument('screenshots');
/** After its load, a page's own work goes on (its data, its render): traced this much longer. */
const SETTLE_MS = 2_000;
/** A task beyond this many ms (on the phone) blocks (Lighthouse's TBT). */
const BLOCKING_FROM_MS = 50;
const LOAD_TIMEOUT_MS = 120_000;

type PageId = 'login' | 'list' | 'form' | 'buzon';
const KNOWN: PageId[] = ['login', 'list', 'form', 'buzon'];
const unknown = PAGES.filter((page) => !KNOWN.includes(page));
if (unknown.length) throw new Error(`unknown --pages ${unknown.join(', ')}; known: ${KNOWN.join(', ')}`);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds takes a whole number ≥ 1');

interface Load {
  /** For each of SLOWDOWNS: Σ max(0, factor × a task's CPU − 50 ms) over the main thread's tasks. */
  blockingMs: number[];
  /** The main thread's CPU in its tasks. */
  cpuMs: number;
  /** Its longest task's CPU. */
  longestMs: number;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
const log = (message: string) => console.log(`[pages ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A build's server and its two tabs: one signed out (for /login), one signed in as the demo student. */
interface Target {
  build: string;
  signedOut: Page;
  signedIn: Page;
  urls: Record<PageId, string>;
}

async function prepare(context: BrowserContext, build: string, smtp: Awaited<ReturnType<typeof startSmtpCatcher>>): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-pages-'));
  if (DATA_DIR) cpSync(DATA_DIR, dataDir, { recursive: true });
  const server = await spawnProductionServer({ dataDir, smtpUrl: smtp.url, readyWithinMs: 900_000, env: { WEB_DIST: build } });
  cleanups.push(server.stop);
  const baseUrl = server.baseUrl;
  const signedOut = await context.newPage();
  const signedIn = await context.newPage();
  for (const page of [signedOut, signedIn]) page.setDefaultTimeout(LOAD_TIMEOUT_MS);
  await requestCode(signedIn, smtp, baseUrl, DEMO_STUDENT_PC_ID).then((code) => enterCode(signedIn, code));
  const form = await surveyFormUrl(signedIn);
  return { build, signedOut, signedIn, urls: { login: `${baseUrl}/login`, list: `${baseUrl}/evaluated-list`, form, buzon: `${baseUrl}/buzon` } };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

/** The trace Chromium recorded since Tracing.start, read from its stream. */
async function endTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  if (!stream) throw new Error('Chromium returned no trace');
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** The page's main thread (the renderer main thread that ran the most) and its tasks' CPU, in ms. */
function mainThreadTasks(events: TraceEvent[]): number[] {
  const threads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (pid: number, tid: number) =>
    events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask').map((e) => (e.tdur ?? 0) / 1000);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return threads.map((t) => tasksOf(t.pid, t.tid)).sort((a, b) => sum(b) - sum(a))[0] ?? [];
}

/** One first visit of `url` on `page`, traced from the click until SETTLE_MS after its load. */
async function load(page: Page, url: string): Promise<Load> {
  await page.goto('about:blank');
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReturnAsStream' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const tasks = mainThreadTasks(await endTrace(cdp));
    return {
      blockingMs: SLOWDOWNS.map((factor) => tasks.reduce((sum, cpu) => sum + Math.max(0, factor * cpu - BLOCKING_FROM_MS), 0)),
      cpuMs: tasks.reduce((sum, cpu) => sum + cpu, 0),
      longestMs: Math.max(0, ...tasks),
    };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const cell = (values: number[]) => `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

async function main(): Promise<void> {
  if (BUILDS.some((build) => build === path.join(repoRoot, 'packages/web/dist'))) ensureWebBuilt({ log });
  const smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
  const profile = mkdtempSync(path.join(os.tmpdir(), 'encuestas-pages-chromium-'));
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    // A phone's screen, as Lighthouse's mobile preset (Moto G Power).
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  cleanups.push(() => context.close());
  const targets: Target[] = [];
  for (const build of BUILDS) {
    log(`starting a server for ${build}`);
    targets.push(await prepare(context, build, smtp));
  }
  const results = new Map<string, Load[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    // Builds take turns within each round, so the machine's drift falls on all of them.
    for (const target of round % 2 ? targets : [...targets].reverse()) {
      for (const id of PAGES) {
        const measured = await load(id === 'login' ? target.signedOut : target.signedIn, target.urls[id]);
        const key = `${id}\t${target.build}`;
        results.set(key, [...(results.get(key) ?? []), measured]);
      }
    }
    log(`round ${round}/${ROUNDS} done`);
  }
  if (SCREENSHOTS) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [index, target] of targets.entries())
      for (const id of PAGES) {
        const page = id === 'login' ? target.signedOut : target.signedIn;
        await page.goto(target.urls[id], { waitUntil: 'networkidle' });
        await page.screenshot({ path: path.join(SCREENSHOTS, `${id}-${index + 1}-${path.basename(target.build)}.png`), fullPage: true });
      }
    log(`screenshots in ${SCREENSHOTS}`);
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} · ${machine()} · Chromium, traced, ${ROUNDS} first visits per page and build, builds taking turns; median (min–max), ms of the main thread's CPU.\n`,
  );
  console.log(`| page | build | ${SLOWDOWNS.map((f) => `blocking CPU ×${f}`).join(' | ')} | main thread CPU | longest task |`);
  console.log(`|---|---|${SLOWDOWNS.map(() => '---|').join('')}---|---|`);
  for (const id of PAGES)
    for (const { build } of targets) {
      const loads = results.get(`${id}\t${build}`)!;
      console.log(`| ${id} | ${path.basename(build)} | ${SLOWDOWNS.map((_, i) => cell(loads.map((l) => l.blockingMs[i]!))).join(' | ')} | ${cell(loads.map((l) => l.cpuMs))} | ${cell(loads.map((l) => l.longestMs))} |`);
    }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
