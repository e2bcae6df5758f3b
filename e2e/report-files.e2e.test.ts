/**
 * Report files in the browser (issue 10): an administrator downloads the
 * students PDF and the questions table as XLSX from a report; the test opens
 * both files and checks their figures against ones it computes from the API;
 * a student's comment beginning with `=HYPERLINK(` comes out as text in the
 * comments' XLSX and CSV. From a campus's NOM-035 results to its evidence
 * file (issue 22): an action added to the program is in the inspector's PDF.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Nom035CampusFile } from '../packages/core/src/api/nom035-file';
import type { ReportOverview } from '../packages/core/src/api/reports';
import type { AvailableSurvey } from '../packages/core/src/api/surveys';
import { addDays, mexicoCityDay } from '../packages/core/src/dates';
import { seededRandom, syntheticAnswers } from '../packages/core/src/survey-engine/synthetic-answers';
import { SURVEY_KIND_DEFINITIONS } from '../packages/core/src/survey-kinds/registry';
import { DEMO_STUDENT_PC_ID, periodForDay } from '../packages/server/src/db/seed/demo';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { waitUntil } from '../packages/server/test/helpers/timeouts';
import { launchBrowser, newPage } from './harness/browser';
import { choose } from './harness/select';
import { accessCodeIn } from './harness/respondent-sign-in';
import { startServer, type RunningServer } from './harness/server';
import { STEP_TIMEOUT_MS } from './harness/timeouts';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpCatcher;
let token: string;
const FORMULA = '=HYPERLINK("http://malo.example","Ver mi calificación")';
const json = { 'content-type': 'application/json' };
const ADMIN = { email: 'admin@encuestas.mx', password: 'Encuestas2026!' };
const api = (path: string) => `${server.baseUrl}/api${path}`;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // Every submission published at once, so the test's comment reaches the report without waiting for a
  // batch (a set of one, so the small-group rule must allow it too).
  // Seeded at this start: the demo's answers publish under these settings, as every later one.
  server = await startServer({ smtpUrl: smtp.url, env: { ANONYMITY_BATCH: '1', MIN_GROUP_SIZE: '1' }, template: 'migrated' });
  browser = await launchBrowser();
  const response = await fetch(api('/admin/login'), { method: 'POST', headers: json, body: JSON.stringify(ADMIN) });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(api(path), { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function login(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/admin-login`);
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByRole('heading', { name: /Te damos la bienvenida/ }).waitFor();
}

async function downloadBy(page: Page, button: string | RegExp): Promise<{ download: Download; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = await download.path();
  return { download, body: await readFile(file) };
}

/** The demo student answers survey A through the API with `comment`; returns the application answered. */
async function studentAnswersWith(comment: string): Promise<{ activeId: number; cicleId: number }> {
  const earlier = new Set(smtp.messages);
  expect((await fetch(api('/respondents/code'), { method: 'POST', headers: json, body: JSON.stringify({ identifier: DEMO_STUDENT_PC_ID }) })).status).toBe(201);
  const code = accessCodeIn(await smtp.waitFor((m) => !earlier.has(m) && /código de acceso/i.test(m.subject), STEP_TIMEOUT_MS));
  const validated = await fetch(api('/respondents/code/validate'), { method: 'POST', headers: json, body: JSON.stringify({ identifier: DEMO_STUDENT_PC_ID, code }) });
  const student = ((await validated.json()) as { token: string }).token;
  const lists = await fetch(api('/respondents/availability/encuestas'), { headers: { authorization: `Bearer ${student}` } });
  const survey = ((await lists.json()) as { encuestas: AvailableSurvey[] }).encuestas.find((s) => s.kind === 'alumnos/serviciosA')!;
  const form = SURVEY_KIND_DEFINITIONS['alumnos/serviciosA'].form;
  if (form.type !== 'questionnaire') throw new Error('survey A is a questionnaire');
  const answers = { ...syntheticAnswers(form.questionnaire, {}, seededRandom(10)), comments: comment };
  const sent = await fetch(api('/respondents/responses'), {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${student}` },
    body: JSON.stringify({ activeId: survey.activeId, cicleId: survey.cicleId, subject: '', idempotencyKey: `e2e-files-${Date.now()}`, answers }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  return { activeId: survey.activeId, cicleId: survey.cicleId };
}

describe('report files in the browser', () => {
  it('an administrator downloads the students PDF and the questions XLSX, and both hold the report’s figures', async () => {
    const [{ campuses }, { cicles }, { periodos }] = await Promise.all([
      apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus'),
      apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos'),
      apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos'),
    ]);
    const campusId = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const cicleId = cicles.find((c) => c.name === 'Encuesta de Servicios A')!.id;
    const periodoId = periodos.find((p) => p.nombre === periodForDay(mexicoCityDay()).nombre)!.id;
    const overview = await apiGet<ReportOverview>(`/reports/overview?cicleId=${cicleId}&periodoId=${periodoId}&campusId=${campusId}`);
    // Computed here from the day-by-day counts.
    const responses = overview.daily.reduce((sum, day) => sum + day.n, 0);
    expect(responses).toBeGreaterThan(0);

    const { page } = await newPage(browser, 'report-files');
    await login(page);
    await page.goto(`${server.baseUrl}/admin/report/campus/${campusId}/students?cicleId=${cicleId}&periodoId=${periodoId}&campusId=${campusId}`);
    await page.getByRole('region', { name: 'Resumen' }).getByText('Tasa de respuesta', { exact: true }).waitFor();

    const pdf = await downloadBy(page, 'Descargar el reporte en PDF');
    expect(pdf.download.suggestedFilename()).toMatch(/^reporte-alumnos_.*_puebla\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(pdf.body) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Reporte de alumnos: Encuesta de Servicios A');
    expect(text).toContain('Participación');
    expect(text).toContain(`Respuestas publicadas: ${responses.toLocaleString('es-MX')}`);

    const xlsx = await downloadBy(page, 'Descargar las respuestas por pregunta en XLSX');
    expect(xlsx.download.suggestedFilename()).toMatch(/^preguntas_.*_puebla\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const item = overview.questionnaires[0]!.sections[0]!.items[0]!;
    const mine = rows.filter((row) => row[1] === item.text);
    expect(mine.map((row) => [row[2], row[3]])).toEqual(item.distribution.map((d) => [d.label, d.n]));
    // Every response answered the first item at most once.
    expect(mine.reduce((sum, row) => sum + Number(row[3]), 0)).toBeLessThanOrEqual(responses);
  });

  it('a comment beginning with =HYPERLINK( comes out as text in the comments’ XLSX and CSV', async () => {
    const { activeId, cicleId } = await studentAnswersWith(FORMULA);
    const { active } = await apiGet<{ active: { campus_id: number; periodo_id: number } }>(`/active/${activeId}`);
    const scope = `cicleId=${cicleId}&periodoId=${active.periodo_id}&campusId=${active.campus_id}`;
    // Published by the mover (a batch of one here): wait until the report counts it.
    await waitUntil(
      'the comment to be published',
      async () => (await apiGet<{ total: number }>(`/reports/texts?${scope}&item=comments&search=${encodeURIComponent('calificación')}`)).total > 0,
      STEP_TIMEOUT_MS,
    );

    const { page } = await newPage(browser, 'report-files-formula');
    await login(page);
    await page.goto(`${server.baseUrl}/admin/report/campus/${active.campus_id}/students?${scope}`);
    await page.getByRole('region', { name: 'Comentarios' }).waitFor();

    const xlsx = await downloadBy(page, /^Descargar los comentarios de .* en XLSX$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.eachRow((row) => cells.push(row.getCell(2)));
    const formulaCell = cells.find((cell) => String(cell.value).includes('HYPERLINK'))!;
    expect(formulaCell.type).toBe(ExcelJS.ValueType.String);
    expect(formulaCell.value).toBe(`'${FORMULA}`);

    const csv = await downloadBy(page, /^Descargar los comentarios de .* en CSV$/);
    expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(csv.body.subarray(3).toString('utf8')) as string[][];
    expect(rows.map((row) => row[1])).toContain(`'${FORMULA}`);
    expect(rows.length - 1).toBe(cells.length - 1);
  });
  it('from a campus’s NOM-035 results to its evidence file: an action added to the program is in the inspector’s PDF', async () => {
    const { page } = await newPage(browser, 'nom035-file-journey');
    await login(page);
    const { campuses } = await apiGet<{ campuses: { id: number; nombre: string }[] }>('/campus');
    const { cicles } = await apiGet<{ cicles: { id: number; name: string }[] }>('/ciclos');
    const { periodos } = await apiGet<{ periodos: { id: number; nombre: string }[] }>('/periodos');
    const puebla = campuses.find((c) => c.nombre === 'Puebla')!.id;
    const periodo = periodos.find((p) => p.nombre === periodForDay(mexicoCityDay()).nombre)!.id;
    const norma = cicles.find((c) => c.name === 'NOM-035')!.id;
    await page.goto(`${server.baseUrl}/admin/report/campus/${puebla}/students?cicleId=${norma}&periodoId=${periodo}&campusId=${puebla}`);
    await page.getByText(/^Calificación final \d+\.\d\d · /).first().waitFor();

    // The file of the same campus, from the back office's menu.
    await page.getByRole('link', { name: 'Expediente NOM-035' }).first().click();
    await page.getByRole('heading', { name: 'Expediente NOM-035', level: 1 }).waitFor();
    await choose(page, 'Campus', 'Puebla');
    const group = (await apiGet<Nom035CampusFile>(`/nom035/campus/${puebla}/file`)).applications[0]!.groups.find((g) => g.scope !== 'final')!;
    const form = page.getByRole('form', { name: 'Agregar acción' });
    await choose(page, 'Categoría o dominio que atiende', `${group.name} (Guía ${group.guide})`);
    await form.getByRole('textbox', { name: 'Área o grupo de trabajadores' }).fill('Personal de biblioteca');
    await form.getByRole('textbox', { name: 'Medida' }).fill('Pausas activas dos veces por turno');
    await choose(page, 'Nivel (8.5)', 'Segundo nivel: grupal');
    await form.getByLabel('Fecha programada').fill(addDays(mexicoCityDay(), 30));
    await form.getByRole('textbox', { name: 'Responsable' }).fill('Coordinación de Personal');
    await form.getByRole('button', { name: 'Agregar acción' }).click();
    await page.getByRole('list', { name: 'Acciones del programa' }).getByText('Pausas activas dos veces por turno').waitFor();

    const pdf = await downloadBy(page, 'Descargar expediente (PDF)');
    expect(pdf.download.suggestedFilename()).toBe(`expediente-nom035_puebla_${mexicoCityDay()}.pdf`);
    const parser = new PDFParse({ data: new Uint8Array(pdf.body) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Expediente NOM-035-STPS-2018: Puebla');
    expect(text).toContain('Pausas activas dos veces por turno');
  });
});
