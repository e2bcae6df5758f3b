/**
 * `npm run lighthouse`: Lighthouse 12 (its default mobile preset: a Moto G
 * Power screen, simulated slow 4G and a 4× slower CPU) with Debian's Chromium
 * against the real production server: the built web app served by
 * packages/server/src/main.ts on embedded PGlite with the demo data, mail to a
 * real SMTP catcher. Performance and accessibility of
 *   - the respondent pages: /login, /login/validar (after a real code
 *     request), /evaluated-list, a survey form and /buzon, signed in through
 *     the real flow with the e-mailed code;
 *   - the back office: sign-in, start page, periods, users and a report,
 *     signed in through the sign-in page.
 * Sessions live in sessionStorage, which belongs to one tab: Playwright signs
 * in on a tab, and Lighthouse measures that same tab (through puppeteer-core,
 * connected to the same Chromium by its debugging port) with storage reset
 * off. The HTTP cache is cleared before every run, so each run is a first
 * visit as Lighthouse's own reset would make it.
 * Rounds go over every page in turn, so machine noise spreads over all pages.
 * Writes the medians and spreads, with the machine and date, to
 * docs/benchmarks.md between <!-- lighthouse --> and <!-- /lighthouse -->,
 * and each page's last report to .test-tmp/lighthouse/<page>.json.
 *
 * Options: --runs 3   --pages login,validar,list,form,buzon,admin-login,admin-home,periods,users,report
 *   --no-write (print only)   --traces (also each page's last trace, as <page>.trace.json)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page as PlaywrightPage } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { mexicoCityDay } from '../packages/core/src/dates';
import { DEMO_ADMIN, DEMO_STUDENT_PC_ID, periodForDay } from '../packages/server/src/db/seed/demo';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { freePort } from '../scripts/postgres-cluster.mjs';
import { spawnProductionServer } from '../scripts/production-server.mjs';
import { ensureWebBuilt, repoRoot } from '../scripts/web-build.mjs';
import { machine } from './report';

/** As the end-to-end tests launch it (e2e/harness/browser.ts, which needs vitest's runner). */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Far above what a run takes on a busy 2-core machine (10–20 s measured). */
const RUN_TIMEOUT_MS = 5 * 60_000;
const STEP_TIMEOUT_MS = 60_000;
/** A second student, who only asks for a code: /login/validar is measured on their tab. */
const VALIDATING_STUDENT = '100000002';

type Session = 'none' | 'validating' | 'respondent' | 'admin';
interface PageSpec {
  id: string;
  label: string;
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
  { id: 'admin-home', label: '/admin (start page)', group: 'back office', session: 'admin' },
  { id: 'periods', label: '/admin/periodosCiclos', group: 'back office', session: 'admin' },
  { id: 'users', label: '/admin/users', group: 'back office', session: 'admin' },
  { id: 'report', label: 'campus report (Servicios A)', group: 'back office', session: 'admin' },
];
/**
 * Issue 11's goals: performance ≥ 90 and accessibility 100 on the respondent
 * pages, accessibility ≥ 95 on the back office (whose performance is reported,
 * not held to a goal: the issue measured and asked it for the respondent pages).
 */
const GOALS = {
  performance: { respondent: 90, 'back office': undefined },
  accessibility: { respondent: 100, 'back office': 95 },
} as const;

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const RUNS = Number(argument('runs') ?? 3);
const WRITE = !process.argv.includes('--no-write');
const TRACES = process.argv.includes('--traces');
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
  // A fresh DATA_DIR migrates and seeds the demo first: minutes on a busy machine.
  const server = await spawnProductionServer({ dataDir, smtpUrl, readyWithinMs: 300_000 });
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
    ['admin-home', `${baseUrl}/admin`],
    ['periods', `${baseUrl}/admin/periodosCiclos`],
    ['users', `${baseUrl}/admin/users`],
  ]);
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
    if (session === 'admin') {
      await adminSignIn(page, baseUrl);
      urls.set('report', await reportUrl(baseUrl));
    }
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

/** Asks for a code on /login and returns it from the e-mail; the tab is left on /login/validar. */
async function requestCode(page: PlaywrightPage, smtp: SmtpCatcher, baseUrl: string, identifier: string): Promise<string> {
  const earlier = new Set(smtp.messages);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: 'Número de control o correo institucional' }).fill(identifier);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByRole('heading', { name: /^¿Eres / }).waitFor();
  const mail = await smtp.waitFor((m) => !earlier.has(m) && /código de acceso/i.test(m.subject), STEP_TIMEOUT_MS);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the e-mail:\n${mail.text}`);
  return code;
}

async function enterCode(page: PlaywrightPage, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: /^Hola, / }).waitFor();
}

/** The services survey's form, reached from the list as a student does. */
async function surveyFormUrl(page: PlaywrightPage): Promise<string> {
  const survey = page.getByRole('article', { name: /servicios/i }).first();
  await survey.getByRole('link', { name: /Responder|Continuar/ }).click();
  await page.getByRole('link', { name: /Comenzar|Continuar/ }).click();
  await page.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();
  return page.url();
}

async function adminSignIn(page: PlaywrightPage, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(DEMO_ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
}

/** The campus report of Servicios A at Puebla in the current period (demo answers), ids read through the API. */
async function reportUrl(baseUrl: string): Promise<string> {
  const api = `${baseUrl}/api`;
  const login = await fetch(`${api}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async <T>(p: string) => (await (await fetch(`${api}${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
  const { campuses } = await get<{ campuses: { id: number; nombre: string }[] }>('/campus');
  const { cicles } = await get<{ cicles: { id: number; name: string }[] }>('/ciclos');
  const { periodos } = await get<{ periodos: { id: number; nombre: string }[] }>('/periodos');
  const campus = campuses.find((c) => c.nombre === 'Puebla')?.id;
  const cycle = cicles.find((c) => c.name === 'Encuesta de Servicios A')?.id;
  const period = periodos.find((p) => p.nombre === periodForDay(mexicoCityDay()).nombre)?.id;
  if (!campus || !cycle || !period) throw new Error('the demo data has no Puebla, Servicios A or current period');
  return `${baseUrl}/admin/report/campus/${campus}/students?cicleId=${cycle}&periodoId=${period}&campusId=${campus}`;
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
}

interface Finding {
  id: string;
  title: string;
  display: string;
}

/** One Lighthouse run on a tab: a first visit (HTTP cache cleared), its storage (the session) kept. */
async function measure(page: PuppeteerPage, url: string, id: string): Promise<{ result: RunResult; findings: Finding[] }> {
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
      },
      undefined,
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
}

function cell(values: number[], format: (n: number) => string): string {
  if (!values.length) return '—';
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? format(median(values)) : `${format(median(values))} (${format(min)}–${format(max)})`;
}

function section(summaries: PageSummary[], chromiumVersion: string): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const whole = (n: number) => String(Math.round(n));
  const rows = summaries.map(({ spec, runs, errors }) => {
    const perf = runs.map((r) => r.performance);
    const a11y = runs.map((r) => r.accessibility);
    const a11yGoal = GOALS.accessibility[spec.group];
    const perfGoal = GOALS.performance[spec.group];
    const met = runs.length && (perfGoal === undefined || median(perf) >= perfGoal) && median(a11y) >= a11yGoal;
    const verdict = !runs.length ? 'failed' : met ? 'met' : 'missed';
    const failedRuns = errors.length ? `, ${errors.length} run(s) failed` : '';
    return `| ${spec.label} | ${spec.group} | ${cell(perf, whole)}${perfGoal === undefined ? '' : ` (goal ${perfGoal})`} | ${cell(runs.map((r) => r.lcp), seconds)} | ${cell(runs.map((r) => r.fcp), seconds)} | ${cell(runs.map((r) => r.tbt), whole)} | ${cell(a11y, whole)} (goal ${a11yGoal}) | ${verdict}${failedRuns} |`;
  });
  const findings = summaries
    .filter((s) => s.findings.length)
    .map((s) => `- ${s.spec.label}: ${s.findings.map((f) => `${f.title}${f.display ? ` (${f.display})` : ''}`).join('; ')}`);
  return [
    '<!-- lighthouse -->',
    '## Lighthouse on a phone (issue 11)',
    '',
    `${new Date().toISOString().slice(0, 10)} · ${machine()} · Lighthouse 12 mobile preset (simulated slow 4G, 4× CPU slowdown), ${chromiumVersion}, ${runsLabel(summaries)} per page, HTTP cache cleared before each.`,
    'The production server (`npm start` way: built web app, embedded PGlite, demo data) on loopback; signed-in pages measured on the tab that signed in through the real pages (the e-mailed code, the sign-in page).',
    'Median (min–max) over the runs. Goals (issue 11): performance ≥ 90 and accessibility 100 on the respondent pages, accessibility ≥ 95 in the back office (its performance is reported, not a goal). `npm run lighthouse -- --runs 5 --pages login,list`.',
    '',
    '| page | group | performance | LCP s | FCP s | TBT ms | accessibility | goals |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'What Lighthouse flagged (audits under 0.9 in the last run of each page):',
    '',
    ...(findings.length ? findings : ['- nothing']),
    '<!-- /lighthouse -->',
  ].join('\n');
}

function runsLabel(summaries: PageSummary[]): string {
  const counts = summaries.map((s) => s.runs.length);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  return min === max ? `${min} run${min === 1 ? '' : 's'}` : `${min}–${max} runs`;
}

function writeSection(text: string): void {
  const file = path.join(repoRoot, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const pattern = /<!-- lighthouse -->[\s\S]*?<!-- \/lighthouse -->/;
  writeFileSync(file, pattern.test(current) ? current.replace(pattern, () => text) : `${current.trimEnd()}\n\n${text}\n`);
}

async function main(): Promise<void> {
  ensureWebBuilt({ log });
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
  const summaries: PageSummary[] = SELECTED.map((spec) => ({ spec, runs: [], findings: [], errors: [] }));
  for (let round = 1; round <= RUNS; round++) {
    for (const summary of summaries) {
      const { spec } = summary;
      const url = tabs.urls.get(spec.id)!;
      try {
        // A run whose trace Chromium fails to record (NO_NAVSTART and the like) is tried once more.
        const run = () => measure(tabs.byId.get(spec.session)!, url, spec.id);
        const { result, findings } = await run().catch((error: unknown) => {
          log(`round ${round}/${RUNS} ${spec.label}: ${String(error)}; trying once more`);
          return run();
        });
        summary.runs.push(result);
        summary.findings = findings;
        log(`round ${round}/${RUNS} ${spec.label}: performance ${result.performance}, LCP ${(result.lcp / 1000).toFixed(1)} s, FCP ${(result.fcp / 1000).toFixed(1)} s, TBT ${Math.round(result.tbt)} ms, accessibility ${result.accessibility}`);
      } catch (error) {
        summary.errors.push(String(error));
        log(`round ${round}/${RUNS} ${spec.label}: FAILED ${String(error)}`);
      }
    }
  }

  const text = section(summaries, chromiumVersion);
  console.log(`\n${text}\n`);
  if (WRITE) {
    writeSection(text);
    log('written to docs/benchmarks.md');
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
