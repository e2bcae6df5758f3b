/**
 * Report files in the browser (issue 10): an administrator downloads the
 * students PDF and the questions table as XLSX from a report; the test opens
 * both files and checks their figures against ones it computes from the API.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOverview } from '../packages/core/src/api/reports';
import { mexicoCityDay } from '../packages/core/src/dates';
import { periodForDay } from '../packages/server/src/db/seed/demo';
import { launchBrowser, newPage } from './harness/browser';
import { startServer, type RunningServer } from './harness/server';

let server: RunningServer;
let browser: Browser;
let token: string;
const ADMIN = { email: 'admin@encuestas.mx', password: 'Encuestas2026!' };
const api = (path: string) => `${server.baseUrl}/api${path}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const response = await fetch(api('/admin/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
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
  await page.getByRole('heading', { name: /Bienvenido/ }).waitFor();
}

async function downloadBy(page: Page, button: string): Promise<{ download: Download; body: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = await download.path();
  return { download, body: await readFile(file) };
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
    await page.getByRole('region', { name: 'Resumen' }).getByText('Tasa de respuesta').waitFor();

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
});
