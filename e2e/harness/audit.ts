/**
 * One audit per journey: each screen it reaches is checked with axe-core
 * (serious and critical violations), for MUI components drawn outside the
 * app's theme and, on a respondent's phone, for tap targets under 44 px. Findings are gathered and compared once at the end, so
 * one run names every screen that fails.
 */
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { muiDefaultThemeElements } from './mui-default-theme';
import { smallTapTargets } from './touch';

export class ScreenAudit {
  readonly findings: Record<string, string[]> = {};
  /** Every screen checked, in order. */
  readonly screens: string[] = [];

  constructor(private readonly options: { tapTargets: boolean }) {}

  /** Checks what `page` shows now (inside `selector` for axe, e.g. a dialog) under the name `screen`. */
  async check(page: Page, screen: string, selector?: string): Promise<void> {
    this.screens.push(screen);
    const problems = [...(await seriousAxeViolations(page, selector)), ...(await muiDefaultThemeElements(page))];
    if (this.options.tapTargets) problems.push(...(await smallTapTargets(page)).map((target) => `tap target under 44 px: ${target}`));
    if (problems.length) this.findings[screen] = [...(this.findings[screen] ?? []), ...problems];
  }
}
