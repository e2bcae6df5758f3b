/**
 * The Bitácora detail (issue 20): an administrator renames a campus on the
 * campus screen, opens the Bitácora and reads the change in words («… cambió
 * el nombre del campus …»), then opens its detail from the keyboard: the
 * changed field with Antes / Después, no code and no raw JSON. On a phone the
 * entries are cards and the detail fills the screen. Every screen passes
 * axe-core with no serious or critical violation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreenAudit } from './harness/audit';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { startServer, type RunningServer } from './harness/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill('admin@encuestas.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('Encuestas2026!');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Bitácora' }).waitFor();
}

const SUMMARY = 'Administrador cambió el nombre del campus Mérida Centro';

describe('the Bitácora detail', () => {
  it('an administrator renames a campus, finds the change in words and opens its detail with Antes / Después', async () => {
    const audit = new ScreenAudit({ tapTargets: false });
    const { page } = await newPage(browser, 'audit-log-detail');
    await login(page);

    // The change, made on the campus screen as people make it.
    await page.goto(`${server.baseUrl}/admin/campus`);
    const merida = page.getByRole('list', { name: 'Campus' }).getByRole('listitem').filter({ hasText: 'Mérida' });
    await merida.getByRole('button', { name: 'Renombrar' }).click();
    const rename = page.getByRole('dialog', { name: 'Renombrar Mérida' });
    await rename.getByLabel('Nombre del campus').fill('Mérida Centro');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Campus renombrado a Mérida Centro').waitFor();

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Bitácora' }).click();
    await page.getByRole('heading', { name: 'Bitácora', level: 1 }).waitFor();
    await choose(page, 'Acción', 'Cambio de nombre');
    const table = page.getByRole('table', { name: 'Registros de la bitácora' });
    const row = table.getByRole('row').filter({ hasText: SUMMARY });
    await row.waitFor();
    await row.getByText('Nombre: Mérida → Mérida Centro').waitFor();
    await audit.check(page, 'Bitácora in words');

    // From the keyboard: the button takes the focus, Enter opens, Escape closes and gives the focus back.
    const open = row.getByRole('button', { name: `Ver detalle: ${SUMMARY}` });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Detalle del registro' });
    await dialog.getByText(SUMMARY).waitFor();
    const changes = dialog.getByRole('table', { name: 'Campos cambiados' });
    await expect(changes.getByRole('row').allInnerTexts()).resolves.toEqual(['Campo\tAntes\tDespués', 'Nombre\tMérida\tMérida Centro']);
    const text = (await dialog.innerText()).replace(SUMMARY, '');
    expect(text).not.toMatch(/[{}"#]|campus_id|nombre:|rename/);
    await audit.check(page, 'the detail', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(open.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // On a phone: cards, and the detail fills the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByRole('list', { name: 'Registros de la bitácora' });
    const card = cards.getByRole('listitem').filter({ hasText: SUMMARY });
    await card.getByRole('button', { name: `Ver detalle: ${SUMMARY}` }).click();
    await dialog.getByRole('table', { name: 'Campos cambiados' }).waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await audit.check(page, 'the detail on a phone', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();

    expect(audit.findings).toEqual({});
  });
});
