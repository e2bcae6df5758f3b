/**
 * `npm run lighthouse`: Lighthouse 12 with Debian's Chromium against the real
 * production server: the built web app served by packages/server/src/main.ts
 * on embedded PGlite with the demo data, mail to a real SMTP catcher.
 * Performance and accessibility of
 *   - the respondent pages, with Lighthouse's mobile preset (a Moto G Power
 *     screen, simulated slow 4G and a 4× slower CPU): /login, /login/validar
 *     (after a real code request), /evaluated-list, a survey form and /buzon,
 *     signed in through the real flow with the e-mailed code;
 *   - the back office, with its desktop preset (a 1350×940 screen, simulated
 *     10 Mbps at 40 ms, no CPU slowdown; staff work at a desk): sign-in, the
 *     start page as the administrator and as a one-campus dean, the report
 *     index, the campus report of Servicios A and of the teacher evaluation,
 *     periods, the missing list and users, signed in through the sign-in page
 *     (the screens of bench/back-office.ts).
 * Sessions live in sessionStorage, which belongs to one tab: Playwright signs
 * in on a tab, and Lighthouse measures that same tab (through puppeteer-core,
 * connected to the same Chromium by its debugging port) with storage reset
 * off. The HTTP cache is cleared before every run, so each run is a first
 * visit as Lighthouse's own reset would make it.
 * Rounds go over every page in turn, so machine noise spreads over all pages.
 * Writes the medians and spreads, with the machine and date, to
 * docs/benchmarks.md between <!-- lighthouse --> and <!-- /lighthouse -->
 * (phone) and <!-- lighthouse:desktop --> and its end (back office): only the
 * sections of the groups measured; and each page's last report to
 * .test-tmp/lighthouse/<page>.json.
 *
 * Options: --runs 3   --pages login,validar,list,form,buzon,admin-login,admin-home,dean-home,report-index,report,report-teachers,periods,missing,users
 *   --no-write (print only)   --traces (also each page's last trace, as <page>.trace.json)
 *   --cpu-slowdown 6 (the phone pages' CPU slowdown instead of 4, for a slower processor; print only)
 *   --web-dist DIR (serve that build of the web app instead of packages/web/dist: a copy of
 *   the build before a change, to compare)   --data-dir DIR (start from a copy of that seeded DATA_DIR)
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext, type Page as PlaywrightPage } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { DEMO_STUDENT_PC_ID } from '../packages/server/src/db/seed/demo';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { freePort } from '../scripts/postgres-cluster.mjs';
import { spawnProductionServer } from '../scripts/production-server.mjs';
import { ensureWebBuilt, repoRoot } from '../scripts/web-build.mjs';
import { ACCOUNTS, prepareBackOffice, signInTab, type ScreenId } from './back-office';
import { CHROMIUM_ARGS, CHROMIUM_PATH, enterCode, requestCode, surveyFormUrl } from './respondent-tab';
import { machine } from './report';

/** As the end-to-end tests launch it (e2e/harness/browser.ts, which needs vitest's runner). */
/** Far above what a run takes on a busy 2-core machine (10–20 s measured). */
const RUN_TIMEOUT_MS = 5 * 60_000;
const STEP_TIMEOUT_MS = 60_000;
/** A second student, who only asks for a code: /login/validar is measured on their tab. */
const VALIDATING_STUDENT = '100000002';

type Session = 'none' | 'validating' | 'respondent' | 'admin' | 'dean';
interface PageSpec {
  id: string;
  label: string;
  /** Respondent pages on a phone (mobile preset), the back office on a desktop (desktop preset). */
  group: 'respondent' | 'back office';
  session: Session;
}

const PAGES: PageSpec[] = [
  { id: 'login', label: '/login', group: 'respondent', session: 'none' },
  { id: 'validar', label: '/login/validar', group: 'respondent', session: 'validating' },
  { id: 'list', label: '/evaluated-list', group: 'respondent', session: 'respondent' },
  { id: 'form', label: 'survey form (Servicios A)', group: 'respondent', session: 'respondent' },
  { id: 'buzon', label: '/buzon', group: 'respondent', session: 'respondent' },
  { id: 'admin-login', label: '/admin-login', group: 'back office', session: 'none' },
  { id: 'admin-home', label: 'start page (administrator)', group: 'back office', session: 'admin' },
  { id: 'dean-home', label: 'start page (one-campus dean)', group: 'back office', session: 'dean' },
  { id: 'report-index', label: 'report index (Puebla)', group: 'back office', session: 'dean' },
  { id: 'report', label: 'campus report (Servicios A)', group: 'back office', session: 'admin' },
  { id: 'report-teachers', label: 'campus report (teacher evaluation)', group: 'back office', session: 'admin' },
  { id: 'periods', label: '/admin/periodosCiclos', group: 'back office', session: 'admin' },
  { id: 'missing', label: 'missing list (teacher evaluation, Puebla)', group: 'back office', session: 'admin' },
  { id: 'users', label: '/admin/users', group: 'back office', session: 'admin' },
];
/**
 * Issue 11's goals: performance ≥ 90 and accessibility 100 on the respondent
 * pages (phone), accessibility ≥ 95 on the back office; issue 20's: performance
 * ≥ 90 on the back office (desktop), measured on every back-office page.
 */
const GOALS = {
  performance: { respondent: 90, 'back office': 90 },
  accessibility: { respondent: 100, 'back office': 95 },
} as const;

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument('runs') ?? 3);
/**
 * The phone's CPU slowdown instead of the mobile preset's 4, to stand for a slower processor than this one
 * (Lighthouse calibrates its 4 on a benchmark index of about 1,000–1,500): print only, the tables say 4×.
 */
const CPU_SLOWDOWN = argument('cpu-slowdown') === undefined ? undefined : Number(argument('cpu-slowdown'));
const WRITE = !process.argv.includes('--no-write') && CPU_SLOWDOWN === undefined;
const TRACES = process.argv.includes('--traces');
/** Another build of the web app to serve (a copy of packages/web/dist), e.g. the one before a change, measured in the same conditions. */
const WEB_DIST = argument('web-dist');
/** A DATA_DIR already seeded (a stopped server's), copied so the run starts in seconds instead of seeding the demo for minutes. */
const DATA_DIR = argument('data-dir');
const wanted = argument('pages')?.split(',').map((p) => p.trim()).filter(Boolean);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number ≥ 1');
const unknown = wanted?.filter((id) => !PAGES.some((p) => p.id === id)) ?? [];
if (unknown.length) throw new Error(`unknown --pages ${unknown.join(', ')}; known: ${PAGES.map((p) => p.id).join(', ')}`);
const SELECTED = wanted ? PAGES.filter((p) => wanted.includes(p.id)) : PAGES;

const log = (message: string) => console.log(`[lighthouse ${new Date().toISOString().slice(11, 19)}] ${message}`);
const REPORTS_DIR = path.join(repoRoot, '.test-tmp', 'lighthouse');

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Everything started, stopped in reverse order on the way out, error or not. */
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error(`[lighthouse] clean-up: ${String(error)}`));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The production server as `npm start` runs it, on a free port with a fresh DATA_DIR. */
async function startServer(smtpUrl: string): Promise<{ baseUrl: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encuestas-lighthouse-'));
  if (DATA_DIR) cpSync(DATA_DIR, dataDir, { recursive: true });
  // A fresh DATA_DIR migrates and seeds the demo first: many minutes on a busy machine.
  const server = await spawnProductionServer({ dataDir, smtpUrl, readyWithinMs: 900_000, env: WEB_DIST ? { WEB_DIST } : {} });
  cleanups.push(server.stop);
  return { baseUrl: server.baseUrl };
}

interface Tabs {
  /** Tabs by session, as Lighthouse drives them. */
  byId: Map<Session, PuppeteerPage>;
  urls: Map<string, string>;
}

/**
 * Opens one tab per session the selected pages need and signs it in through
 * the real pages; returns, for each, the same tab as a puppeteer page.
 */
async function prepareTabs(context: BrowserContext, browser: PuppeteerBrowser, smtp: SmtpCatcher, baseUrl: string): Promise<Tabs> {
  const needed = new Set(SELECTED.map((p) => p.session));
  const urls = new Map<string, string>([
    ['login', `${baseUrl}/login`],
    ['validar', `${baseUrl}/login/validar`],
    ['list', `${baseUrl}/evaluated-list`],
    ['buzon', `${baseUrl}/buzon`],
    ['admin-login', `${baseUrl}/admin-login`],
    ['users', `${baseUrl}/admin/users`],
  ]);
  if (needed.has('admin') || needed.has('dean')) {
    for (const screen of await prepareBackOffice(baseUrl)) urls.set(screen.id satisfies ScreenId, `${baseUrl}${screen.path}`);
  }
  const opened = new Map<Session, PlaywrightPage>();
  for (const session of needed) {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    opened.set(session, page);
    if (session === 'none') await page.goto('about:blank');
    if (session === 'validating') await requestCode(page, smtp, baseUrl, VALIDATING_STUDENT);
    if (session === 'respondent') {
      await requestCode(page, smtp, baseUrl, DEMO_STUDENT_PC_ID).then((code) => enterCode(page, code));
      urls.set('form', await surveyFormUrl(page));
      await page.goto(`${baseUrl}/evaluated-list`);
    }
    if (session === 'admin' || session === 'dean') await signInTab(page, baseUrl, ACCOUNTS[session]);
    // A mark on the tab, to find the same tab from puppeteer.
    await page.evaluate((mark) => ((globalThis as unknown as { name: string }).name = mark), `lighthouse-${session}`);
  }
  const byId = new Map<Session, PuppeteerPage>();
  for (const candidate of await browser.pages()) {
    const mark = await candidate.evaluate(() => (globalThis as unknown as { name: string }).name).catch(() => '');
    const session = mark.startsWith('lighthouse-') ? (mark.slice('lighthouse-'.length) as Session) : null;
    if (session && opened.has(session)) byId.set(session, candidate);
  }
  for (const session of needed) if (!byId.has(session)) throw new Error(`the ${session} tab was not found through the debugging port`);
  return { byId, urls };
}

/**
 * Audits left out of the findings: the metrics (in the table already), the LCP
 * element (a restatement of LCP), and the back/forward cache, which headless
 * Chromium disables by its own flags.
 */
const NOT_FINDINGS = new Set(['largest-contentful-paint-element', 'bf-cache', 'max-potential-fid', 'interactive']);

interface RunResult {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  /** Time to Interactive: no long task and at most two requests in flight for 5 s (not in the score since Lighthouse 10, still the «interactive» of issue 20). */
  tti: number;
  /**
   * Lighthouse's CPU benchmark index of the run (lhr.environment.benchmarkIndex):
   * how fast this machine ran a fixed piece of JavaScript just before the page,
   * so a figure can be read against the processor it was measured on (issue 23).
   */
  cpuIndex: number;
}

interface Finding {
  id: string;
  title: string;
  display: string;
}

/** One Lighthouse run on a tab: a first visit (HTTP cache cleared), its storage (the session) kept; the back office on a desktop. */
async function measure(page: PuppeteerPage, url: string, spec: PageSpec): Promise<{ result: RunResult; findings: Finding[] }> {
  const { id } = spec;
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const runner = await withTimeout(
    lighthouse(
      url,
      {
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        logLevel: 'error',
        output: 'json',
        maxWaitForLoad: 120_000,
        maxWaitForFcp: 60_000,
        // With --traces, JavaScript samples too, for bench/trace-summary.ts.
        ...(TRACES ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        ...(CPU_SLOWDOWN !== undefined && spec.group === 'respondent' ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
      },
      spec.group === 'back office' ? desktopConfig : undefined,
      page,
    ),
    RUN_TIMEOUT_MS,
    `Lighthouse on ${id}`,
  );
  if (!runner) throw new Error(`Lighthouse gave no result on ${id}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${id}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A lost session redirects to a login page: that would measure the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl);
  const asked = new URL(url);
  if (landed.pathname !== asked.pathname) throw new Error(`${id}: asked for ${asked.pathname}, Lighthouse measured ${landed.pathname}`);
  mkdirSync(REPORTS_DIR, { recursive: true });
  writeFileSync(path.join(REPORTS_DIR, `${id}.json`), JSON.stringify(lhr));
  if (TRACES) writeFileSync(path.join(REPORTS_DIR, `${id}.trace.json`), JSON.stringify(runner.artifacts.Trace));
  const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => !NOT_FINDINGS.has(ref.id) && ref.group !== 'metrics')
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable'),
  );
  return {
    result: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      tti: value('interactive'),
      cpuIndex: lhr.environment.benchmarkIndex,
    },
    findings: failing.map((audit) => ({ id: audit.id, title: audit.title, display: audit.displayValue ?? '' })),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface PageSummary {
  spec: PageSpec;
  runs: RunResult[];
  findings: Finding[];
  errors: string[];
  /** The 1-minute load average after each run. */
  loads: number[];
}

function cell(values: number[], format: (n: number) => string): string {
  if (!values.length) return '—';
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? format(median(values)) : `${format(median(values))} (${format(min)}–${format(max)})`;
}

/** The section of one group: the phone (respondent pages) or the desktop (back office). */
function section(group: PageSpec['group'], summaries: PageSummary[], chromiumVersion: string): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const whole = (n: number) => String(Math.round(n));
  const rows = summaries.map(({ spec, runs, errors, loads }) => {
    const perf = runs.map((r) => r.performance);
    const a11y = runs.map((r) => r.accessibility);
    const a11yGoal = GOALS.accessibility[spec.group];
    const perfGoal = GOALS.performance[spec.group];
    const met = runs.length && median(perf) >= perfGoal && median(a11y) >= a11yGoal;
    const verdict = !runs.length ? 'failed' : met ? 'met' : 'missed';
    const failedRuns = errors.length ? `, ${errors.length} run(s) failed` : '';
    const load = loads.length ? `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` : '—';
    return `| ${spec.label} | ${cell(perf, whole)} (goal ${perfGoal}) | ${cell(runs.map((r) => r.lcp), seconds)} | ${cell(runs.map((r) => r.fcp), seconds)} | ${cell(runs.map((r) => r.tbt), whole)} | ${cell(runs.map((r) => r.tti), seconds)} | ${cell(a11y, whole)} (goal ${a11yGoal}) | ${cell(runs.map((r) => r.cpuIndex), whole)} | ${load} | ${verdict}${failedRuns} |`;
  });
  const findings = summaries
    .filter((s) => s.findings.length)
    .map((s) => `- ${s.spec.label}: ${s.findings.map((f) => `${f.title}${f.display ? ` (${f.display})` : ''}`).join('; ')}`);
  const phone = group === 'respondent';
  return [
    phone ? '<!-- lighthouse -->' : '<!-- lighthouse:desktop -->',
    phone ? '## Lighthouse on a phone (issue 11)' : '## Lighthouse on a desktop: the back office (issue 20)',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · Lighthouse 12 ${phone ? `mobile preset (simulated slow 4G, ${CPU_SLOWDOWN ?? 4}× CPU slowdown)` : 'desktop preset (1350×940, simulated 10 Mbps and 40 ms, no CPU slowdown)'}, ${chromiumVersion}, ${runsLabel(summaries)} per page, HTTP cache cleared before each.`,
    `The production server (\`npm start\` way: built web app, embedded PGlite, demo data) on loopback; signed-in pages measured on the tab that signed in through the real pages (${phone ? 'the e-mailed code' : 'the sign-in page; the dean is a one-campus user with Puebla\'s reports and missing lists, bench/back-office.ts'}).`,
    `Median (min–max) over the runs. Goals: ${phone ? 'performance ≥ 90 and accessibility 100 (issue 11)' : 'performance ≥ 90 (issue 20) and accessibility ≥ 95 (issue 11)'}. TTI: Lighthouse’s Time to Interactive (no long task, at most two requests in flight, for 5 s). CPU index: Lighthouse’s benchmark index of each run (higher is faster; Lighthouse calibrates its 4× phone slowdown on about 1,000 to 1,500), to read a figure against the processor it was measured on. Load: the machine’s 1-minute load average after each run (2 cores shared with other work). \`npm run lighthouse -- --runs 5 --pages ${phone ? 'login,list' : 'admin-home,report'}\`.`,
    '',
    '| page | performance | LCP s | FCP s | TBT ms | TTI s | accessibility | CPU index | load | goals |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'What Lighthouse flagged (audits under 0.9 in the last run of each page):',
    '',
    ...(findings.length ? findings : ['- nothing']),
    phone ? '<!-- /lighthouse -->' : '<!-- /lighthouse:desktop -->',
  ].join('\n');
}

function runsLabel(summaries: PageSummary[]): string {
  const counts = summaries.map((s) => s.runs.length);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return min === max ? `${min} run${min === 1 ? '' : 's'}` : `${min}–${max} runs`;
}

function writeSection(text: string, group: PageSpec['group']): void {
  const file = path.join(repoRoot, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const pattern = group === 'respondent' ? /<!-- lighthouse -->[\s\S]*?<!-- \/lighthouse -->/ : /<!-- lighthouse:desktop -->[\s\S]*?<!-- \/lighthouse:desktop -->/;
  writeFileSync(file, pattern.test(current) ? current.replace(pattern, () => text) : `${current.trimEnd()}\n\n${text}\n`);
}

async function main(): Promise<void> {
  if (!WEB_DIST) ensureWebBuilt({ log });
  const smtp = await startSmtpCatcher();
  cleanups.push(() => smtp.close());
  log('starting the server (migrations and demo data on a fresh PGlite)');
  const { baseUrl } = await startServer(smtp.url);
  log(`server ready at ${baseUrl}`);

  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'encuestas-lighthouse-chromium-'));
  cleanups.push(async () => rmSync(profile, { recursive: true, force: true }));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debuggingPort}`],
    // Lighthouse sets the phone's screen itself: no viewport of Playwright's to fight it.
    viewport: null,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  cleanups.push(() => context.close());
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debuggingPort}`, defaultViewport: null });
  cleanups.push(async () => browser.disconnect());
  const chromiumVersion = (await browser.version()).replace('HeadlessChrome', 'Chromium');

  const tabs = await prepareTabs(context, browser, smtp, baseUrl);
  const summaries: PageSummary[] = SELECTED.map((spec) => ({ spec, runs: [], findings: [], errors: [], loads: [] }));
  for (let round = 1; round <= RUNS; round++) {
    for (const summary of summaries) {
      const { spec } = summary;
      const url = tabs.urls.get(spec.id)!;
      try {
        // A run whose trace Chromium fails to record (NO_NAVSTART and the like) is tried once more.
        const run = () => measure(tabs.byId.get(spec.session)!, url, spec);
        const { result, findings } = await run().catch((error: unknown) => {
          log(`round ${round}/${RUNS} ${spec.label}: ${String(error)}; trying once more`);
          return run();
        });
        summary.runs.push(result);
        summary.findings = findings;
        summary.loads.push(os.loadavg()[0]!);
        log(`round ${round}/${RUNS} ${spec.label}: performance ${result.performance}, LCP ${(result.lcp / 1000).toFixed(1)} s, FCP ${(result.fcp / 1000).toFixed(1)} s, TBT ${Math.round(result.tbt)} ms, TTI ${(result.tti / 1000).toFixed(1)} s, accessibility ${result.accessibility}, CPU index ${Math.round(result.cpuIndex)}, load ${os.loadavg()[0]!.toFixed(1)}`);
      } catch (error) {
        summary.errors.push(String(error));
        log(`round ${round}/${RUNS} ${spec.label}: FAILED ${String(error)}`);
      }
    }
  }

  for (const group of ['respondent', 'back office'] as const) {
    const measured = summaries.filter((s) => s.spec.group === group);
    if (!measured.length) continue;
    const text = section(group, measured, chromiumVersion);
    console.log(`\n${text}\n`);
    if (WRITE) {
      writeSection(text, group);
      log(`${group}: written to docs/benchmarks.md`);
    }
  }
  if (summaries.some((s) => !s.runs.length)) throw new Error('some pages could not be measured at all');
}

try {
  await main();
} catch (error) {
  console.error(`[lighthouse] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
