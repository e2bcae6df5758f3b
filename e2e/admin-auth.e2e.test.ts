/**
 * The back-office account flows as a person does them, in Chromium against
 * the real server (demo data, embedded PGlite) and a real SMTP catcher.
 * The password reset runs last: it changes the demo administrator's password.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findResetLink, startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { launchBrowser, newPage } from './harness/browser';
import { startServer, type RunningServer } from './harness/server';
import { STEP_TIMEOUT_MS } from './harness/timeouts';

const ADMIN_EMAIL = 'admin@encuestas.mx';
const ADMIN_PASSWORD = 'Encuestas2026!';

let smtp: SmtpCatcher;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({ smtpUrl: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pathIs = (server: RunningServer, pathname: string) => new RegExp(`^${escape(server.origin + pathname)}(\\?.*)?$`);

describe('administrator account in the browser', () => {
  it('lets a newcomer find the admin login from /encuestas, log in, reach the start page and log out', async () => {
    const { page } = await newPage(browser, 'login-logout');
    await page.goto(`${server.baseUrl}`);
    await page.getByRole('link', { name: 'Acceso administrativo' }).click();
    await page.waitForURL(pathIs(server, '/encuestas/admin-login'));

    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByRole('heading', { name: 'Te damos la bienvenida, Administrador' }).waitFor();
    expect(page.url()).toMatch(pathIs(server, '/encuestas/admin'));

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(pathIs(server, '/encuestas/admin-login'));
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();

    // The session is really gone: the back office sends us back to the login.
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(pathIs(server, '/encuestas/admin-login'));
  });

  it('shows "Correo o contraseña incorrectos." for a wrong password and stays on the login page', async () => {
    const { page } = await newPage(browser, 'wrong-password');
    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1!');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    await page.getByText('Correo o contraseña incorrectos.').waitFor();
    expect(page.url()).toMatch(pathIs(server, '/encuestas/admin-login'));
    await expect(page.getByRole('heading', { name: /Te damos la bienvenida/ }).count()).resolves.toBe(0);
  });

  it('shows "Unexpected Application Error!" and "404 Not Found" for an unknown URL, which answers HTTP 404', async () => {
    const { page } = await newPage(browser, 'not-found');
    const response = await page.goto(`${server.baseUrl}/no-existe`);
    expect(response?.status()).toBe(404);
    await page.getByText('Unexpected Application Error!').waitFor();
    await page.getByText('404 Not Found').waitFor();
  });

  it('shows the error page, not the unfiltered list, for a malformed campus id in the address', async () => {
    const { page } = await newPage(browser, 'malformed-id');
    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Te damos la bienvenida, Administrador' }).waitFor();

    const response = await page.goto(`${server.baseUrl}/admin/actives-campus/abc`);
    expect(response?.status()).toBe(404);
    await page.getByText('404 Not Found').waitFor();
    await page.getByText('La dirección no es válida: revisa el enlace o vuelve a la página de inicio.').waitFor();
    // A well-formed one still opens the campus's applications.
    const fine = await page.goto(`${server.baseUrl}/admin/actives-campus/1`);
    expect(fine?.status()).toBe(200);
    await expect(page.getByText('404 Not Found').count()).resolves.toBe(0);
  });

  it('resets a forgotten password through the e-mailed link and then logs in with the new one', async () => {
    const newPassword = 'NuevaClave-E2E-2026';
    const { page } = await newPage(browser, 'password-reset');
    await page.goto(`${server.baseUrl}/admin-reset-password`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();

    const mail = await smtp.waitFor((m) => m.to.includes(ADMIN_EMAIL), STEP_TIMEOUT_MS);
    const link = findResetLink(mail.text);
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(server.origin);
    expect(url.pathname).toBe('/encuestas/admin-new-password');
    expect(url.searchParams.get('email')).toBe(ADMIN_EMAIL);
    expect(url.searchParams.get('token')).toBeTruthy();

    await page.goto(link!);
    // The strength meter judges as the user types, in Spanish, by the server's rule.
    await page.getByLabel('Nueva contraseña').fill('qwerty123');
    await page.getByText(/^Seguridad: Muy débil\. .+/).waitFor();
    await page.getByLabel('Nueva contraseña').fill(newPassword);
    await page.getByText('Seguridad: Muy buena.').waitFor();
    await page.getByLabel('Confirmar contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Contraseña actualizada correctamente').first().waitFor();

    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Te damos la bienvenida, Administrador' }).waitFor();
  });
});
