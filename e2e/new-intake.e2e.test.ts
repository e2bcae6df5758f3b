/**
 * The new-intake survey on a phone: a student who lived abroad picks
 * 'Otro / extranjero' as the state (no municipio is asked) and writes the
 * place, finds the school of origin by typing part of its city or name
 * (accents optional), answers the rest and sends. Every step passes axe-core
 * and has no tap target under 44 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { ScreenAudit } from './harness/audit';
import { launchBrowser, newPage } from './harness/browser';
import { PHONE } from './harness/touch';
import { respondentLogin } from './harness/respondent-sign-in';
import { startServer, type RunningServer } from './harness/server';

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

/** Picks the first option of every unanswered radio group and checkbox group of the step, one at a time. */
async function answerStep(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();
  for (let guard = 0; guard < 100; guard++) {
    let answered = false;
    for (const [role, option] of [['radiogroup', 'radio'], ['group', 'checkbox']] as const) {
      const groups = page.getByRole(role);
      for (let i = 0; i < (await groups.count()) && !answered; i++) {
        const group = groups.nth(i);
        if ((await group.getByRole(option).count()) === 0 || (await group.getByRole(option, { checked: true }).count()) > 0) continue;
        await group.getByRole(option).first().check();
        answered = true;
      }
      if (answered) break;
    }
    if (!answered) return;
  }
}

describe('the new-intake survey in the browser', () => {
  it('a student from abroad picks «Otro / extranjero», writes the place, finds the school by typing, and sends', async () => {
    const { page } = await newPage(browser, 'new-intake', PHONE);
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, smtp, server.baseUrl, '100000001');
    await page.getByRole('article', { name: /nuevo ingreso/i }).getByRole('link', { name: /Responder|Continuar/ }).click();
    await page.getByRole('link', { name: /Comenzar|Continuar/ }).click();

    // Where from: abroad, so no municipio; the place is asked instead.
    const state = page.getByRole('combobox', { name: '¿En qué estado vivías antes de entrar a la universidad?' });
    await state.fill('extranj');
    await page.getByRole('option', { name: 'Otro / extranjero' }).click();
    await expect(page.getByRole('combobox', { name: '¿En qué municipio o alcaldía?' }).count()).resolves.toBe(0);
    await page.getByRole('textbox', { name: /^¿Dónde vivías\?/ }).fill('Quito, Ecuador');
    await audit.check(page, 'new intake: step 1');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // The school: 'merida' (no accent) finds Mérida's schools; 'oriente' finds Instituto Oriente.
    const school = page.getByRole('combobox', { name: '¿En qué escuela estudiaste el bachillerato?' });
    await school.fill('merida');
    await page.getByRole('option', { name: 'Escuela Preparatoria Uno, UADY (Mérida)' }).waitFor();
    await school.fill('oriente');
    await page.getByRole('option', { name: 'Instituto Oriente (Puebla)' }).click();
    await expect(school.inputValue()).resolves.toBe('Instituto Oriente (Puebla)');
    await expect(page.getByRole('textbox', { name: /^¿Cómo se llama tu escuela/ }).count()).resolves.toBe(0);
    await audit.check(page, 'new intake: step 2');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    for (let step = 3; step < 13; step++) {
      await answerStep(page);
      const send = page.getByRole('button', { name: 'Enviar' });
      const reviewing = await send.isVisible();
      await audit.check(page, reviewing ? 'new intake: review' : `new intake: step ${step}`);
      if (reviewing) {
        await send.click();
        await page.getByRole('heading', { name: /^¡Gracias!/ }).waitFor();
        expect(audit.findings).toEqual({});
        return;
      }
      await page.getByRole('button', { name: /^(Siguiente|Revisar)$/ }).click();
    }
    throw new Error('the survey did not end');
  });
});
