/**
 * An institution's first start, in Chromium against the real server with no
 * demo data and no SQL: the administrator of ADMIN_EMAIL follows the start
 * page's set-up guide (names, the suggested campuses, survey types per
 * campus, the Power Campus period, the students' CSV, the first application),
 * a student signs in with the institution's account through a real OpenID
 * Connect provider (oidc-provider's own login and consent pages) and answers,
 * and the back office sees the response in process. Also the back office's
 * sign-in with the institution's account, and an unknown account's message.
 * One server for the whole file.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTITUTION_SIGN_IN_ERRORS, DEFAULT_INSTITUTION_SIGN_IN_LABEL } from '../packages/core/src/api/institution-sign-in';
import { SUGGESTED_CAMPUSES } from '../packages/core/src/api/campuses';
import { addDays, mexicoCityDay } from '../packages/core/src/dates';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { startIdentityProvider, type TestIdentityProvider } from '../packages/server/test/helpers/identity-provider';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { freePort } from '../scripts/postgres-cluster.mjs';
import { ScreenAudit } from './harness/audit';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { startServer, type RunningServer } from './harness/server';

const ADMIN_EMAIL = 'rectoria@universidad-golfo.mx';
const ADMIN_PASSWORD = 'Primer-Arranque-2026!';
const INSTITUTION = 'Universidad del Golfo';
const PLATFORM = 'Encuestas UDG';
const today = mexicoCityDay();
const period = periodForDay(today);
const STUDENT = { pcId: '100000101', name: 'Ana', email: 'ana.garcia@alumnos.universidad-golfo.mx' };
const STUDENTS_CSV = [
  'pc_id,nombre,apellido_paterno,apellido_materno,correo,campus,plan,grupo,sesion,anio,periodo,nuevo_ingreso',
  `${STUDENT.pcId},${STUDENT.name},García,López,${STUDENT.email},Puebla,LAE,1A,Matutina,${today.slice(0, 4)},${period.nombre},no`,
  `100000102,Luis,Pérez,Soto,luis.perez@alumnos.universidad-golfo.mx,Puebla,ING,3B,Vespertina,${today.slice(0, 4)},${period.nombre},no`,
].join('\n');

let smtp: SmtpCatcher;
let idp: TestIdentityProvider;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The provider knows the platform's callback before the platform starts: the port is chosen first.
  const port = await freePort();
  idp = await startIdentityProvider(`http://127.0.0.1:${port}/encuestas/api/auth/institution/callback`, { pages: true });
  server = await startServer({
    template: 'migrated',
    port,
    smtpUrl: smtp.url,
    env: {
      SEED_DEMO: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  await smtp?.close();
});

async function passwordLogin(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN_EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();
}

/** Through the provider's own pages: its login (any password) and its consent. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('cualquier-clave');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.href.startsWith(server.origin));
}

/** Types a day into an MUI date field (DD MM YYYY sections). */
async function typeDay(group: Locator, day: string): Promise<void> {
  const [year, month, date] = day.split('-');
  await group.getByRole('spinbutton').first().click();
  await group.page().keyboard.type(`${date}${month}${year}`);
}

/** Answers every unanswered option group of the step with its first option, one at a time (gates may hide later ones). */
async function answerStep(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();
  for (let guard = 0; guard < 200; guard++) {
    const groups = page.getByRole('radiogroup');
    let answered = false;
    for (let i = 0; i < (await groups.count()) && !answered; i++) {
      const group = groups.nth(i);
      if ((await group.getByRole('radio', { checked: true }).count()) > 0) continue;
      await group.getByRole('radio').first().check();
      answered = true;
    }
    if (!answered) return;
  }
}

describe('going live from an empty database', () => {
  it('a back-office user enters with the institution’s account; an unknown account reads why it cannot', async () => {
    const { page } = await newPage(browser, 'institution-sign-in-admin');
    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByRole('link', { name: DEFAULT_INSTITUTION_SIGN_IN_LABEL }).click();
    await signInAtProvider(page, ADMIN_EMAIL.toUpperCase());
    await page.getByRole('heading', { name: 'Te damos la bienvenida' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/encuestas/admin');

    const stranger = (await newPage(browser, 'institution-sign-in-unknown')).page;
    await stranger.goto(`${server.baseUrl}/admin-login`);
    await stranger.getByRole('link', { name: DEFAULT_INSTITUTION_SIGN_IN_LABEL }).click();
    await signInAtProvider(stranger, 'nadie@universidad-golfo.mx');
    await stranger.getByText(INSTITUTION_SIGN_IN_ERRORS['unknown-account']).waitFor();
    expect(new URL(stranger.url()).pathname).toBe('/encuestas/admin-login');
    await expect(stranger.getByRole('heading', { name: 'Te damos la bienvenida' }).count()).resolves.toBe(0);
    // Nothing was opened: the back office still sends to the login.
    await stranger.goto(`${server.baseUrl}/admin`);
    await stranger.waitForURL(/\/encuestas\/admin-login/);

    // The respondents' login says the same to an account the directory does not hold.
    const outsider = (await newPage(browser, 'institution-sign-in-unknown-respondent')).page;
    await outsider.goto(`${server.baseUrl}/login`);
    await outsider.getByRole('link', { name: DEFAULT_INSTITUTION_SIGN_IN_LABEL }).click();
    await signInAtProvider(outsider, 'nadie@alumnos.universidad-golfo.mx');
    await outsider.getByText(INSTITUTION_SIGN_IN_ERRORS['unknown-account']).waitFor();
    expect(new URL(outsider.url()).pathname).toBe('/encuestas/login');
    await outsider.getByRole('textbox', { name: 'Número de control o correo institucional' }).waitFor();
  });

  it('the administrator sets the platform up through the guide, a student answers, and the back office sees it', async () => {
    const { page } = await newPage(browser, 'going-live-admin');
    const audit = new ScreenAudit({ tapTargets: false });
    await passwordLogin(page);
    const guide = page.getByRole('region', { name: 'Configuración inicial' });
    await guide.getByText('La plataforma aún no tiene campus.', { exact: false }).waitFor();
    // The names' form is disabled while it reads them (a disabled field's label is grey): audited once it can be used.
    await guide.locator('button:enabled', { hasText: 'Guardar nombres' }).waitFor();
    await audit.check(page, 'start page of an empty platform');

    // 1. Names.
    const names = guide.getByRole('form', { name: 'Nombre de la institución' });
    await names.getByRole('textbox', { name: 'Nombre de la institución' }).fill(INSTITUTION);
    await names.getByRole('textbox', { name: 'Nombre de la plataforma' }).fill(PLATFORM);
    await names.getByRole('button', { name: 'Guardar nombres' }).click();
    await page.getByText('Nombres guardados').waitFor();

    // 2. Campuses: the spec's seven, offered as a suggestion.
    await guide.getByText(`Sugeridos: ${SUGGESTED_CAMPUSES.join(', ')}.`).waitFor();
    await guide.getByRole('button', { name: 'Agregar los campus sugeridos' }).click();
    await page.getByText('Campus sugeridos creados').waitFor();
    // The guide stays until the first application: the next steps are still there.
    await guide.getByText('La plataforma aún no tiene aplicaciones de encuestas.', { exact: false }).waitFor();
    await expect(guide.getByRole('button', { name: /Agregar los (campus )?sugeridos/ }).count()).resolves.toBe(0);

    // 3. Survey types per campus: Puebla stops applying the teacher evaluation; Oaxaca applies none.
    await guide.getByRole('link', { name: 'Ir a tipos de encuesta por campus' }).click();
    await page.getByRole('heading', { name: 'Institución y campus', level: 1 }).waitFor();
    const campusList = page.getByRole('list', { name: 'Campus' });
    await expect(campusList.getByRole('listitem').count()).resolves.toBe(SUGGESTED_CAMPUSES.length);
    await campusList.getByRole('listitem').filter({ hasText: 'Puebla' }).getByRole('button', { name: 'Tipos de encuesta' }).click();
    const pueblaTypes = page.getByRole('dialog', { name: 'Tipos de encuesta de Puebla' });
    const teacherEvaluation = pueblaTypes.getByRole('checkbox', { name: 'Evaluación Docente' });
    expect(await teacherEvaluation.isChecked()).toBe(true);
    await audit.check(page, 'survey types of a campus', '[role="dialog"]');
    await teacherEvaluation.uncheck();
    await pueblaTypes.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tipos de encuesta de Puebla guardados').waitFor();
    await campusList.getByRole('listitem').filter({ hasText: 'Oaxaca' }).getByRole('button', { name: 'Tipos de encuesta' }).click();
    const oaxacaTypes = page.getByRole('dialog', { name: 'Tipos de encuesta de Oaxaca' });
    const oaxacaBoxes = oaxacaTypes.getByRole('checkbox', { checked: true });
    await oaxacaBoxes.first().waitFor();
    while ((await oaxacaBoxes.count()) > 0) await oaxacaBoxes.first().uncheck();
    await oaxacaTypes.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Tipos de encuesta de Oaxaca guardados').waitFor();
    await audit.check(page, '/admin/campus with seven campuses');

    // 4. The Power Campus period of today.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    await guide.getByRole('link', { name: 'Ir a periodos Power Campus' }).click();
    await page.getByRole('button', { name: 'Gestionar periodos' }).click();
    const periods = page.getByRole('dialog', { name: 'Periodos Power Campus' });
    await periods.getByRole('tab', { name: 'Nuevo' }).click();
    await periods.getByRole('textbox', { name: 'Nombre del periodo' }).fill(period.nombre.toLowerCase());
    await typeDay(periods.getByRole('group', { name: 'Fecha de inicio' }), period.fechaInicio);
    await typeDay(periods.getByRole('group', { name: 'Fecha de fin' }), period.fechaFin);
    await periods.getByRole('button', { name: 'Crear periodo' }).click();
    await page.getByText('Periodo creado correctamente').waitFor();
    await periods.getByRole('list', { name: 'Periodos registrados' }).getByRole('listitem').filter({ hasText: period.nombre }).waitFor();
    await periods.getByRole('button', { name: 'Cerrar' }).click();

    // 5. The directory: the students' file, as the survey chosen (Servicios A) needs nothing more.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    await guide.getByRole('link', { name: 'Ir a directorio' }).click();
    await page.getByRole('radio', { name: 'Alumnos' }).check();
    await page.locator('input[type="file"]').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: Buffer.from(STUDENTS_CSV) });
    await page.getByText('alumnos.csv (', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    const imported = page.getByRole('alert').filter({ hasText: 'Importación de alumnos terminada' });
    await imported.waitFor();
    await audit.check(page, '/admin/directorio after the import');

    // 6. The first application: Puebla, today's period, Servicios A from today.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    await guide.getByRole('link', { name: 'Ir a primera aplicación de encuestas' }).click();
    await choose(page, 'Encuestas Campus', 'Oaxaca');
    await choose(page, 'Periodo', period.nombre);
    await page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).click();
    const atOaxaca = page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' });
    await atOaxaca.getByText('Ningún tipo de encuesta está habilitado en este campus. Habilítelos en «Institución y campus».').waitFor();
    await expect(atOaxaca.getByRole('checkbox', { name: 'Encuesta de Servicios A' }).count()).resolves.toBe(0);
    await atOaxaca.getByRole('button', { name: 'Cerrar' }).click();
    await atOaxaca.waitFor({ state: 'detached' });

    await choose(page, 'Encuestas Campus', 'Puebla');
    await page.getByRole('button', { name: 'Nuevo periodo de encuestas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo periodo de encuestas' });
    await expect(dialog.getByRole('textbox', { name: 'Campus' }).inputValue()).resolves.toBe('Puebla');
    await dialog.getByRole('checkbox', { name: 'Encuesta de Servicios A' }).waitFor();
    await expect(dialog.getByRole('checkbox', { name: 'Evaluación Docente' }).count()).resolves.toBe(0);
    await dialog.getByText('Apagados en este campus (se habilitan en «Institución y campus»): Evaluación Docente.').waitFor();
    await typeDay(dialog.getByRole('group', { name: 'Inicio de encuestas' }), today);
    await typeDay(dialog.getByRole('group', { name: 'Final de encuestas' }), addDays(today, 14));
    await dialog.getByRole('checkbox', { name: 'Encuesta de Servicios A' }).check();
    // Nor is it offered at a campus that does not apply the type checked.
    const others = dialog.getByRole('group', { name: 'Crear también en estos campus:' });
    const oaxaca = others.getByRole('checkbox', { name: 'Oaxaca (no aplica Encuesta de Servicios A)' });
    await oaxaca.waitFor();
    await expect(oaxaca.isDisabled()).resolves.toBe(true);
    await expect(others.getByRole('checkbox', { name: 'León', exact: true }).isEnabled()).resolves.toBe(true);
    await audit.check(page, 'the first application', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Crear Periodo' }).click();
    await page.getByText('Periodo de encuestas creado correctamente').waitFor();
    const row = page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('row').filter({ hasText: 'En aplicación' });
    await row.getByText('Encuesta de Servicios A').waitFor();

    // The guide is done: the start page no longer shows it.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    await page.getByRole('list', { name: 'Secciones disponibles' }).waitFor();
    await expect(guide.count()).resolves.toBe(0);

    // A student enters with the institution's account and answers.
    const student = (await newPage(browser, 'going-live-student')).page;
    await student.goto(`${server.baseUrl}/login`);
    await expect(student.title()).resolves.toContain(PLATFORM);
    await student.getByRole('link', { name: DEFAULT_INSTITUTION_SIGN_IN_LABEL }).click();
    await signInAtProvider(student, STUDENT.email);
    await student.getByRole('heading', { name: `Hola, ${STUDENT.name}` }).waitFor();
    await audit.check(student, '/evaluated-list of the first student');
    const survey = student.getByRole('article', { name: /servicios/i });
    await expect(survey.count()).resolves.toBe(1);
    await survey.getByRole('link', { name: 'Responder' }).click();
    await student.getByRole('link', { name: 'Comenzar' }).click();
    for (let step = 1; ; step++) {
      expect(step, 'the survey did not end').toBeLessThan(30);
      await answerStep(student);
      const send = student.getByRole('button', { name: 'Enviar' });
      if (await send.isVisible()) {
        await send.click();
        break;
      }
      await student.getByRole('button', { name: /^(Siguiente|Revisar)$/ }).click();
    }
    await student.getByRole('heading', { name: /^¡Gracias!/ }).waitFor();
    await student.getByRole('link', { name: 'Volver a mis encuestas' }).click();
    await student.getByText('Respondida').waitFor();

    // The back office: the response is counted as in process (published with the next anonymous batch).
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Periodos y ciclos' }).click();
    await choose(page, 'Encuestas Campus', 'Puebla');
    await choose(page, 'Periodo', period.nombre);
    await page.getByRole('table', { name: 'Periodos de encuestas' }).getByRole('link', { name: 'Encuesta de Servicios A' }).click();
    const summary = page.getByRole('region', { name: 'Resumen' });
    await summary.waitFor();
    const held = summary.getByText('En proceso', { exact: true }).locator('..');
    await held.getByText('1', { exact: true }).waitFor();
    await audit.check(page, 'the report of the first application');

    expect(audit.findings).toEqual({});
  });
});
