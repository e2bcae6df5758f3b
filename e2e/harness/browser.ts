/** Debian's Chromium driven by playwright-core (no browser downloads). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { repoRoot } from '../../scripts/web-build.mjs';
import { STEP_TIMEOUT_MS } from './timeouts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Where screenshots of failed tests go (ignored by git). */
export const ARTIFACTS_DIR = path.join(repoRoot, '.test-tmp', 'e2e');

/**
 * A fresh context (no cookies, no storage) and page for one test, closed when
 * the test ends; on failure a full-page screenshot is saved to .test-tmp/e2e
 * first and the page's console errors are printed. Any Content-Security-Policy
 * violation the browser reports fails the test: the SPA must run under the real CSP.
 * A desktop screen unless `device` says otherwise (a phone: viewport and touch).
 */
export async function newPage(
  browser: Browser,
  name: string,
  device: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    viewport: { width: 1280, height: 800 },
    ...device,
  });
  // Every wait of a journey (locators, navigations, downloads): a hang detector.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  const cspViolations: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  // One hook, so the screenshot of a failed test is taken before the context closes.
  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w-]+/g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`[e2e] ${name} failed at ${page.url()}; screenshot: ${file}${problems.length ? `\n${problems.join('\n')}` : ''}`);
    }
    await context.close();
    if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
  });
  return { context, page };
}
