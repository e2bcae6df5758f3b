/**
 * Report files: the students PDF, one teacher's PDF and a NOM-035
 * application's PDF (parsed back: Spanish text with accents, the settings'
 * names, figures computed here from the answers), every table as XLSX (read
 * back with exceljs) and CSV (parsed, BOM first) equal to the API's figures,
 * a comment that looks like a formula kept as text, who may download what,
 * bad filters, and a table over the row cap refused before a byte is sent.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_NEEDS_PLAN_MESSAGE, NOT_A_STUDENT_SURVEY_MESSAGE, STUDENT_FILTER_NOT_IN_REPORT } from '@encuestas/core/api/report-files';
import type { BreakdownReport, CampusReportSummary, ReportOverview } from '@encuestas/core/api/reports';
import type { TeachersReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import type { Nom035Index, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { formatAverage } from '@encuestas/core/format';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { HEADLINE_FIGURES, headlineFigureRows, heldResponsesNote } from '@encuestas/core/report-figures';
import { FREQUENCY_VALUES, type Answers } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { NEW_INTAKE_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import {
  activeCycles,
  actives,
  campuses,
  classes,
  completions,
  cycles,
  periods,
  responses,
  students,
  teachers,
  userCampusGrants,
  userCycleGrants,
} from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { holdResponses } from '../helpers/held';

const PASSWORD = 'Archivos-Prueba-2026!';
const BRANDING = { PLATFORM_NAME: 'Encuestas Institucionales', INSTITUTION_NAME: 'Universidad Autónoma del Bajío' };
const FORMULA = '=HYPERLINK("http://malo.example","clic aquí")';
let t: TestApp;
const ids = { services: 0, teachersCycle: 0, norma: 0, newIntake: 0, campusA: 0, campusB: 0, periodo: 0, servicesA: 0, nomA: 0, teacherAna: 0 };
const tokens = { admin: '', campusA: '', noPermission: '' };

/** Campus A's services answers: [libraryCollection, plan, grupo, comment?]. */
const SERVICES: [string, string, string, string?][] = [
  ['excelente', 'ING', '1A', FORMULA],
  ['excelente', 'ING', '1A', 'Más libros de cálculo, por favor'],
  ['muyBuena', 'ING', '1A', 'El wifi falla en la biblioteca'],
  ['buena', 'ING', '1A', '+52 55 1234 5678 es el teléfono que no contesta'],
  ['mala', 'ING', '1A', 'Faltan enchufes'],
  ['na', 'ING', '1A'],
  ['buena', 'ING', '1A'],
  ['regular', 'ADM', '2B', 'Servicio de cafetería caro'],
  ['excelente', 'ADM', '2B'],
  ['muyBuena', 'ADM', '2B'],
  ['buena', 'ADM', '2B'],
  ['excelente', 'ADM', '2B'],
];
/**
 * Campus A's new intake answers: [knowChannels (multiple), effectiveChannel (single)?]. Of the eight who
 * answered, six chose social networks and four the web page (75 % and 50 %: more than 100 together);
 * five answered the single choice, three of them social networks (60 % of the five).
 */
const INTAKE: [string[], string?][] = [
  [['redes-sociales', 'pagina-web'], 'redes-sociales'],
  [['redes-sociales', 'pagina-web'], 'redes-sociales'],
  [['redes-sociales'], 'redes-sociales'],
  [['redes-sociales'], 'pagina-web'],
  [['redes-sociales'], 'pagina-web'],
  [['redes-sociales']],
  [['pagina-web']],
  [['pagina-web']],
];
const MANY_COMMENTS = 1_003;
const POINTS: Record<string, number> = { excelente: 5, muyBuena: 4, buena: 3, regular: 2, mala: 1 };

function base(cycleId: number, activeId: number, campusId: number) {
  return { id: randomUUID(), cycleId, activeId, campusId, periodoId: ids.periodo, submittedOn: '2026-03-02', questionnaireVersion: 1 };
}

/** A NOM-035 worker whose every frequency item scores `points` (both gates 'Sí'). */
function uniformWorker(points: number): Answers {
  const answers: Answers = {};
  for (const item of NOM035_QUESTIONNAIRES.II.sections.flatMap((s) => s.items)) {
    if (item.type === 'yesNo') answers[item.id] = 'yes';
    if (item.type === 'frequency') answers[item.id] = FREQUENCY_VALUES.find((value) => item.scores![value] === points)!;
  }
  return answers;
}

function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  return signedInAdmin(t, { email, password: PASSWORD, permissionNames, campusIds, cycleIds });
}

beforeAll(async () => {
  t = await createTestApp({ env: BRANDING });
  const { db } = t;
  const cycleOf = async (kind: string) => (await db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
  [ids.services, ids.teachersCycle, ids.norma] = [await cycleOf('alumnos/serviciosA'), await cycleOf('alumnos/evaluacionDocente'), await cycleOf('administrativos/norma')];
  ids.newIntake = await cycleOf('alumnos/nuevoIngreso');
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Archivos Ñuñoa' }, { nombre: 'Archivos B' }]).returning()).map((c) => c.id) as [number, number];
  ids.periodo = (await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning())[0]!.id;
  const window = { periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' };
  const [activeA, activeB] = (await db.insert(actives).values([{ campusId: ids.campusA, ...window }, { campusId: ids.campusB, ...window }]).returning()).map((a) => a.id) as [
    number,
    number,
  ];
  ids.servicesA = activeA;
  ids.nomA = activeA;
  await db.insert(activeCycles).values(
    [ids.services, ids.teachersCycle, ids.norma, ids.newIntake].flatMap((cycleId) => [activeA, activeB].map((activeId) => ({ activeId, cycleId }))),
  );

  // Fifteen active students at campus A: twelve answers published, a thirteenth submitted and still held
  // (en proceso). Thirteen people answered (86.7%); twelve responses are published.
  const people = await db
    .insert(students)
    .values(Array.from({ length: 15 }, (_, i) => ({ pcId: String(510000000 + i), name: `Alumno ${i}`, campusId: ids.campusA, plan: 'ING', grupo: '1A', sesion: 'M', year: 1 })))
    .returning();
  await db.insert(completions).values(
    people.slice(0, 13).map((p) => ({ respondentType: 'student', respondentId: p.id, activeId: activeA, cycleId: ids.services, idempotencyKey: randomUUID() })),
  );
  await holdResponses(db, [
    {
      ...base(ids.services, activeA, ids.campusA),
      surveyKind: 'alumnos/serviciosA',
      questionnaireId: 'alumnos-servicios-a',
      plan: 'ING',
      grupo: '1A',
      answers: { libraryCollection: 'buena', libraryDigital: 'buena', overallSatisfaction: 'buena' },
    },
  ]);

  ids.teacherAna = (await db.insert(teachers).values({ pcId: '610000001', name: 'Ana', lastName: 'Ibáñez', campusId: ids.campusA }).returning())[0]!.id;
  const [klass] = await db
    .insert(classes)
    .values({ code: 'MAT1', name: 'Cálculo', campusId: ids.campusA, periodoId: ids.periodo, teacherId: ids.teacherAna, plan: 'ING', grupo: '1A' })
    .returning();
  const rating = (value: string) => Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id) => [id, value]));

  const rows: (typeof responses.$inferInsert)[] = [
    ...SERVICES.map(([value, plan, grupo, comments]) => ({
      ...base(ids.services, activeA, ids.campusA),
      surveyKind: 'alumnos/serviciosA',
      questionnaireId: 'alumnos-servicios-a',
      plan,
      grupo,
      answers: { libraryCollection: value, libraryDigital: 'buena', overallSatisfaction: 'buena', ...(comments ? { comments } : {}) },
    })),
    // Ana: five evaluations of Excelente and one of Buena: mean (5·5 + 3) / 6.
    ...['excelente', 'excelente', 'excelente', 'excelente', 'excelente', 'buena'].map((value) => ({
      ...base(ids.teachersCycle, activeA, ids.campusA),
      surveyKind: 'alumnos/evaluacionDocente',
      questionnaireId: 'alumnos-evaluacion-docente',
      plan: 'ING',
      grupo: '1A',
      teacherId: ids.teacherAna,
      classId: klass!.id,
      answers: rating(value),
    })),
    ...INTAKE.map(([knowChannels, effectiveChannel]) => ({
      ...base(ids.newIntake, activeA, ids.campusA),
      surveyKind: 'alumnos/nuevoIngreso',
      questionnaireId: NEW_INTAKE_QUESTIONNAIRE.id,
      questionnaireVersion: NEW_INTAKE_QUESTIONNAIRE.version,
      plan: 'ING',
      grupo: '1A',
      answers: { knowChannels, ...(effectiveChannel ? { effectiveChannel } : {}) },
    })),
    // NOM-035 at campus A: three workers at 0 points on every item (Nulo), three at 4 (Muy alto).
    ...[0, 0, 0, 4, 4, 4].map((points) => {
      const answers = uniformWorker(points);
      return {
        ...base(ids.norma, activeA, ids.campusA),
        surveyKind: 'administrativos/norma',
        questionnaireId: 'nom035-guia2',
        answers,
        scores: scoreRiskGuide('II', answers),
      };
    }),
  ];
  // Campus B: more comments than one keyset page of the export (1,000).
  for (let i = 0; i < MANY_COMMENTS; i++) {
    rows.push({
      ...base(ids.services, activeB, ids.campusB),
      surveyKind: 'alumnos/serviciosA',
      questionnaireId: 'alumnos-servicios-a',
      plan: 'ADM',
      grupo: '1A',
      answers: { libraryCollection: 'buena', libraryDigital: 'buena', overallSatisfaction: 'buena', comments: `Comentario número ${i + 1}` },
    });
  }
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });

  const cyclesAll = [ids.services, ids.teachersCycle, ids.norma, ids.newIntake];
  tokens.admin = await user('archivos-admin@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB], cyclesAll);
  tokens.campusA = await user('archivos-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusA], cyclesAll);
  tokens.noPermission = await user('archivos-nada@prueba.mx', [], [ids.campusA, ids.campusB], cyclesAll);
});
afterAll(async () => {
  await t?.close();
});

function url(path: string, params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return `${API}${path}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}
const get = (path: string, params: Record<string, string | number | undefined> = {}, token = tokens.admin) =>
  t.request({ method: 'GET', url: url(path, params), token });
const scopeA = () => ({ cicleId: ids.services, periodoId: ids.periodo, campusId: ids.campusA });

async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function xlsxRows(body: Buffer): Promise<{ rows: unknown[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, sheet };
}

function csvRows(body: Buffer): string[][] {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(body.subarray(3).toString('utf8'), { relaxColumnCount: true }) as string[][];
}

const fileName = (res: { headers: Record<string, unknown> }) => /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];

describe(`the students report as PDF (${driverName})`, () => {
  it('prints the figures in Spanish with accents, the settings’ names and a file name that says what it holds', async () => {
    const res = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(fileName(res)).toMatch(/^reporte-alumnos_.*_2026a_archivos-nunoa\.pdf$/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Universidad Autónoma del Bajío');
    expect(text).toContain('Encuestas Institucionales');
    expect(text).toContain('Campus Archivos Ñuñoa');
    expect(text).toContain('Participación');
    expect(text).toContain('Respuestas publicadas: 12');
    expect(text).toContain('Personas esperadas: 15');
    expect(text).toContain('Tasa de respuesta: 86.7%');
    expect(text).toContain('Laboratorios y centros de cómputo');
    // The collection's average, computed here: 'No aplica' stays out.
    const scored = SERVICES.map(([value]) => POINTS[value]).filter((p): p is number => p !== undefined);
    const average = scored.reduce((a, b) => a + b, 0) / scored.length;
    expect(text).toContain(`promedio ${formatAverage(average)}`);
    // Excelente: four of the twelve, as the screen writes it.
    expect(text).toMatch(/Excelente\s+4 · 33\.3%/);
  });

  it('writes each choice with its percentage as the screen does: of who answered the question, of everyone who answered the survey for a multiple choice', async () => {
    const res = await get(`/ciclo/${ids.newIntake}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA });
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    // The multiple choice: six and four of the eight who answered the survey (INTAKE), and why they add up to more than 100.
    expect(text).toContain('Redes sociales 6 · 75%');
    expect(text).toContain('Página web 4 · 50%');
    expect(text).toContain('porcentaje de quienes respondieron la encuesta (8); cada persona pudo elegir varias, así que los porcentajes no suman 100 %');
    // The single choice: three of the five who answered it, not of the eight.
    expect(text).toContain('Redes sociales 3 · 60%');
    expect(text).toContain('Página web 2 · 40%');
  });

  it('narrows the sections to a plan and group, and says so', async () => {
    const res = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING', grupo: '1A' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toMatch(/_plan-ing_grupo-1a\.pdf$/);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Plan ING, grupo 1A');
    expect(text).toContain('Respuestas publicadas del plan o grupo: 7');
  });

  it('refuses a student filter an anonymous report cannot apply, a group without its plan and a survey students do not answer', async () => {
    const pcId = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, pc_id: '510000001' });
    expect(pcId.statusCode).toBe(422);
    expect(pcId.json().error.fields.pc_id).toEqual([STUDENT_FILTER_NOT_IN_REPORT]);
    const group = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, grupo: '1A' });
    expect(group.statusCode).toBe(422);
    expect(group.json().error.fields.plan).toEqual([GROUP_NEEDS_PLAN_MESSAGE]);
    const norma = await get(`/ciclo/${ids.norma}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA });
    expect(norma.statusCode).toBe(422);
    expect(norma.json().error.fields.id).toEqual([NOT_A_STUDENT_SURVEY_MESSAGE]);
    const badPeriod = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: 'x' });
    expect(badPeriod.statusCode).toBe(422);
  });

  it('is refused without a report permission and for a campus the user does not hold', async () => {
    const none = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.noPermission);
    expect(none.statusCode).toBe(403);
    expect(looksSpanish(none.json().error.message)).toBe(true);
    const other = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusB }, tokens.campusA);
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toMatch(/application\/json/);
    const own = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.campusA);
    expect(own.statusCode).toBe(200);
  });
});

describe(`the headline figures agree on the summary API, the overview, the PDF and the XLSX (${driverName})`, () => {
  it('gives published, held, people who answered and people expected one value and one label everywhere', async () => {
    const summary = (await get('/reports/summary', { periodoId: ids.periodo, campusId: ids.campusA })).json<CampusReportSummary>();
    const services = summary.cycles.find((row) => row.cycle.id === ids.services)!;
    // Computed here: twelve published, one held, thirteen of the fifteen students answered.
    expect([services.published, services.held, services.respondents, services.expected]).toEqual([12, 1, 13, 15]);
    expect(services.responseRate).toBeCloseTo(13 / 15, 6);
    const overview = (await get('/reports/overview', scopeA())).json<ReportOverview>();
    expect(overview.totals).toMatchObject({ published: 12, held: 1, respondents: 13, expected: 15, heldMessage: '1 respuesta en proceso' });

    const pdf = await get(`/ciclo/${ids.services}/pdf/students`, { periodoId: ids.periodo, campusId: ids.campusA });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const [label, value] of headlineFigureRows(services)) expect(text).toContain(`${label}: ${value}`);
    expect(text).toContain('En proceso: 1');
    expect(text).toContain('Personas que respondieron: 13');
    // The held response counts among the people who answered, not yet among the published responses; the PDF says so.
    expect(text).toContain(heldResponsesNote(1)!);
    expect(text).not.toContain('ninguna cifra');

    // The breakdown file's column is the same figure under the same name, adding up to the published responses.
    const { rows } = await xlsxRows((await get('/reports/export', { ...scopeA(), table: 'breakdown', segment: 'plan' })).rawPayload);
    expect(rows[0]![2]).toBe(HEADLINE_FIGURES.published.label);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[2]), 0)).toBe(12);
  });

  it('counts NOM-035 workers once, the same on the index, the report, the PDF and the XLSX', async () => {
    const nomScope = { cicleId: ids.norma, periodoId: ids.periodo, campusId: ids.campusA };
    const index = (await get('/reports/nom035/applications', nomScope)).json<Nom035Index>();
    const report = (await get(`/reports/nom035/applications/${ids.nomA}`)).json<Nom035Report>();
    // Six workers answered Guía II (computed here: three at 0 points, three at 4).
    expect(index.applications.find((a) => a.id === ids.nomA)!.respondents).toBe(6);
    expect(report.application.respondents).toBe(6);
    const text = (await pdfText((await get(`/reports/nom035/applications/${ids.nomA}/pdf`)).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`${HEADLINE_FIGURES.workers.label}: 6`);
    expect(text).toContain(HEADLINE_FIGURES.workers.explanation);
    const { rows } = await xlsxRows((await get('/reports/export', { ...nomScope, table: 'nom035' })).rawPayload);
    const final = rows.filter((row) => row[2] === 'Calificación final');
    expect(final.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(6);
  });
});

describe(`report tables as XLSX and CSV (${driverName})`, () => {
  it('gives the overview’s distributions and averages, equal to the API’s, in both formats', async () => {
    const overview = (await get('/reports/overview', scopeA())).json<ReportOverview>();
    const collection = overview.questionnaires[0]!.sections.flatMap((s) => s.items).find((item) => item.id === 'libraryCollection')!;
    const xlsx = await get('/reports/export', { ...scopeA(), table: 'items', format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(fileName(xlsx)).toMatch(/^preguntas_.*_2026a_archivos-nunoa\.xlsx$/);
    const { rows, sheet } = await xlsxRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Sección', 'Pregunta', 'Respuesta', 'Respuestas', 'Porcentaje', 'Promedio de la pregunta', 'Promedio de la sección', 'Nota']);
    const mine = rows.filter((row) => row[1] === collection.text);
    expect(mine.map((row) => [row[2], row[3]])).toEqual(collection.distribution.map((d) => [d.label, d.n]));
    expect(mine[0]![5]).toBeCloseTo(collection.average!, 4);
    // Numbers stay numbers, shown as the screens write them: 1,050 · 33.3% · 3.64.
    const first = sheet.getRow(2);
    expect(typeof first.getCell(5).value).toBe('number');
    expect([first.getCell(4).numFmt, first.getCell(5).numFmt, first.getCell(6).numFmt]).toEqual(['#,##0', '0.0%', '0.00']);

    const csv = await get('/reports/export', { ...scopeA(), table: 'items', format: 'csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const parsed = csvRows(csv.rawPayload);
    expect(parsed.length).toBe(rows.length);
    const csvMine = parsed.filter((row) => row[1] === collection.text);
    expect(csvMine.map((row) => [row[2], Number(row[3])])).toEqual(collection.distribution.map((d) => [d.label, d.n]));
    // A percentage reads as one in CSV too (4 of 12), not as a ratio.
    expect(csvMine.find((row) => row[2] === 'Excelente')![4]).toBe('33.3%');
  });

  it('gives each choice its percentage of the screen’s base in both formats, and says why a multiple choice’s exceed 100 in total', async () => {
    const scope = { cicleId: ids.newIntake, periodoId: ids.periodo, campusId: ids.campusA };
    const items = (await get('/reports/overview', scope)).json<ReportOverview>().questionnaires.flatMap((q) => q.sections.flatMap((s) => s.items));
    const channels = items.find((item) => item.id === 'knowChannels')!;
    const effective = items.find((item) => item.id === 'effectiveChannel')!;
    const xlsx = await get('/reports/export', { ...scope, table: 'items', format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const { rows } = await xlsxRows(xlsx.rawPayload);
    const row = (text: string, label: string) => rows.find((r) => r[1] === text && r[2] === label)!;
    // Computed here from INTAKE: of the eight who answered the survey, of the five who answered the single choice.
    expect(row(channels.text, 'Redes sociales').slice(3, 5)).toEqual([6, 0.75]);
    expect(row(channels.text, 'Página web').slice(3, 5)).toEqual([4, 0.5]);
    expect(row(channels.text, 'Redes sociales')[7]).toBe(
      'Respuestas por opción y porcentaje de quienes respondieron la encuesta (8); cada persona pudo elegir varias, así que los porcentajes no suman 100 %',
    );
    expect(row(effective.text, 'Redes sociales').slice(3, 5)).toEqual([3, 0.6]);
    expect(row(effective.text, 'Redes sociales')[7] ?? null).toBeNull();

    const csv = csvRows((await get('/reports/export', { ...scope, table: 'items', format: 'csv' })).rawPayload);
    expect(csv[0]![4]).toBe('Porcentaje');
    const csvRow = (text: string, label: string) => csv.find((r) => r[1] === text && r[2] === label)!;
    expect(csvRow(channels.text, 'Redes sociales').slice(3, 5)).toEqual(['6', '75%']);
    expect(csvRow(channels.text, 'Página web').slice(3, 5)).toEqual(['4', '50%']);
    expect(csvRow(effective.text, 'Página web').slice(3, 5)).toEqual(['2', '40%']);
  });

  it('writes every comment, and one that looks like a formula comes out as text in XLSX and CSV', async () => {
    const xlsx = await get('/reports/export', { ...scopeA(), table: 'texts', item: 'comments', format: 'xlsx' });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const { rows, sheet } = await xlsxRows(xlsx.rawPayload);
    const comments = SERVICES.flatMap(([, , , comment]) => (comment ? [comment] : []));
    expect(rows.slice(1)).toHaveLength(comments.length);
    const formulaRow = rows.findIndex((row) => String(row[1]).includes('HYPERLINK'));
    const cell = sheet.getRow(formulaRow + 1).getCell(2);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(`'${FORMULA}`);
    expect(rows.map((row) => row[1])).toContain("'+52 55 1234 5678 es el teléfono que no contesta");

    const csv = csvRows((await get('/reports/export', { ...scopeA(), table: 'texts', item: 'comments', format: 'csv' })).rawPayload);
    expect(csv[0]).toEqual(['Pregunta', 'Comentario']);
    expect(csv.slice(1).map((row) => row[1]).sort()).toEqual(comments.map((c) => (/^[=+\-@]/.test(c) ? `'${c}` : c)).sort());
  });

  it('writes every page of a long comment list, each comment once', async () => {
    const csv = csvRows((await get('/reports/export', { ...scopeA(), campusId: ids.campusB, table: 'texts', item: 'comments', format: 'csv' })).rawPayload);
    const texts = csv.slice(1).map((row) => row[1]);
    expect(texts).toHaveLength(MANY_COMMENTS);
    expect(new Set(texts).size).toBe(MANY_COMMENTS);
    expect(texts).toContain(`Comentario número ${MANY_COMMENTS}`);
  });

  it('gives the breakdown by group as the API does', async () => {
    const api = (await get('/reports/breakdown', { ...scopeA(), segment: 'group' })).json<BreakdownReport>();
    const csv = csvRows((await get('/reports/export', { ...scopeA(), table: 'breakdown', segment: 'group', format: 'csv' })).rawPayload);
    expect(csv.slice(1).map((row) => [row[0], row[1], Number(row[2])])).toEqual(api.rows.map((row) => [row.plan, row.grupo, row.responses]));
    expect(Number(csv[1]![3])).toBeCloseTo(api.rows[0]!.average!, 4);
  });

  it('gives the teachers ranking and NOM-035 levels equal to their reports', async () => {
    const teacherScope = { cicleId: ids.teachersCycle, periodoId: ids.periodo, campusId: ids.campusA };
    const api = (await get('/reports/teachers', teacherScope)).json<TeachersReport>();
    const { rows } = await xlsxRows((await get('/reports/export', { ...teacherScope, table: 'teachers' })).rawPayload);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[3]])).toEqual(api.teachers.map((row) => [row.rank, row.teacher.name, row.campus.nombre, row.n]));
    expect(rows[1]![4]).toBeCloseTo(28 / 6, 4);

    const nomScope = { cicleId: ids.norma, periodoId: ids.periodo, campusId: ids.campusA };
    const nom = (await get(`/reports/nom035/applications/${ids.nomA}`)).json<Nom035Report>();
    const csv = csvRows((await get('/reports/export', { ...nomScope, table: 'nom035', format: 'csv' })).rawPayload);
    const final = csv.filter((row) => row[2] === 'Calificación final');
    expect(final.map((row) => [row[4], Number(row[5])])).toEqual([
      ['Nulo o despreciable', 3],
      ['Bajo', 0],
      ['Medio', 0],
      ['Alto', 0],
      ['Muy alto', 3],
    ]);
    const apiFinal = nom.guides[0]!.groups.find((group) => group.scope === 'final')!;
    expect(final.map((row) => Number(row[5]))).toEqual(apiFinal.levels.map((level) => level.n));
  });

  it('refuses a table without the part it needs, an unknown format and a campus the user does not hold', async () => {
    const noSegment = await get('/reports/export', { ...scopeA(), table: 'breakdown' });
    expect(noSegment.statusCode).toBe(422);
    expect(Object.keys(noSegment.json().error.fields)).toEqual(['segment']);
    const format = await get('/reports/export', { ...scopeA(), table: 'items', format: 'pdf' });
    expect(format.statusCode).toBe(422);
    const otherItem = await get('/reports/export', { ...scopeA(), table: 'texts', item: 'nothing' });
    expect(otherItem.statusCode).toBe(422);
    const other = await get('/reports/export', { ...scopeA(), campusId: ids.campusB, table: 'items' }, tokens.campusA);
    expect(other.statusCode).toBe(403);
    const none = await get('/reports/export', { ...scopeA(), table: 'items' }, tokens.noPermission);
    expect(none.statusCode).toBe(403);
  });
});

describe(`one teacher's and one NOM-035 application's PDF (${driverName})`, () => {
  it('prints the teacher’s figures, computed here from the evaluations', async () => {
    const res = await get(`/reports/teachers/${ids.teacherAna}/pdf`, { cicleId: ids.teachersCycle, periodoId: ids.periodo, campusId: ids.campusA });
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toBe('docente_ana-ibanez_2026a.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Resultados de Ana Ibáñez');
    expect(text).toContain('Evaluaciones: 6');
    expect(text).toContain(`Promedio: ${formatAverage(28 / 6)}`);
    // Five of the six evaluations of the first item are Excelente.
    expect(text).toMatch(/Excelente\s+5 · 83\.3%/);
    const other = await get(`/reports/teachers/${ids.teacherAna}/pdf`, { cicleId: ids.teachersCycle, periodoId: ids.periodo, campusId: ids.campusA }, tokens.noPermission);
    expect(other.statusCode).toBe(403);
  });

  it('prints the final score and its level first, then workers per risk level, then the DOF’s action criteria', async () => {
    const res = await get(`/reports/nom035/applications/${ids.nomA}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(fileName(res)).toBe('nom035_archivos-nunoa_2026a.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Criterios para la toma de acciones (DOF)');
    expect(text).toContain('Trabajadores evaluados: 6');
    expect(text).toContain('Aplicación del 01/03/2026 al 30/04/2026');
    expect(text).toContain('Nulo o despreciable: 3 · Bajo: 0 · Medio: 0 · Alto: 0 · Muy alto: 3');
    expect(text).toContain('Por categoría');
    // The screen's order: the final score (three workers at 0 points, three at the top) and level, the categories, the criteria.
    const report = (await get(`/reports/nom035/applications/${ids.nomA}`)).json<Nom035Report>();
    const final = report.guides[0]!.groups.find((g) => g.scope === 'final')!;
    const headline = `Calificación final ${formatAverage(final.averageScore)} · ${report.levels.find((l) => l.key === final.averageLevel)!.label}`;
    const positions = [headline, 'Por categoría', 'Criterios para la toma de acciones (DOF)'].map((part) => text.indexOf(part));
    expect(positions[0]).toBeGreaterThan(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const refused = await get(`/reports/nom035/applications/${ids.nomA}/pdf`, {}, tokens.noPermission);
    expect(refused.statusCode).toBe(403);
  });
});

describe(`the row cap (${driverName})`, () => {
  let small: TestApp;
  afterAll(async () => {
    await small?.close();
  });

  it('refuses a table over EXPORT_MAX_ROWS with a Spanish message before any file byte', async () => {
    small = await createTestApp({ env: { EXPORT_MAX_ROWS: '5' } });
    const [cycle] = await small.db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA'));
    const [campus] = await small.db.insert(campuses).values({ nombre: 'Tope' }).returning();
    const [periodo] = await small.db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning();
    const [active] = await small.db.insert(actives).values({ campusId: campus!.id, periodoId: periodo!.id, startActive: '2026-03-01', endActive: '2026-04-30' }).returning();
    await small.db.insert(activeCycles).values({ activeId: active!.id, cycleId: cycle!.id });
    const row = await createAdminUser(small.db, { email: 'tope@prueba.mx', password: PASSWORD, name: 'Tope', permissionNames: [PERMISSIONS.viewCycleReports] });
    await small.db.insert(userCampusGrants).values({ userId: row.id, campusId: campus!.id });
    await small.db.insert(userCycleGrants).values({ userId: row.id, cycleId: cycle!.id });
    const token = await small.login('tope@prueba.mx', PASSWORD);

    const res = await small.request({ method: 'GET', url: url('/reports/export', { cicleId: cycle!.id, periodoId: periodo!.id, table: 'items', format: 'xlsx' }), token });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json().error.message).toMatch(/^El archivo tendría \d+ filas y el máximo es 5\./);
    // A breakdown with no rows fits.
    const fits = await small.request({ method: 'GET', url: url('/reports/export', { cicleId: cycle!.id, periodoId: periodo!.id, table: 'breakdown', segment: 'plan', format: 'csv' }), token });
    expect(fits.statusCode).toBe(200);
  });
});
