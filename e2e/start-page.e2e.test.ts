/**
 * The dean's start page (issue 20): a user with one campus's grants signs in
 * and sees the open surveys of their campus with their participation, lowest
 * first, as the API counts it; follows a row's action to that campus's
 * missing list. Accessible (axe-core) and readable on a phone.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../packages/core/src/api/dashboard';
import { formatPercent } from '../packages/core/src/format';
import { PERMISSIONS } from '../packages/core/src/permissions';
import { seriousAxeViolations } from './harness/axe';
import { launchBrowser, newPage } from './harness/browser';
import { sidewaysOverflowOnPhone } from './harness/touch';
import { startServer, type RunningServer } from './harness/server';

let server: RunningServer;
let browser: Browser;
const json = { 'content-type': 'application/json' };
const api = (path: string) => `${server.baseUrl}/api${path}`;

async function apiLogin(email: string, password: string): Promise<string> {
  const response = await fetch(api('/admin/login'), { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function apiGet<T>(path: string, token: string): Promise<T> {
  const response = await fetch(api(path), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the dean's start page", () => {
  it('a one-campus user sees their campus’s open surveys with their participation, lowest first, and reaches who is missing', async () => {
    const adminToken = await apiLogin('admin@encuestas.mx', 'Encuestas2026!');
    const send = (method: 'POST' | 'PUT', path: string, body: object) =>
      fetch(api(path), { method, headers: { ...json, authorization: `Bearer ${adminToken}` }, body: JSON.stringify(body) });
    const password = 'Decana-Puebla-2026';
    const email = 'decana.puebla@encuestas.mx';
    const created = await send('POST', '/users', { name: 'Decana', email, password, password_confirmation: password });
    expect(created.status).toBe(201);
    const userId = ((await created.json()) as { user: { id: number } }).user.id;
    const { campuses } = await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus', adminToken);
    const { cicles } = await apiGet<{ cicles: { id: number }[] }>('/ciclos', adminToken);
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const access = await send('PUT', `/users/${userId}/access`, {
      permissions: [PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents, PERMISSIONS.sendReminders],
      groups: [],
      campusIds: [puebla],
      cicleIds: cicles.map((c) => c.id),
    });
    expect(access.status).toBe(200);

    // What the server says this user may see: only Puebla, lowest rate first.
    const expected = await apiGet<Dashboard>('/dashboard', await apiLogin(email, password));
    expect(expected.applications.length).toBeGreaterThan(0);
    expect(new Set(expected.applications.map((a) => a.campus.nombre))).toEqual(new Set(['Puebla']));
    const rates = expected.applications.map((a) => a.participation.rate ?? Infinity);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));

    const { page } = await newPage(browser, 'dean-start-page');
    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();

    const list = page.getByRole('list', { name: 'Encuestas abiertas, de menor a mayor participación' });
    await list.waitFor();
    const rows = list.getByRole('listitem');
    await expect(rows.count()).resolves.toBe(expected.applications.length);
    const headings = await rows.getByRole('heading').allTextContents();
    expect(headings).toEqual(expected.applications.map((a) => `${a.cycle.name} · Puebla`));
    const first = expected.applications[0]!;
    const bar = rows.first().getByRole('progressbar', { name: `Participación: ${first.cycle.name} en Puebla` });
    await expect(bar.getAttribute('aria-valuetext')).resolves.toBe(formatPercent(first.participation.rate));
    // The menu stays below the figures.
    await page.getByRole('list', { name: 'Secciones disponibles' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // On a 390 px phone nothing runs off the screen.
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The furthest behind row's action opens its missing list, for Puebla, in the same period.
    await rows.first().getByRole('link', { name: /^Ver (quién falta|la lista)/ }).click();
    await page.waitForURL((url) => url.pathname.includes('/admin/pendientes/'));
    const url = new URL(page.url());
    expect(url.pathname).toMatch(new RegExp(`/admin/pendientes/(alumnos|academicos)/${first.cycle.id}$`));
    expect(url.searchParams.get('campusId')).toBe(String(puebla));
    expect(url.searchParams.get('periodoId')).toBe(String(first.periodo.id));
    await page.getByRole('heading', { name: /pendientes de responder$/, level: 1 }).waitFor();
    await page.getByText(`${first.cycle.name} · ${first.periodo.nombre} · Puebla`).waitFor();
  });
});
