/**
 * A campus's NOM-035 evidence file (issue 22) through the API: the state of
 * each numeral across an application's life (none yet, applied, report
 * filled, program with an overdue action, two years passed: dates moved by
 * applications with past windows), who may read and change it (another
 * campus 403, no 'Gestionar NOM-035' 403, referral names only with 'Ver
 * Canalizaciones NOM-035'), and its Spanish 422s; the headcount of 7.1
 * counted when the application ran (its first answer), not today; the
 * inspector's PDF (its texts after parsing it, never a referral name) and the
 * program's XLSX (its rows read back, a formula kept as text).
 */
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_ITEMS, type Nom035CampusFile, type NoticeItem, type ReportBody } from '@encuestas/core/api/nom035-file';
import { addDays, displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { auditLog, nom035Referrals } from '../../src/db/schema';
import { API, createTestApp, signedInAdmin, type TestApp } from '../helpers/app';
import { answerGuideIIAtWorst } from '../helpers/nom035';
import { looksSpanish } from '../helpers/api-errors';
import { driverName } from '../helpers/database';
import { createApplication, createCampus, createPeriod, createStaff, submitResponse } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

const KIND = 'administrativos/norma';
const WORKERS = 20;
let t: TestApp;
const today = mexicoCityDay();
const ids = { campus: 0, other: 0, old: 0, periodo: 0, application: 0, cycle: 0, oldApplication: 0 };
const tokens = { manager: '', managerWithNames: '', noPermission: '' };
const workerNames: string[] = [];

const answerGuideII = (campusId: number, activeId: number, workers: number) =>
  answerGuideIIAtWorst(t.db, { cycleId: ids.cycle, periodoId: ids.periodo, campusId, activeId, day: today }, workers);

beforeAll(async () => {
  t = await createTestApp();
  ids.periodo = await createPeriod(t.db, { nombre: '2026A', fechaInicio: '2020-01-01', fechaFin: '2030-12-31' });
  ids.campus = await createCampus(t.db, 'Norma Expediente');
  ids.other = await createCampus(t.db, 'Norma Otro');
  ids.old = await createCampus(t.db, 'Norma Antigua');
  for (let i = 0; i < WORKERS; i++) await createStaff(t.db, { campusId: ids.campus });
  for (let i = 0; i < WORKERS; i++) await createStaff(t.db, { campusId: ids.old });
  const worker = await createStaff(t.db, { campusId: ids.campus });
  workerNames.push('Persona');
  // Campus «Antigua» last evaluated more than two years ago.
  const old = await createApplication(t.db, { campusId: ids.old, periodoId: ids.periodo, kinds: [KIND], startActive: addDays(today, -800), endActive: addDays(today, -760) });
  ids.oldApplication = old.activeId;
  ids.cycle = old.cycleIds[KIND]!;
  await answerGuideII(ids.old, ids.oldApplication, WORKERS);
  const everyCampus = [ids.campus, ids.other, ids.old];
  tokens.manager = await signedInAdmin(t, { email: 'expediente@prueba.mx', password: 'Expediente-2026!', permissionNames: [PERMISSIONS.manageNom035], campusIds: [ids.campus, ids.old], cycleIds: [] });
  tokens.managerWithNames = await signedInAdmin(t, {
    email: 'expediente.canal@prueba.mx',
    password: 'Expediente-2026!',
    permissionNames: [PERMISSIONS.manageNom035, PERMISSIONS.viewNom035Referrals],
    campusIds: [ids.campus],
    cycleIds: [ids.cycle],
  });
  tokens.noPermission = await signedInAdmin(t, { email: 'expediente.nada@prueba.mx', password: 'Expediente-2026!', permissionNames: [PERMISSIONS.viewNom035Referrals, PERMISSIONS.viewCampusReports], campusIds: everyCampus, cycleIds: [ids.cycle] });
  // A Guía I referral from an earlier application.
  const earlier = await createApplication(t.db, { campusId: ids.campus, periodoId: ids.periodo, kinds: ['administrativos/ambiente'], startActive: addDays(today, -400), endActive: addDays(today, -390) });
  await t.db.insert(nom035Referrals).values({ staffId: worker.id, activeId: earlier.activeId });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'PUT' | 'POST', path: string, payload?: unknown, token = tokens.manager) =>
  t.request({ method, url: `${API}${path}`, token, ...(payload === undefined ? {} : { payload: payload as object }) });

async function file(campusId = ids.campus, token = tokens.manager): Promise<Nom035CampusFile> {
  const res = await call('GET', `/nom035/campus/${campusId}/file`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Nom035CampusFile>();
}

const state = (f: Nom035CampusFile, numeral: string) => {
  const found = f.obligations.find((o) => o.numeral === numeral);
  expect(found, numeral).toBeDefined();
  return found!.state;
};

const REPORT: Required<ReportBody> = {
  workplaceName: 'Universidad Prueba, campus Expediente',
  workplaceAddress: 'Av. Reforma 100, Puebla',
  workplaceActivity: 'Educación superior',
  objective: 'Identificar y analizar los factores de riesgo psicosocial.',
  mainActivities: 'Docencia, investigación y servicios escolares.',
  conclusions: 'Las cargas de trabajo piden atención.',
  recommendations: 'Redistribuir tareas y revisar jornadas.',
  evaluatorName: 'Laura Gómez Ruiz',
  evaluatorCedula: '',
};

describe(`a campus's NOM-035 file across an application's life (${driverName})`, () => {
  it('before any application: 16–50 workers asks 7.1 a); policy, report, clock and program pending; the open suggestion box meets 8.1 b)', async () => {
    const f = await file();
    expect(f).toMatchObject({ campus: { id: ids.campus, nombre: 'Norma Expediente' }, headcount: WORKERS + 1, band: 'from16To50', today, applications: [] });
    expect(f.obligations.map((o) => o.numeral)).toEqual(['5.1', '5.7', '5.8 a)', '5.8 b)', '5.8 c)', '7.1 a)', '7.7', '7.8', '7.9', '8.1 b)', '8.3–8.5', '10.4']);
    for (const numeral of ['5.1', '5.7', '5.8 a)', '7.1 a)', '7.7', '7.8', '7.9', '8.3–8.5']) expect(state(f, numeral), numeral).toBe('pendiente');
    expect(state(f, '8.1 b)')).toBe('cumplido');
    expect(state(f, '10.4')).toBe('cumplido');
    expect(f.obligations.every((o) => o.applies && looksSpanish(o.detail))).toBe(true);
  });

  it('once applied to every worker: results kept, Guía II met, the clock set two years after, the program missing every category at Medio or above', async () => {
    const created = await createApplication(t.db, { campusId: ids.campus, periodoId: ids.periodo, kinds: [KIND], startActive: addDays(today, -30), endActive: addDays(today, -10) });
    ids.application = created.activeId;
    await answerGuideII(ids.campus, ids.application, WORKERS + 1);
    const f = await file();
    expect(f.applications.map((a) => [a.id, a.guides])).toEqual([[ids.application, [{ guide: 'II', respondents: WORKERS + 1, withheld: false }]]]);
    expect(state(f, '5.8 a)')).toBe('cumplido');
    expect(state(f, '7.1 a)')).toBe('cumplido');
    expect(state(f, '7.9')).toBe('cumplido');
    expect(f.obligations.find((o) => o.numeral === '7.9')!.detail).toContain('a más tardar');
    expect(state(f, '7.7')).toBe('pendiente');
    expect(f.applications[0]!.missingReportFields).toHaveLength(8);
    expect(state(f, '8.3–8.5')).toBe('pendiente');
    expect(state(f, '5.8 b)')).toBe('pendiente');
    const needs = f.applications[0]!.groups.filter((g) => g.needsAction);
    expect(needs.length).toBeGreaterThan(0);
    expect(needs.every((g) => g.level === 'muyAlto' && !g.covered && g.scope !== 'final')).toBe(true);
    // 5.7 e) now asks the results made known.
    expect(f.obligations.find((o) => o.numeral === '5.7')!.detail).toContain('e)');
  });

  it('with the report, the policy and every 5.7 item recorded: 7.7, 5.1 and 5.7 are met, and each change is audited', async () => {
    let res = await call('PUT', `/nom035/campus/${ids.campus}/applications/${ids.application}/report`, REPORT);
    expect(res.statusCode, res.body).toBe(200);
    let f = res.json<Nom035CampusFile>();
    expect(state(f, '7.7')).toBe('cumplido');
    expect(f.applications[0]!.report).toMatchObject({ evaluatorName: 'Laura Gómez Ruiz', evaluatorCedula: '' });

    res = await call('PUT', `/nom035/campus/${ids.campus}/policy`, { text: 'Política de prevención…', adoptedOn: addDays(today, -60) });
    expect(state(res.json<Nom035CampusFile>(), '5.1')).toBe('pendiente');
    res = await call('PUT', `/nom035/campus/${ids.campus}/policy`, { text: 'Política de prevención…', adoptedOn: addDays(today, -60), madeKnownOn: addDays(today, -50) });
    expect(state(res.json<Nom035CampusFile>(), '5.1')).toBe('cumplido');

    for (const item of Object.keys(NOTICE_ITEMS) as NoticeItem[]) {
      res = await call('POST', `/nom035/campus/${ids.campus}/notices`, { item, how: 'Correo a todo el personal', givenOn: item === 'results' ? addDays(today, -5) : addDays(today, -50) });
      expect(res.statusCode, res.body).toBe(201);
    }
    f = res.json<Nom035CampusFile>();
    expect(state(f, '5.7')).toBe('cumplido');
    // Results made known before the last application are not its results.
    const results = f.notices.find((n) => n.item === 'results')!;
    res = await call('PUT', `/nom035/campus/${ids.campus}/notices/${results.id}`, { item: 'results', how: 'Correo', givenOn: addDays(today, -40) });
    expect(state(res.json<Nom035CampusFile>(), '5.7')).toBe('pendiente');
    res = await call('PUT', `/nom035/campus/${ids.campus}/notices/${results.id}`, { item: 'results', how: 'Correo', givenOn: addDays(today, -5) });
    expect(state(res.json<Nom035CampusFile>(), '5.7')).toBe('cumplido');

    const entities = (await t.db.select({ entity: auditLog.entity }).from(auditLog)).map((e) => e.entity);
    expect(entities).toEqual(expect.arrayContaining(['nom035_report', 'nom035_policy', 'nom035_notice']));
  });

  it('a program with an overdue action is vencido; done, with an action for every category at Medio or above, it is met', async () => {
    let f = await file();
    const needs = f.applications[0]!.groups.filter((g) => g.needsAction);
    let res;
    for (const [index, group] of needs.entries()) {
      res = await call('POST', `/nom035/campus/${ids.campus}/applications/${ids.application}/actions`, {
        guide: group.guide,
        scope: group.scope,
        key: group.key,
        area: 'Servicios escolares',
        measure: `Medida para ${group.name}`,
        level: 'organizational',
        // The first one was due yesterday.
        dueOn: index === 0 ? addDays(today, -1) : addDays(today, 30),
        responsible: 'Coordinación de Recursos Humanos',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    f = res!.json<Nom035CampusFile>();
    expect(state(f, '8.3–8.5')).toBe('vencido');
    expect(state(f, '5.8 b)')).toBe('cumplido');
    const overdue = f.applications[0]!.actions.find((a) => a.overdue)!;
    expect(overdue).toMatchObject({ state: 'pending', dueOn: addDays(today, -1) });

    res = await call('POST', `/nom035/campus/${ids.campus}/actions/${overdue.id}/notes`, { note: 'Se reasignaron tareas del área.', notedOn: today });
    expect(res.statusCode, res.body).toBe(201);
    const { guide, scope, key, area, measure, level, dueOn, responsible } = overdue;
    res = await call('PUT', `/nom035/campus/${ids.campus}/actions/${overdue.id}`, { guide, scope, key, area, measure, level, dueOn, responsible, state: 'done', followUp: 'Se revisará en la próxima aplicación.' });
    expect(res.statusCode, res.body).toBe(200);
    f = res.json<Nom035CampusFile>();
    const done = f.applications[0]!.actions.find((a) => a.id === overdue.id)!;
    expect(done).toMatchObject({ state: 'done', overdue: false, notes: [{ note: 'Se reasignaron tareas del área.', notedOn: today }] });
    expect(state(f, '8.3–8.5')).toBe('cumplido');
    expect(f.applications[0]!.groups.filter((g) => g.needsAction).every((g) => g.covered)).toBe(true);
  });

  it('two years after the last evaluation, 7.9 is vencido', async () => {
    const f = await file(ids.old);
    expect(state(f, '7.9')).toBe('vencido');
    expect(f.obligations.find((o) => o.numeral === '7.9')!.detail).toMatch(/debió hacerse a más tardar/);
  });
});

describe(`who may read and change a campus's NOM-035 file (${driverName})`, () => {
  it('refuses another campus (403), in the file and in every change, and changes nothing', async () => {
    for (const res of [
      await call('GET', `/nom035/campus/${ids.other}/file`),
      await call('PUT', `/nom035/campus/${ids.other}/policy`, { text: 'Otra' }),
      await call('POST', `/nom035/campus/${ids.other}/notices`, { item: 'policy', how: 'Correo', givenOn: today }),
      await call('PUT', `/nom035/campus/${ids.other}/applications/${ids.application}/report`, REPORT),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(looksSpanish(res.json<{ error: { message: string } }>().error.message)).toBe(true);
    }
    // A granted campus's path with another campus's application or action is not found.
    const res = await call('PUT', `/nom035/campus/${ids.old}/applications/${ids.application}/report`, REPORT);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a user without «Gestionar NOM-035» (403)', async () => {
    const res = await call('GET', `/nom035/campus/${ids.campus}/file`, undefined, tokens.noPermission);
    expect(res.statusCode).toBe(403);
    expect((await call('PUT', `/nom035/campus/${ids.campus}/policy`, { text: 'x' }, tokens.noPermission)).statusCode).toBe(403);
  });

  it('names referred workers only for «Ver Canalizaciones NOM-035»; counts them otherwise', async () => {
    const counted = await file(ids.campus, tokens.manager);
    expect(counted.referrals).toEqual({ total: 1, attended: 0, names: null });
    expect(JSON.stringify(counted)).not.toContain(workerNames[0]);
    const named = await file(ids.campus, tokens.managerWithNames);
    expect(named.referrals.total).toBe(1);
    expect(named.referrals.names).toEqual([expect.objectContaining({ fullName: expect.stringContaining('Persona'), attended: false })]);
  });

  it('answers bad input with Spanish 422s: an unknown category, a bad day, a missing measure', async () => {
    const base = { guide: 'II', scope: 'domain', key: 'workload', area: 'Docentes', measure: 'Revisar cargas', level: 'group', dueOn: today, responsible: 'Dirección' };
    for (const body of [{ ...base, key: 'noExiste' }, { ...base, dueOn: '2026-02-30' }, { ...base, measure: '' }, { ...base, level: 'persona' }]) {
      const res = await call('POST', `/nom035/campus/${ids.campus}/applications/${ids.application}/actions`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(looksSpanish(res.json<{ error: { message: string } }>().error.message), res.body).toBe(true);
    }
  });
});

describe(`7.1: the headcount when the application ran (${driverName})`, () => {
  it('counts the campus at the first NOM-035 answer and keeps that count when the campus grows', async () => {
    const campusId = await createCampus(t.db, 'Norma Plantilla');
    const workers = await Promise.all(Array.from({ length: 16 }, () => createStaff(t.db, { campusId })));
    const { activeId, cycleIds } = await createApplication(t.db, { campusId, periodoId: ids.periodo, kinds: [KIND], startActive: addDays(today, -1), endActive: addDays(today, 10) });
    // Guía I without a traumatic event: its first six items, the rest skipped.
    const guideOne = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`q${i + 1}`, 'no']));
    for (const worker of workers.slice(0, 2)) {
      await submitResponse(t, await respondentToken(t, worker.pcId), { activeId, cicleId: cycleIds[KIND]!, subject: 'I', answers: guideOne });
    }
    // The campus grows past 50 after the application ran: today's band asks Guía III, the application's headcount Guía II.
    for (let i = 0; i < 40; i++) await createStaff(t.db, { campusId });
    const token = await signedInAdmin(t, { email: 'expediente.plantilla@prueba.mx', password: 'Expediente-2026!', permissionNames: [PERMISSIONS.manageNom035], campusIds: [campusId], cycleIds: [] });
    const f = await file(campusId, token);
    expect(f).toMatchObject({ headcount: 56, band: 'over50' });
    // Undated: a day would date the application's first answer.
    expect(f.applications[0]!.headcount).toEqual({ workers: 16, takenOn: null });
    const guide = f.obligations.find((o) => o.numeral === '7.1 b)')!;
    expect(guide.evidence).toEqual(
      expect.arrayContaining([
        { label: 'Plantilla al aplicar', value: '16 trabajadores', link: null },
        { label: 'Guía que corresponde', value: 'Guía II', link: null },
        { label: 'Respuestas requeridas', value: '16', link: null },
      ]),
    );
  });
});

async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const downloadName = (res: { headers: Record<string, unknown> }) => /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];

describe(`the inspector's downloads: the file as PDF, the program as XLSX (${driverName})`, () => {
  it('prints every numeral with its state, the 7.7 report completed from the application and the program with its progress, in Spanish', async () => {
    const res = await call('GET', `/nom035/campus/${ids.campus}/file/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(downloadName(res)).toBe(`expediente-nom035_norma-expediente_${today}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Expediente NOM-035-STPS-2018: Norma Expediente',
      `Estado al ${displayDay(today)}`,
      '5.1 · Política de prevención de riesgos psicosociales: Cumplido',
      '7.7 · Informe de resultados: Cumplido',
      '8.3–8.5 · Programa de intervención con su avance: Cumplido',
      'Canalizaciones: 1',
      '2. Informe de resultados (numeral 7.7)',
      REPORT.workplaceName,
      REPORT.evaluatorName,
      'd) Método: Guía de referencia II del DOF',
      'Calificación final del cuestionario',
      'Muy alto',
      'Por dominio',
      'h) Cédula profesional (si aplica): Sin registrar',
      '3. Programa de intervención (numerales 8.3 a 8.5)',
      'Estado: Hecha',
      `Avance del ${displayDay(today)}: Se reasignaron tareas del área.`,
      'Evaluación posterior: Se revisará en la próxima aplicación.',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('counts referrals and never names them, even for a user who may read the names', async () => {
    const named = await file(ids.campus, tokens.managerWithNames);
    const name = named.referrals.names![0]!.fullName;
    const res = await call('GET', `/nom035/campus/${ids.campus}/file/pdf`, undefined, tokens.managerWithNames);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Canalizaciones: 1');
    expect(text).not.toContain(name);
  });

  it('writes one row per action with its state and last note; a text that looks like a formula stays text', async () => {
    const added = await call('POST', `/nom035/campus/${ids.campus}/applications/${ids.application}/actions`, {
      guide: 'II',
      scope: 'domain',
      key: 'workload',
      area: '=Docentes',
      measure: '=HYPERLINK("http://ejemplo.mx","ver")',
      level: 'group',
      dueOn: addDays(today, 60),
      responsible: 'Dirección',
    });
    expect(added.statusCode, added.body).toBe(201);
    const actions = added.json<Nom035CampusFile>().applications[0]!.actions;
    const res = await call('GET', `/nom035/campus/${ids.campus}/program/xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(downloadName(res)).toBe(`programa-nom035_norma-expediente_${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Aplicación', 'Área o grupo', 'Categoría o dominio', 'Medida', 'Nivel (8.5)', 'Fecha programada', 'Responsable', 'Estado', 'Último avance', 'Evaluación posterior']);
    expect(rows).toHaveLength(actions.length + 1);
    const done = rows.find((row) => row[7] === 'Hecha')!;
    expect(done).toEqual([
      expect.stringContaining('2026A'),
      'Servicios escolares',
      expect.stringContaining('(Guía II)'),
      expect.stringMatching(/^Medida para /),
      'Primer nivel: organizacional',
      displayDay(addDays(today, -1)),
      'Coordinación de Recursos Humanos',
      'Hecha',
      `${displayDay(today)}: Se reasignaron tareas del área.`,
      'Se revisará en la próxima aplicación.',
    ]);
    const formula = rows.find((row) => String(row[3]).includes('HYPERLINK'))!;
    expect(formula.slice(1, 4)).toEqual(["'=Docentes", expect.any(String), '\'=HYPERLINK("http://ejemplo.mx","ver")']);
    expect(sheet.getRow(rows.indexOf(formula) + 1).getCell(4).type).toBe(ExcelJS.ValueType.String);
  });

  it('refuses another campus and a user without «Gestionar NOM-035» (403, Spanish) before a byte', async () => {
    for (const path of ['file/pdf', 'program/xlsx']) {
      for (const res of [await call('GET', `/nom035/campus/${ids.other}/${path}`), await call('GET', `/nom035/campus/${ids.campus}/${path}`, undefined, tokens.noPermission)]) {
        expect(res.statusCode, path).toBe(403);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(looksSpanish(res.json<{ error: { message: string } }>().error.message)).toBe(true);
      }
    }
  });
});
