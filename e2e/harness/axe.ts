/**
 * Accessibility check of what a page shows, with axe-core run inside the
 * page (through the DevTools protocol, so the SPA's Content-Security-Policy
 * stays as it is). Only serious and critical violations count.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** 'rule (impact) — help: target html | …' for each serious or critical violation in `selector` (the whole page by default). */
export async function seriousAxeViolations(page: Page, selector = 'body'): Promise<string[]> {
  // A dialog fading in is half transparent, and axe would measure its text's contrast mid-fade.
  // Endless ones (a spinner) are left alone.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string }[];
    }
    const { violations } = await axe.run(context, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) — ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(' | ')}`);
  }, selector);
}
