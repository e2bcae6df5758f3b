/**
 * The ranking search (issue 20): an administrator opens the teacher
 * evaluation's report by cycle, types part of a teacher's name without
 * accents and finds the teacher with the campus and the change from the
 * previous term (as the API gives it: the demo holds the previous term's
 * evaluations of most teachers); sorts by a column from its header, by keyboard too; on a
 * phone the table scrolls inside its box, never the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeachersReport } from '../packages/core/src/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { formatAverage, formatChange } from '../packages/core/src/format';
import { mexicoCityDay } from '../packages/core/src/dates';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { seriousAxeViolations } from './harness/axe';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { sidewaysOverflowOnPhone } from './harness/touch';
import { startServer, type RunningServer } from './harness/server';

let server: RunningServer;
let browser: Browser;
let adminToken: string;
const currentPeriod = periodForDay(mexicoCityDay()).nombre;
const ADMIN = { email: 'admin@encuestas.mx', password: 'Encuestas2026!' };

const api = (path: string) => `${server.baseUrl}/api${path}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const response = await fetch(api('/admin/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(response.status).toBe(200);
  adminToken = ((await response.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function ranking(query: string): Promise<TeachersReport> {
  const response = await fetch(api(`/reports/teachers?${query}`), { headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status, query).toBe(200);
  return (await response.json()) as TeachersReport;
}

/** Lower case, without accents: what someone types in a hurry. */
const typed = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function openTeacherReport(page: Page): Promise<URL> {
  await page.goto(`${server.baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Resultados' }).click();
  await page.getByRole('heading', { name: 'Resultados', level: 1 }).waitFor();
  await choose(page, 'Tipo de encuesta', 'Evaluación Docente');
  await choose(page, 'Periodo', currentPeriod);
  await page.getByRole('button', { name: 'Ver reporte' }).click();
  await page.waitForURL(/\/admin\/report\/students\?/);
  return new URL(page.url());
}

describe('the ranking search', () => {
  it('finds a teacher typed without accents, with the campus and the change from the previous term; sorts by a column; scrolls on a phone', async () => {
    const { page } = await newPage(browser, 'ranking-search');
    const url = await openTeacherReport(page);
    const scope = `cicleId=${url.searchParams.get('cicleId')}&periodoId=${url.searchParams.get('periodoId')}`;
    // A teacher with a change from the previous term (the demo's newest teacher of each campus has none),
    // with an accent in the name if the first page has one (typed without it).
    const first = await ranking(scope);
    const compared = first.teachers.filter((row) => row.change !== null);
    expect(compared.length).toBeGreaterThan(first.teachers.length / 2);
    const target = compared.find((row) => typed(row.teacher.name) !== row.teacher.name.toLowerCase()) ?? compared[0]!;
    expect(first.previousPeriodo).not.toBeNull();
    const previous = first.previousPeriodo!.nombre;

    const panel = page.getByRole('region', { name: 'Resultados por docente' });
    const table = panel.getByRole('table', { name: 'Docentes' });
    await table.locator('tbody tr').first().waitFor();
    const search = typed(target.teacher.name.split(' ').slice(0, 2).join(' '));
    await panel.getByRole('searchbox', { name: 'Buscar docente por nombre' }).fill(search);
    const expected = await ranking(`${scope}&search=${encodeURIComponent(search)}`);
    await panel.getByText(expected.total === 1 ? '1 docente · 12 por página' : `${expected.total} docentes · 12 por página`).waitFor();
    const found = table.getByRole('row', { name: new RegExp(target.teacher.name) });
    await found.waitFor();
    await expect(table.locator('tbody tr').count()).resolves.toBe(expected.teachers.length);
    const cells = await found.getByRole('cell').allTextContents();
    // Place, campus, ..., the previous term's mean and the change: figures, not «—».
    expect([cells[0], cells[1], ...cells.slice(-2)]).toEqual([String(target.rank), target.campus.nombre, formatAverage(target.previousMean), formatChange(target.change)]);
    expect(cells.at(-1)).toMatch(/^([+\u2212]\d\.\d\d|0\.00)$/);
    await table.getByRole('columnheader', { name: `Cambio desde ${previous}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Back to every teacher, then by mean from the keyboard: highest first, then lowest.
    await panel.getByRole('searchbox', { name: 'Buscar docente por nombre' }).fill('');
    const everyone = await ranking(scope);
    await panel.getByText(`${everyone.total} docentes · 12 por página`).waitFor();
    const meanHeader = table.getByRole('columnheader', { name: 'Promedio', exact: true });
    const sortedBy = (order: 'ascending' | 'descending') => table.locator(`th[aria-sort="${order}"]`).filter({ hasText: /^Promedio$/ });
    await meanHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await sortedBy('descending').waitFor();
    const [highest, lowest] = [(await ranking(`${scope}&sort=mean&order=desc`)).teachers[0]!, (await ranking(`${scope}&sort=mean&order=asc`)).teachers[0]!];
    await table.locator('tbody tr').first().getByRole('rowheader', { name: highest.teacher.name }).waitFor();
    await page.keyboard.press('Enter');
    await sortedBy('ascending').waitFor();
    await table.locator('tbody tr').first().getByRole('rowheader', { name: lowest.teacher.name }).waitFor();

    // A phone: the table scrolls inside its box; the page never scrolls sideways.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await table.locator('tbody tr').first().waitFor();
    const box = await table.evaluate((element) => ({ inner: element.scrollWidth, outer: element.parentElement!.clientWidth }));
    expect(box.inner).toBeGreaterThan(box.outer);
  });
});
