/**
 * Survey periods per campus as the back office uses them (spec §2, §4–§6):
 * an administrator opens and edits an application, a restricted user only
 * sees their campus and cannot create, and Power Campus periods are created
 * with the spec's validation; on a phone the periods and users lists are cards and
 * the pager stays on the screen. Every back-office screen, its dialogs and
 * the drawer on a phone pass axe-core with no serious or critical violation.
 * The dean's start page and the Bitácora detail (issue 20) close the file.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../packages/core/src/api/dashboard';
import { addDays, mexicoCityDay } from '../packages/core/src/dates';
import { formatPercent } from '../packages/core/src/format';
import { PERMISSIONS } from '../packages/core/src/permissions';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { AdminApi, adminPageLogin } from './harness/admin-api';
import { ScreenAudit } from './harness/audit';
import { seriousAxeViolations } from './harness/axe';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { startServer, type RunningServer } from './harness/server';
import { STEP_TIMEOUT_MS } from './harness/timeouts';
import { sidewaysOverflowOnPhone } from './harness/touch';

let server: RunningServer;
let browser: Browser;
const today = mexicoCityDay();
const currentPeriod = periodForDay(today).nombre;
const nextPeriod = periodForDay(addDays(periodForDay(today).fechaFin, 1)).nombre;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function login(page: Page, email: string, password: string): Promise<void> {
  await adminPageLogin(page, server.baseUrl, email, password);
  await page.getByRole('heading', { name: /Te damos la bienvenida/ }).waitFor();
}

/** Types a day into an MUI date field (DD MM YYYY sections). */
async function typeDay(group: Locator, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(`${date}${month}${year}`);
}

const displayDay = (day: string) => day.split('-').reverse().join('/');

describe('survey periods per campus in the browser', () => {
  it('an administrator filters by campus and period, creates an application with two cycles and edits it', async () => {
    const { page } = await newPage(browser, 'create-active');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Periodos y ciclos' }).click();
    await page.getByRole('heading', { name: 'Gestión de peridos y ciclos' }).waitFor();
    await page.getByText('Activar periodos de encuestas').first().waitFor();

    await choose(page, 'Encuestas Campus', 'Puebla');
    await choose(page, 'Periodo', currentPeriod);
    const table = page.getByRole('table', { name: 'Periodos de encuestas' });
    // The demo's open application of Puebla is in progress: 'En aplicación', in the success colour.
    const running = table.getByRole('row').filter({ hasText: 'En aplicación' }).first();
    await running.waitFor();
    await expect(running.locator('.MuiChip-colorSuccess').count()).resolves.toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' });
    await expect(dialog.getByRole('textbox', { name: 'Campus' }).inputValue()).resolves.toBe('Puebla');
    const start = addDays(today, 40);
    const end = addDays(today, 50);
    await typeDay(dialog.getByRole('group', { name: 'Inicio de encuestas' }), start);
    await typeDay(dialog.getByRole('group', { name: 'Final de encuestas' }), end);
    await expect(dialog.getByRole('checkbox', { name: 'BUZÓN' }).count()).resolves.toBe(0);
    await dialog.getByRole('checkbox', { name: 'Evaluación Docente' }).check();
    await dialog.getByRole('checkbox', { name: 'Encuesta de Servicios A' }).check();
    await dialog.getByRole('button', { name: 'Crear Periodo' }).click();
    await page.getByText('Periodo de encuestas creado correctamente').waitFor();

    const created = table.getByRole('row').filter({ hasText: displayDay(start) });
    await created.waitFor();
    await expect(created.getByText('Por Realizar').count()).resolves.toBe(1);
    await expect(created.locator('.MuiChip-colorInfo').count()).resolves.toBeGreaterThan(0);
    await created.getByText('Evaluación Docente').waitFor();
    await created.getByText('Encuesta de Servicios A').waitFor();

    // A click on a cell opens the same dialog in edit mode.
    await created.getByRole('cell').nth(1).click();
    const editDialog = page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' });
    await editDialog.getByRole('button', { name: 'Guardar Cambios' }).waitFor();
    const newEnd = addDays(today, 55);
    await typeDay(editDialog.getByRole('group', { name: 'Final de encuestas' }), newEnd);
    await editDialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await page.getByText('Cambios guardados correctamente').waitFor();
    await table.getByRole('row').filter({ hasText: displayDay(newEnd) }).waitFor();
  });

  it('an administrator creates the same application at three campuses at once', async () => {
    const { page } = await newPage(browser, 'create-active-several-campuses');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.goto(`${server.baseUrl}/admin/periodosCiclos`);
    await choose(page, 'Encuestas Campus', 'Puebla');
    await choose(page, 'Periodo', currentPeriod);
    await page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' });
    const start = addDays(today, 70);
    await typeDay(dialog.getByRole('group', { name: 'Inicio de encuestas' }), start);
    await typeDay(dialog.getByRole('group', { name: 'Final de encuestas' }), addDays(today, 75));
    await dialog.getByRole('checkbox', { name: 'Encuesta de Servicios A' }).check();
    const others = dialog.getByRole('group', { name: 'Crear también en estos campus:' });
    await expect(others.getByRole('checkbox', { name: 'Puebla' }).count()).resolves.toBe(0);
    await others.getByRole('checkbox', { name: 'Oaxaca' }).check();
    await others.getByRole('checkbox', { name: 'León' }).check();
    await dialog.getByRole('button', { name: 'Crear Periodo' }).click();
    await page.getByText('Periodo de encuestas creado en 3 campus').waitFor();

    await choose(page, 'Encuestas Campus', 'León');
    await page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('row').filter({ hasText: displayDay(start) }).waitFor();
  });

  it('a restricted user sees only their campus and cannot create: the save button explains why', async () => {
    const { page } = await newPage(browser, 'restricted-user');
    await login(page, 'consulta.puebla@encuestas.mx', 'Consulta2026!');
    await page.goto(`${server.baseUrl}/admin/periodosCiclos`);
    await page.getByRole('heading', { name: 'Gestión de peridos y ciclos' }).waitFor();
    await page.getByRole('combobox', { name: 'Encuestas Campus', exact: true }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.filter((o) => ['Guadalajara', 'CDMX', 'Oaxaca', 'Mérida', 'Veracruz', 'León'].includes(o))).toEqual([]);
    // Not offered 'Todos los campus': the empty filter shows only the campuses granted.
    expect(options).not.toContain('Todos los campus');
    expect(options).toContain('Todos mis campus');
    await page.getByRole('option', { name: 'Puebla', exact: true }).click();
    await choose(page, 'Periodo', currentPeriod);
    const table = page.getByRole('table', { name: 'Periodos de encuestas' });
    const row = table.getByRole('row').filter({ hasText: 'En aplicación' }).first();
    await row.waitFor();
    await expect(page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).count()).resolves.toBe(0);

    await row.getByRole('cell').nth(1).click();
    // Read-only, the dialog is titled as what it is.
    const dialog = page.getByRole('dialog', { name: 'Consultar periodo de encuestas' });
    const save = dialog.getByRole('button', { name: 'Guardar Cambios' });
    await expect(save.isDisabled()).resolves.toBe(true);
    await save.hover({ force: true });
    await page.getByRole('tooltip').getByText('¿No puedes realizar cambios? solicita permiso a tu administrador').waitFor();
  });

  it("an administrator copies the current term's applications into the next term after a preview; a second look finds nothing to copy", async () => {
    const { page } = await newPage(browser, 'copy-term');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.goto(`${server.baseUrl}/admin/periodosCiclos`);
    await choose(page, 'Periodo', nextPeriod);
    await page.getByRole('button', { name: 'Copiar del periodo anterior' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copiar periodos de encuestas del periodo anterior' });
    await dialog.getByText(`Se copian a ${nextPeriod} los periodos de encuestas de ${currentPeriod} de tus campus`).waitFor();
    // Every campus's application, and those the other tests created in the current term.
    const toCreate = dialog.getByRole('list', { name: /^Se crearán \(\d+\)$/ });
    await toCreate.waitFor();
    // The dialog alone: other helpers own the rest of the page's markup.
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    const count = await toCreate.getByRole('listitem').count();
    expect(count).toBeGreaterThanOrEqual(7);
    await dialog.getByRole('button', { name: `Copiar ${count} periodos de encuestas` }).click();
    await page.getByText(`Se copiaron ${count} periodos de encuestas de ${currentPeriod}.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('row').filter({ hasText: 'Oaxaca' }).first().waitFor();

    await page.getByRole('button', { name: 'Copiar del periodo anterior' }).click();
    await dialog.getByRole('list', { name: `No se crearán (${count})` }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Nada que copiar' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });

  it('on a 390 px phone the periods and users lists are cards, nothing runs off the screen, and the next-page arrow works', async () => {
    const { page } = await newPage(browser, 'phone-admin-lists');
    await page.setViewportSize({ width: 390, height: 844 });
    const audit = new ScreenAudit({ tapTargets: false });
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    const fitsTheScreen = async () => {
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
      expect(widths.page).toBeLessThanOrEqual(widths.screen);
      const next = page.getByRole('button', { name: /siguiente/i }).last();
      const box = await next.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      return next;
    };

    await page.goto(`${server.baseUrl}/admin/periodosCiclos`);
    const periods = page.getByRole('list', { name: 'Periodos de encuestas' });
    await periods.getByRole('listitem').first().waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    await audit.check(page, 'periods as cards');
    const next = await fitsTheScreen();
    if (await next.isEnabled()) {
      const first = await periods.getByRole('listitem').first().getAttribute('data-active-id');
      await next.click();
      await expect.poll(() => periods.getByRole('listitem').first().getAttribute('data-active-id'), { timeout: STEP_TIMEOUT_MS }).not.toBe(first);
    }
    // The period's button opens the application.
    await periods.getByRole('listitem').first().getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' }).getByRole('button', { name: 'Cerrar' }).click();

    await page.goto(`${server.baseUrl}/admin/users`);
    const users = page.getByRole('list', { name: 'Usuarios' });
    await users.getByRole('listitem').first().waitFor();
    await expect(page.getByRole('table').count()).resolves.toBe(0);
    await audit.check(page, 'users as cards');
    await fitsTheScreen();
    expect(audit.findings).toEqual({});
  });

  it('creating a Power Campus period shows the spec’s message for a bad name and lists a good one', async () => {
    const { page } = await newPage(browser, 'power-campus-period');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.goto(`${server.baseUrl}/admin/periodosCiclos`);
    await page.getByRole('button', { name: 'Gestionar periodos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Periodos Power Campus' });
    await dialog.getByRole('tab', { name: 'Nuevo' }).click();

    const name = dialog.getByRole('textbox', { name: 'Nombre del periodo' });
    await name.fill('31b');
    await name.press('Tab'); // the message shows once the field is left
    await dialog.getByText('El periodo debe tener el formato válido de Power Campus (Ej: 2021A)').waitFor();
    await expect(dialog.getByRole('button', { name: 'Crear periodo' }).isDisabled()).resolves.toBe(true);

    await name.fill('2031b');
    await expect(name.inputValue()).resolves.toBe('2031B');
    await typeDay(dialog.getByRole('group', { name: 'Fecha de inicio' }), '2031-07-01');
    await typeDay(dialog.getByRole('group', { name: 'Fecha de fin' }), '2031-12-31');
    await dialog.getByRole('button', { name: 'Crear periodo' }).click();
    await page.getByText('Periodo creado correctamente').waitFor();
    await expect(dialog.getByRole('tab', { name: 'Listado' }).getAttribute('aria-selected')).resolves.toBe('true');
    const card = dialog.getByRole('list', { name: 'Periodos registrados' }).getByRole('listitem').filter({ hasText: '2031B' });
    await card.getByText('del 01/07/2031 al 31/12/2031').waitFor();
  });
});

describe('reminders in the browser', () => {
  it('a reminder with a link outside the platform is refused under the text field, and the dialog stays accessible', async () => {
    const adminApi = new AdminApi(server.baseUrl);
    const token = await adminApi.login('admin@encuestas.mx', 'Encuestas2026!');
    const apiGet = <T>(path: string) => adminApi.get<T>(path, token);
    const puebla = (await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus')).campuses.find((c) => c.nombre === 'Puebla')!.id;
    const periodo = (await apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos')).periodos.find((p) => p.nombre === currentPeriod)!.id;
    const servicesA = (await apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos')).cicles.find((c) => c.name === 'Encuesta de Servicios A')!.id;

    const { page } = await newPage(browser, 'reminder-links');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await page.goto(`${server.baseUrl}/admin/pendientes/alumnos/${servicesA}?periodoId=${periodo}&campusId=${puebla}`);
    await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar recordatorio' });
    const text = dialog.getByRole('textbox', { name: 'Texto del correo' });
    await text.fill('Hola {nombre}: responde en www.encuestas-premio.mx antes del viernes.');
    await dialog.getByRole('button', { name: /^Enviar a / }).click();

    const message = `Solo puede haber enlaces a la plataforma (${server.baseUrl.replace(/\/encuestas$/, '')}). Quita «www.encuestas-premio.mx»`;
    await dialog.getByText(message, { exact: false }).waitFor();
    expect(await text.getAttribute('aria-invalid')).toBe('true');
    // Still the form, nothing sent: the dialog shows no sending's progress.
    expect(await dialog.getByRole('progressbar', { name: 'Progreso del envío' }).count()).toBe(0);
    const audit = new ScreenAudit({ tapTargets: false });
    await audit.check(page, 'reminder dialog with a refused link', '[role="dialog"]');
    expect(audit.findings).toEqual({});
  });
});

describe('every back-office screen is accessible', () => {
  it('the sign-in pages, every section of the drawer, their dialogs and the drawer on a phone have no serious or critical axe violation', async () => {
    const adminApi = new AdminApi(server.baseUrl);
    const token = await adminApi.login('admin@encuestas.mx', 'Encuestas2026!');
    const apiGet = <T>(path: string) => adminApi.get<T>(path, token);
    const { campuses } = await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus');
    const { cicles } = await apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos');
    const { periodos } = await apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos');
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const periodo = periodos.find((p) => p.nombre === currentPeriod)!.id;
    const servicesA = cicles.find((c) => c.name === 'Encuesta de Servicios A')!.id;

    const { page } = await newPage(browser, 'back-office-axe');
    const audit = new ScreenAudit({ tapTargets: false });
    const check = (screen: string, selector?: string) => audit.check(page, screen, selector);
    const visit = async (path: string, ready: Locator) => {
      await page.goto(`${server.baseUrl}${path}`);
      await ready.waitFor();
      await check(path);
    };
    const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

    await visit('/admin-login', page.getByRole('button', { name: 'Iniciar sesión' }));
    await visit('/admin-reset-password', page.getByRole('button', { name: 'Enviar enlace' }));
    await visit('/admin-email-send-success', page.getByRole('heading').first());
    await visit('/admin-new-password?email=admin%40encuestas.mx&token=x', page.getByLabel('Nueva contraseña'));
    await visit('/admin-new-password-success', page.getByRole('heading').first());
    await visit('/no-existe', page.getByText('404 Not Found'));

    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');
    await check('/admin');
    await visit('/admin/periodosCiclos', page.getByRole('table', { name: 'Periodos de encuestas' }));
    await choose(page, 'Encuestas Campus', 'Puebla');
    await choose(page, 'Periodo', currentPeriod);
    await page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('row').filter({ hasText: 'En aplicación' }).first().waitFor();
    await check('/admin/periodosCiclos with Puebla');
    await page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).click();
    await dialog('Nuevo periodo de encuestas').waitFor();
    await check('new survey period dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog('Nuevo periodo de encuestas').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Gestionar periodos' }).click();
    await dialog('Periodos Power Campus').getByRole('list', { name: 'Periodos registrados' }).waitFor();
    await check('Power Campus periods dialog', '[role="dialog"]');
    await dialog('Periodos Power Campus').getByRole('tab', { name: 'Nuevo' }).click();
    await check('Power Campus new period tab', '[role="dialog"]');
    await page.keyboard.press('Escape');

    await visit(`/admin/actives-campus/${puebla}`, page.getByRole('table', { name: 'Periodos de encuestas' }));
    await visit('/admin/porfile', page.getByRole('heading', { level: 1 }));
    // Audited once its filters have loaded: while their lists load, the pickers are disabled, and axe
    // holds a greyed label to the contrast rule, which WCAG waives for an inactive control.
    await page.goto(`${server.baseUrl}/admin/resultados`);
    for (const picker of ['Tipo de encuesta', 'Periodo', 'Encuestas Campus']) {
      await page.getByRole('combobox', { name: picker, disabled: false }).waitFor();
    }
    await check('/admin/resultados');
    await visit('/admin/users', page.getByRole('table').getByRole('row').nth(1));
    await page.getByRole('button', { name: 'Nuevo usuario' }).click();
    await dialog('Nuevo usuario').waitFor();
    await check('new user dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await dialog('Nuevo usuario').waitFor({ state: 'detached' });
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await page.waitForURL(/\/admin\/users\/\d+/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('checkbox').first().waitFor();
    await check('/admin/users/:id');
    await visit('/admin/users/permissions', page.getByRole('heading', { level: 1 }));
    // The suggestions with their chips and detail dialog: in the respondents' suggestion journey.
    await visit('/admin/buzon', page.getByText('No hay comentarios', { exact: true }));
    await visit('/admin/directorio', page.getByText('Elegir archivo CSV'));
    await visit('/admin/nom035', page.locator('#nom035-campus:not([aria-disabled="true"])'));
    await visit(`/admin/pendientes/alumnos/${servicesA}?periodoId=${periodo}&campusId=${puebla}`, page.getByRole('heading', { level: 1 }));
    // Ready once the filters have loaded: a label fading from disabled grey would be measured mid-fade.
    await visit(`/admin/report/daly?cicleId=${servicesA}&periodoId=${periodo}`, page.locator('#reporte-campus:not([aria-disabled="true"])'));
    await visit('/admin/bitacora', page.getByRole('table', { name: 'Registros de la bitácora' }).getByRole('row').nth(1));
    await page.getByRole('table', { name: 'Registros de la bitácora' }).getByRole('button', { name: /Ver detalle/ }).first().click();
    await dialog('Detalle del registro').waitFor();
    await check('audit record dialog', '[role="dialog"]');
    await page.keyboard.press('Escape');

    // On a phone the drawer is a modal menu behind the app bar's button.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/admin', page.getByRole('heading', { name: /Te damos la bienvenida/ }));
    await page.getByRole('button', { name: /menú/i }).first().click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link').first().waitFor();
    await check('the drawer on a phone');

    expect(audit.findings).toEqual({});
  });
});

// The dean's start page (issue 20): a user with one campus's grants sees the open surveys of their campus with
// their participation, lowest first, as the API counts it, and follows a row to that campus's missing list.
describe("the dean's start page", () => {
  it('a one-campus user sees their campus’s open surveys with their participation, lowest first, and reaches who is missing', async () => {
    const api = new AdminApi(server.baseUrl);
    const adminToken = await api.login('admin@encuestas.mx', 'Encuestas2026!');
    const send = (method: 'POST' | 'PUT', path: string, body: object) => api.send(method, path, adminToken, body);
    const password = 'Decana-Puebla-2026';
    const email = 'decana.puebla@encuestas.mx';
    const created = await send('POST', '/users', { name: 'Decana', email, password, password_confirmation: password });
    expect(created.status).toBe(201);
    const userId = ((await created.json()) as { user: { id: number } }).user.id;
    const { campuses } = await api.get<{ campuses: { id: number; nombre: string }[] }>('/campus', adminToken);
    const { cicles } = await api.get<{ cicles: { id: number }[] }>('/ciclos', adminToken);
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const access = await send('PUT', `/users/${userId}/access`, {
      permissions: [PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents, PERMISSIONS.sendReminders],
      groups: [],
      campusIds: [puebla],
      cicleIds: cicles.map((c) => c.id),
    });
    expect(access.status).toBe(200);

    // What the server says this user may see: only Puebla, lowest rate first.
    const expected = await api.get<Dashboard>('/dashboard', await api.login(email, password));
    expect(expected.applications.length).toBeGreaterThan(0);
    expect(new Set(expected.applications.map((a) => a.campus.nombre))).toEqual(new Set(['Puebla']));
    const rates = expected.applications.map((a) => a.participation.rate ?? Infinity);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));

    const { page } = await newPage(browser, 'dean-start-page');
    await login(page, email, password);

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

// The Bitácora detail (issue 20), last in this file: it renames a campus.
const SUMMARY = 'Administrador cambió el nombre del campus Mérida Centro';

describe('the Bitácora detail', () => {
  it('an administrator renames a campus, finds the change in words and opens its detail with Antes / Después', async () => {
    const audit = new ScreenAudit({ tapTargets: false });
    const { page } = await newPage(browser, 'audit-log-detail');
    await login(page, 'admin@encuestas.mx', 'Encuestas2026!');

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
