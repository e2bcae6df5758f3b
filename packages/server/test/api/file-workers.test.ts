/**
 * Report files in worker threads, within their bounds (docs/reports.md,
 * "Files"): files come out whole while others are in progress; a user over
 * their bound, and anyone over the overall bound, gets a Spanish 429 with
 * Retry-After while others are still served; a file that fails or whose
 * worker crashes is a clean, logged 500 that gives its place back, and the
 * pool carries on; /health answers while a worker thread is busy. The
 * workers are the real ones behind a switchboard (helpers/file-workers.ts)
 * that holds, fails or crashes the next tasks on demand.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '@encuestas/core/errors';
import { FILES_BUSY_MESSAGE, tooManyFilesMessage } from '@encuestas/core/api/report-files';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { activeCycles, actives, campuses, cycles, periods, responses } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { FILES_RETRY_AFTER_SECONDS } from '../../src/features/files/workers';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { fileWorkerFaults } from '../helpers/file-workers';

const PASSWORD = 'Archivos-Hilos-2026!';
const PER_USER = 3;
const TOTAL = 4;
/** One thread that works on every admitted file at once, so held files all reach it. */
const faults = fileWorkerFaults({ threads: 1, filesPerThread: TOTAL, perUser: PER_USER, total: TOTAL });
const COMMENTS = 7;
let t: TestApp;
const logLines: string[] = [];
const ids = { cycle: 0, campus: 0, periodo: 0 };
const tokens = { ana: '', beto: '', caro: '' };

beforeAll(async () => {
  t = await createTestApp({ files: faults.options, env: { LOG_LEVEL: 'error' }, logStream: { write: (line) => void logLines.push(line) } });
  const { db } = t;
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA')))[0]!.id;
  ids.campus = (await db.insert(campuses).values({ nombre: 'Hilos' }).returning())[0]!.id;
  ids.periodo = (await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning())[0]!.id;
  const [active] = await db.insert(actives).values({ campusId: ids.campus, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' }).returning();
  await db.insert(activeCycles).values({ activeId: active!.id, cycleId: ids.cycle });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(responses)
      .values(
        Array.from({ length: COMMENTS }, (_, i) => ({
          id: randomUUID(),
          cycleId: ids.cycle,
          activeId: active!.id,
          campusId: ids.campus,
          periodoId: ids.periodo,
          submittedOn: '2026-03-02',
          questionnaireVersion: 1,
          surveyKind: 'alumnos/serviciosA',
          questionnaireId: 'alumnos-servicios-a',
          plan: 'ING',
          grupo: '1A',
          answers: { libraryCollection: 'buena', libraryDigital: 'buena', overallSatisfaction: 'buena', comments: `Comentario ${i + 1}` },
        })),
      )
      .returning();
    await foldResponses(tx, inserted);
  });
  const user = (email: string) =>
    signedInAdmin(t, { email, password: PASSWORD, permissionNames: [PERMISSIONS.viewCycleReports], campusIds: [ids.campus], cycleIds: [ids.cycle] });
  [tokens.ana, tokens.beto, tokens.caro] = [await user('ana-hilos@prueba.mx'), await user('beto-hilos@prueba.mx'), await user('caro-hilos@prueba.mx')];
}, 120_000);
afterAll(async () => {
  faults.open();
  await t?.close();
});

const scope = () => `cicleId=${ids.cycle}&periodoId=${ids.periodo}&campusId=${ids.campus}`;
const studentsPdf = (token: string) => t.request({ method: 'GET', url: `${API}/ciclo/${ids.cycle}/pdf/students?periodoId=${ids.periodo}&campusId=${ids.campus}`, token });
const comments = (token: string, format: 'xlsx' | 'csv') => t.request({ method: 'GET', url: `${API}/reports/export?${scope()}&table=texts&item=comments&format=${format}`, token });
const health = () => t.request({ method: 'GET', url: `${API}/health` });

/** A request and whether it has answered yet. */
function pending(request: Promise<LightMyRequestResponse>) {
  const state = { settled: false, response: request.finally(() => (state.settled = true)) };
  return state;
}

async function expectPdf(response: LightMyRequestResponse): Promise<void> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  try {
    expect((await parser.getText()).text).toContain(`Respuestas publicadas: ${COMMENTS}`);
  } finally {
    await parser.destroy();
  }
}

async function expectCommentsXlsx(response: LightMyRequestResponse): Promise<void> {
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const texts: unknown[] = [];
  workbook.worksheets[0]!.eachRow((row, index) => void (index > 1 && texts.push(row.getCell(2).value)));
  expect(texts.sort()).toEqual(Array.from({ length: COMMENTS }, (_, i) => `Comentario ${i + 1}`).sort());
}

function expectRefused(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode).toBe(429);
  expect(response.headers['retry-after']).toBe(String(FILES_RETRY_AFTER_SECONDS));
  expect(response.headers['content-disposition']).toBeUndefined();
  expect(response.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message } });
}

describe(`report files in worker threads (${driverName})`, () => {
  it('writes every file whole while others are in progress, and /health answers meanwhile', async () => {
    const files = [studentsPdf(tokens.ana), studentsPdf(tokens.beto), comments(tokens.caro, 'xlsx'), comments(tokens.ana, 'csv')];
    const checks = [health(), health()];
    const [pdfA, pdfB, xlsx, csv] = await Promise.all(files);
    for (const check of await Promise.all(checks)) expect(check.statusCode).toBe(200);
    await expectPdf(pdfA!);
    await expectPdf(pdfB!);
    await expectCommentsXlsx(xlsx!);
    expect(csv!.statusCode).toBe(200);
    expect(csv!.body.trim().split('\r\n')).toHaveLength(COMMENTS + 1);
  });

  it('answers /health while the worker thread is busy with a file', async () => {
    faults.hold(1, { blocking: true });
    const file = pending(studentsPdf(tokens.ana));
    await faults.started(1);
    const check = await health();
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(file.settled).toBe(false);
    faults.open();
    await expectPdf(await file.response);
  });

  it('refuses a user’s file over their bound with a Spanish 429 and Retry-After while another user is served, then serves them again', async () => {
    faults.hold(PER_USER);
    const held = [pending(studentsPdf(tokens.ana)), pending(comments(tokens.ana, 'xlsx')), pending(studentsPdf(tokens.ana))];
    await faults.started(PER_USER);

    expectRefused(await studentsPdf(tokens.ana), tooManyFilesMessage(PER_USER));
    expectRefused(await comments(tokens.ana, 'csv'), tooManyFilesMessage(PER_USER));
    await expectPdf(await studentsPdf(tokens.beto));
    expect(held.every((file) => !file.settled)).toBe(true);

    faults.open();
    const [first, table, last] = await Promise.all(held.map((file) => file.response));
    await expectPdf(first!);
    await expectCommentsXlsx(table!);
    await expectPdf(last!);
    // Their places were given back.
    await expectCommentsXlsx(await comments(tokens.ana, 'xlsx'));
  });

  it('refuses anyone’s file over the overall bound with a Spanish 429 and Retry-After, and serves it once files are done', async () => {
    faults.hold(TOTAL);
    const held = [
      ...Array.from({ length: PER_USER }, () => pending(studentsPdf(tokens.ana))),
      ...Array.from({ length: TOTAL - PER_USER }, () => pending(comments(tokens.beto, 'xlsx'))),
    ];
    await faults.started(TOTAL);

    expectRefused(await studentsPdf(tokens.caro), FILES_BUSY_MESSAGE);
    expectRefused(await comments(tokens.caro, 'xlsx'), FILES_BUSY_MESSAGE);
    expect((await health()).statusCode).toBe(200);

    faults.open();
    for (const file of held) expect((await file.response).statusCode).toBe(200);
    await expectPdf(await studentsPdf(tokens.caro));
  });

  it('answers a file that fails with a logged 500 and gives its place back', async () => {
    logLines.length = 0;
    faults.fail(PER_USER + 1);
    for (const request of [() => studentsPdf(tokens.ana), () => comments(tokens.ana, 'xlsx'), () => studentsPdf(tokens.ana), () => comments(tokens.ana, 'csv')]) {
      const failed = await request();
      expect(failed.statusCode).toBe(500);
      expect(failed.headers['content-disposition']).toBeUndefined();
      expect(failed.json()).toEqual({ error: { code: 'INTERNAL', message: DEFAULT_ERROR_MESSAGES.INTERNAL } });
    }
    const logged = logLines.map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(logged.filter((line) => line.msg === 'unhandled error' && line.err?.message.includes('fails on purpose'))).toHaveLength(PER_USER + 1);
    // More failures than the user's bound, and the user's whole bound is still theirs.
    const [pdf, xlsx, other] = await Promise.all([studentsPdf(tokens.ana), comments(tokens.ana, 'xlsx'), studentsPdf(tokens.ana)]);
    await expectPdf(pdf!);
    await expectCommentsXlsx(xlsx!);
    await expectPdf(other!);
  });

  it('answers a file whose worker thread crashes with a 500, and the next files get a new thread', async () => {
    faults.crash(1);
    const pdf = await studentsPdf(tokens.ana);
    expect(pdf.statusCode).toBe(500);
    expect(pdf.json().error.code).toBe('INTERNAL');
    await expectPdf(await studentsPdf(tokens.ana));

    faults.crash(1);
    const table = await comments(tokens.beto, 'xlsx');
    expect(table.statusCode).toBe(500);
    expect(table.json().error.code).toBe('INTERNAL');
    await expectCommentsXlsx(await comments(tokens.beto, 'xlsx'));
    // Every place was given back: the user's whole bound at once is served.
    const all = await Promise.all(Array.from({ length: PER_USER }, () => studentsPdf(tokens.beto)));
    for (const response of all) await expectPdf(response);
  });
});
