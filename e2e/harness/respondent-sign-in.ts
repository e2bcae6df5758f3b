/**
 * A respondent's sign-in through the real pages, reading the e-mailed code or
 * link from the SMTP catcher. `audit` checks each sign-in screen on the way.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CaughtMail, SmtpCatcher } from '../../packages/server/test/helpers/smtp-catcher';
import type { ScreenAudit } from './audit';
import { STEP_TIMEOUT_MS } from './timeouts';

interface SignInOptions {
  audit?: ScreenAudit | undefined;
  /** Ticks 'Mantener la sesión en este dispositivo' where the code is typed (checking it starts unticked). */
  keepSession?: boolean;
}

/** 'Mantener la sesión en este dispositivo': checks it starts unticked, then ticks it. */
export async function tickKeepSession(page: Page): Promise<void> {
  const keep = page.getByRole('checkbox', { name: 'Mantener la sesión en este dispositivo' });
  expect(await keep.isChecked()).toBe(false);
  await keep.check();
}

/**
 * Opens `start` (the sign-in page, or a page that sends there), asks for a
 * code, and returns the mail. Asking offers no 'keep me signed in': anyone can
 * ask for anyone's code.
 */
export async function askForAccessMail(page: Page, smtp: SmtpCatcher, start: string, identifier: string, options: Pick<SignInOptions, 'audit'> = {}): Promise<CaughtMail> {
  const earlier = new Set(smtp.messages);
  await page.goto(start);
  const field = page.getByRole('textbox', { name: 'Número de control o correo institucional' });
  await field.waitFor();
  await options.audit?.check(page, '/login');
  expect(await page.getByRole('checkbox').count()).toBe(0);
  await field.fill(identifier);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByRole('heading', { name: /^¿Eres / }).waitFor();
  await options.audit?.check(page, '/login/validar');
  return smtp.waitFor((m) => !earlier.has(m) && /código de acceso/i.test(m.subject), STEP_TIMEOUT_MS);
}

export function accessCodeIn(mail: CaughtMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  return code!;
}

export function signInLinkIn(mail: CaughtMail): string {
  const link = /(https?:\/\/\S+\/login\/enlace#\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return link!;
}

/** Signs a respondent in with the e-mailed code and waits for their list of surveys. */
export async function respondentLogin(
  page: Page,
  smtp: SmtpCatcher,
  baseUrl: string,
  identifier: string,
  audit?: ScreenAudit,
  options: Pick<SignInOptions, 'keepSession'> = {},
): Promise<void> {
  const mail = await askForAccessMail(page, smtp, `${baseUrl}/login`, identifier, { audit });
  await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(accessCodeIn(mail));
  if (options.keepSession) await tickKeepSession(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: /^Hola, / }).waitFor();
  await audit?.check(page, '/evaluated-list');
}
