/** MUI selects, picked the way a user does. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STEP_TIMEOUT_MS } from './timeouts';

/**
 * Picks an option of an MUI select and waits until the select shows it. The
 * page re-renders as filters change and its data arrives, which can undo a
 * pick made just before, so it picks again until the select shows the option.
 */
export async function choose(page: Page, combobox: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: combobox, exact: true }).first();
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  do {
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    if ((await select.textContent())?.includes(option)) return;
    await page.waitForTimeout(300);
  } while (Date.now() < deadline);
  expect(await select.textContent()).toContain(option);
}
