/**
 * A respondent's tab for the page benchmarks (lighthouse.ts, page-cpu.ts):
 * Debian's Chromium, and the real sign-in pages with the code read from the
 * e-mail a real SMTP catcher received.
 */
import type { Page } from 'playwright-core';
import type { SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STEP_TIMEOUT_MS = 60_000;

/** Asks for a code on /login and returns it from the e-mail; the tab is left on /login/validar. */
export async function requestCode(page: Page, smtp: SmtpCatcher, baseUrl: string, identifier: string): Promise<string> {
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

export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: /^Hola, / }).waitFor();
}

/** The services survey's form, reached from the list as a student does. */
export async function surveyFormUrl(page: Page): Promise<string> {
  const survey = page.getByRole('article', { name: /servicios/i }).first();
  await survey.getByRole('link', { name: /Responder|Continuar/ }).click();
  await page.getByRole('link', { name: /Comenzar|Continuar/ }).click();
  await page.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();
  return page.url();
}
