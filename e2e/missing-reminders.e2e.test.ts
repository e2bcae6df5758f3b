/**
 * A student with pending classes reminded (issue 20): the demo student
 * evaluates 1 of her 4 classes; the administrator opens the teacher
 * evaluation's missing list, finds her by her matrícula with «Evaluó 1 de 4
 * materias», sends the reminder, and the mail the SMTP catcher receives names
 * the evaluation as she sees it, the deadline and what is left, with a
 * personal link that signs her in once. Then the list over every survey type
 * of the period shows her once with all she owes, and one reminder names them all.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '../packages/core/src/api/availability';
import { displayDay, mexicoCityDay } from '../packages/core/src/dates';
import { fillAnswers, TEST_CATALOGS } from '../packages/core/src/survey-kinds/testing';
import { questionnaireFor } from '../packages/server/src/features/surveys/questionnaires';
import { DEMO_STUDENT_PC_ID, periodForDay } from '../packages/server/src/db/seed/demo';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { waitUntil } from '../packages/server/test/helpers/timeouts';
import { launchBrowser, newPage } from './harness/browser';
import { accessCodeIn, signInLinkIn } from './harness/respondent-sign-in';
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

const api = () => `${server.baseUrl}/api`;

async function call<T>(method: string, path: string, body?: object, token?: string): Promise<T> {
  const response = await fetch(`${api()}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The demo student signs in with an e-mailed code and evaluates her first class only. */
async function evaluateOneClass(): Promise<{ cicleId: number; endActive: string; campusId: number }> {
  const caught = smtp.messages.length;
  await call('POST', '/respondents/code', { identifier: DEMO_STUDENT_PC_ID });
  const mail = await waitUntil('the sign-in code mail', async () => smtp.messages.length > caught && smtp.messages[smtp.messages.length - 1]!);
  const { token, student } = await call<{ token: string; student: { campus: { id: number } } }>('POST', '/respondents/code/validate', {
    identifier: DEMO_STUDENT_PC_ID,
    code: accessCodeIn(mail),
  });
  const { encuestasDocente } = await call<Availability>('GET', '/respondents/availability', undefined, token);
  expect(encuestasDocente).toHaveLength(4);
  const first = encuestasDocente[0]!;
  const answers = fillAnswers(questionnaireFor(first.kind, first.subject)!, TEST_CATALOGS);
  await call('POST', '/respondents/responses', { idempotencyKey: crypto.randomUUID(), activeId: first.activeId, cicleId: first.cicleId, subject: first.subject, answers }, token);
  return { cicleId: first.cicleId, endActive: first.endActive, campusId: student.campus.id };
}

/** What the first journey leaves for the second: her application and the period. */
const state = { cicleId: 0, campusId: 0, periodoId: 0, endActive: '' };

async function signInAdmin(name: string) {
  const { page } = await newPage(browser, name);
  await page.goto(`${server.baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill('admin@encuestas.mx');
  await page.getByLabel('Contraseña', { exact: true }).fill('Encuestas2026!');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
  return page;
}

describe('a student with pending classes reminded', () => {
  it('the administrator sees «Evaluó 1 de 4 materias», reminds her, and her mail names the evaluation, the deadline and a link that signs her in once', async () => {
    const application = await evaluateOneClass();
    const { token } = await call<{ token: string }>('POST', '/admin/login', { email: 'admin@encuestas.mx', password: 'Encuestas2026!' });
    const current = periodForDay(mexicoCityDay()).nombre;
    const { periodos } = await call<{ periodos: { id: number; nombre: string }[] }>('GET', '/periodos', undefined, token);
    const periodoId = periodos.find((p) => p.nombre === current)!.id;
    Object.assign(state, { ...application, periodoId });

    const page = await signInAdmin('missing-reminder');
    await page.goto(`${server.baseUrl}/admin/pendientes/alumnos/${application.cicleId}?periodoId=${periodoId}&campusId=${application.campusId}`);
    await page.getByLabel('Matrícula o número de empleado (pc_id)').fill(DEMO_STUDENT_PC_ID);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    await page.getByText('Evaluó 1 de 4 materias').first().waitFor();

    const mailsBefore = smtp.messages.length;
    await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar recordatorio' });
    await dialog.getByRole('button', { name: /^Enviar a 1 / }).click();
    await dialog.getByText('Se envió 1 recordatorio', { exact: false }).waitFor();

    const mail = await waitUntil('the reminder mail', async () => smtp.messages.slice(mailsBefore).find((m) => m.subject.startsWith('Recordatorio')));
    const deadline = displayDay(application.endActive);
    expect(mail.subject).toBe(`Recordatorio: responde «Evaluación docente» antes del ${deadline}`);
    expect(mail.text).toContain('Te faltan 3 materias por evaluar.');
    expect(mail.text).toContain(`Tienes hasta el ${deadline}.`);

    // Her personal link, in a browser of her own: it signs her in, once.
    const link = signInLinkIn(mail);
    const student = await newPage(browser, 'missing-reminder-link');
    await student.page.goto(link);
    await student.page.getByRole('button', { name: 'Entrar' }).click();
    await student.page.getByRole('heading', { name: /^Hola, / }).waitFor();
    const again = await newPage(browser, 'missing-reminder-link-again');
    await again.page.goto(link);
    await again.page.getByRole('button', { name: 'Entrar' }).click();
    await again.page.getByText('El enlace para entrar expiró o ya se usó. Solicita un código nuevo.').waitFor();
  });

  it('every survey type at once: she is listed once with the evaluation and the others she owes, and one reminder names them all', async () => {
    expect(state.periodoId, 'the first journey ran').toBeGreaterThan(0);
    const page = await signInAdmin('missing-all-types');
    // From her evaluation's list, «Encuesta» → «Todas las encuestas».
    await page.goto(`${server.baseUrl}/admin/pendientes/alumnos/${state.cicleId}?periodoId=${state.periodoId}&campusId=${state.campusId}`);
    await page.getByRole('combobox', { name: 'Encuesta' }).click();
    await page.getByRole('option', { name: 'Todas las encuestas' }).click();
    await page.getByText(/^Todas las encuestas · /).waitFor();
    await page.getByLabel('Matrícula o número de empleado (pc_id)').fill(DEMO_STUDENT_PC_ID);
    await page.getByRole('button', { name: 'Aplicar filtros' }).click();
    const owed = page.getByRole('list', { name: /^Encuestas que le faltan a / });
    await owed.getByText('Evaluación docente (evaluó 1 de 4 materias)').waitFor();
    const titles = await owed.getByRole('listitem').allTextContents();
    expect(titles.length).toBeGreaterThanOrEqual(2);

    // She got the evaluation's reminder today; the one over every type is another (and the last today).
    const mailsBefore = smtp.messages.length;
    await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar recordatorio' });
    await dialog.getByRole('button', { name: /^Enviar a 1 / }).click();
    await dialog.getByText('Se envió 1 recordatorio', { exact: false }).waitFor();

    const mail = await waitUntil('the all-types reminder mail', async () => smtp.messages.slice(mailsBefore).find((m) => m.subject.startsWith('Recordatorio')));
    expect(mail.subject).toMatch(/^Recordatorio: tienes encuestas pendientes, la primera cierra el \d{2}\/\d{2}\/\d{4}$/);
    expect(mail.text).toContain(`• «Evaluación docente», hasta el ${displayDay(state.endActive)}. Te faltan 3 materias por evaluar.`);
    // Every survey she owes, one line each.
    expect(mail.text.split('\n').filter((line) => line.startsWith('• «'))).toHaveLength(titles.length);
    expect(signInLinkIn(mail)).toContain('/login/enlace#');

    // A second click: nobody left to remind today.
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('button', { name: 'Enviar recordatorio' }).click();
    await dialog.getByText('No hay a quién enviar.', { exact: false }).waitFor();
    expect(smtp.messages.slice(mailsBefore).filter((m) => m.subject.startsWith('Recordatorio'))).toHaveLength(1);
  });
});
