/**
 * New intake's reports over known published responses: students' opinion by
 * the school they come from (exact per-school averages, the small-group rule
 * at its boundary, 'Otro' as one row, whole periods only), the generic
 * report's breakdowns labelled from catalogue codes ('Otro / extranjero'
 * included), the 'other' lists, and who may read it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportItem, ReportOverview, TextsReport } from '@encuestas/core/api/reports';
import { INSTITUTE_OPINION_ENDPOINT, NEW_INTAKE_REPORT_LINKS, NO_INSTITUTE_QUESTION_MESSAGE, type InstituteOpinionReport } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import type { Answers, Catalogs } from '@encuestas/core/survey-engine/types';
import { NEW_INTAKE_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { fillAnswers } from '@encuestas/core/survey-kinds/testing';
import { activeCycles, actives, campuses, cycles, periods, responses, userCampusGrants, userCycleGrants } from '../../src/db/schema';
import { foldResponses } from '../../src/features/aggregates/fold';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { createAdminUser } from '../../src/features/users/service';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';

const KIND = 'alumnos/nuevoIngreso';
const PASSWORD = 'Reportes-Ingreso-2026!';
const ORIENTE = 'instituto-oriente-puebla';
const BUAP = 'preparatoria-benito-juarez-garcia-buap-puebla';
const ADMISSION = ['admissionAttention', 'admissionInformation', 'admissionProcedures', 'admissionVisit'] as const;

let t: TestApp;
let catalogs: Catalogs;
const ids = { cycle: 0, otherCycle: 0, campusA: 0, campusB: 0, periodo: 0, activeA: 0, activeB: 0 };
const tokens = { admin: '', campusOnly: '', noPermission: '' };

/**
 * A complete version-3 answer set: the school, where from (the municipio only for a Mexican
 * state: fillAnswers skips hidden items), and every admission item rated `rating` (the last `last`).
 */
function intake(given: Answers, rating: string, last = rating): Answers {
  return fillAnswers(NEW_INTAKE_QUESTIONNAIRE, catalogs, {
    originState: '21',
    originMunicipio: '21114',
    ...Object.fromEntries(ADMISSION.map((id, i) => [id, i === ADMISSION.length - 1 ? last : rating])),
    ...given,
  });
}

function response(activeId: number, campusId: number, answers: Answers, version = NEW_INTAKE_QUESTIONNAIRE.version) {
  return {
    id: randomUUID(),
    surveyKind: KIND,
    questionnaireId: NEW_INTAKE_QUESTIONNAIRE.id,
    questionnaireVersion: version,
    cycleId: ids.cycle,
    activeId,
    campusId,
    periodoId: ids.periodo,
    plan: 'ING',
    grupo: '1A',
    submittedOn: '2026-08-20',
    answers,
  };
}

async function user(email: string, permissionNames: PermissionName[], campusIds: number[]): Promise<string> {
  const row = await createAdminUser(t.db, { email, password: PASSWORD, name: 'Prueba', permissionNames });
  if (campusIds.length) await t.db.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: row.id, campusId })));
  await t.db.insert(userCycleGrants).values([ids.cycle, ids.otherCycle].map((cycleId) => ({ userId: row.id, cycleId })));
  return t.login(email, PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t;
  catalogs = await loadCatalogs(db);
  ids.cycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, KIND)))[0]!.id;
  ids.otherCycle = (await db.select().from(cycles).where(eq(cycles.surveyKind, 'alumnos/serviciosA')))[0]!.id;
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Ingreso A' }, { nombre: 'Ingreso B' }]).returning()).map((c) => c.id) as [
    number,
    number,
  ];
  [ids.periodo] = (await db.insert(periods).values({ nombre: '2026B', fechaInicio: '2026-08-01', fechaFin: '2026-12-15' }).returning()).map((p) => p.id) as [number];
  const window = { periodoId: ids.periodo, startActive: '2026-08-10', endActive: '2026-09-10' };
  [ids.activeA, ids.activeB] = (
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusA, ...window },
        { campusId: ids.campusB, ...window },
      ])
      .returning()
  ).map((row) => row.id) as [number, number];
  await db.insert(activeCycles).values([ids.activeA, ids.activeB].flatMap((activeId) => [ids.cycle, ids.otherCycle].map((cycleId) => ({ activeId, cycleId }))));

  const A = (answers: Answers, version?: number) => response(ids.activeA, ids.campusA, answers, version);
  const rows = [
    // Campus A, Instituto Oriente: five (the smallest group shown). Three rate everything 'Excelente' (one of
    // them 'No aplica' on the visit), two 'Buena': (3·5·4 − 5 + 2·3·4) / 19 = 79 / 19.
    A(intake({ institute: ORIENTE }, 'excelente', 'na')),
    A(intake({ institute: ORIENTE }, 'excelente')),
    A(intake({ institute: ORIENTE }, 'excelente')),
    A(intake({ institute: ORIENTE }, 'buena')),
    A(intake({ institute: ORIENTE }, 'buena')),
    // BUAP's Benito Juárez: four, one below the rule.
    ...Array.from({ length: 4 }, () => A(intake({ institute: BUAP }, 'muyBuena'))),
    // Five schools not in the catalogue, two of their students from abroad: one row 'Otro', all 'Regular' (2).
    ...['Prepa Federal por Cooperación', 'Colegio Vida Nueva', 'Bachillerato Digital 12', 'Lycée Français', 'Prepa Abierta Tehuacán'].map((schoolName, i) =>
      A(
        intake(
          i < 2
            ? { institute: 'otro', schoolName, schoolType: 'preparatoria-privada', originState: 'otro', originPlace: i ? 'Lyon, Francia' : 'Bogotá, Colombia' }
            : { institute: 'otro', schoolName, schoolType: 'preparatoria-publica' },
          'regular',
        ),
      ),
    ),
    // A version-2 response (school type asked of everyone, no school): counted in the totals, in no school's row.
    A({ originState: '21', originMunicipio: '21114', schoolType: 'preparatoria-publica', admissionAttention: 'mala' }, 2),
    // Campus B: two more from Instituto Oriente, all 'Mala'.
    ...Array.from({ length: 2 }, () => response(ids.activeB, ids.campusB, intake({ institute: ORIENTE }, 'mala'))),
  ];
  await t.db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
  });

  tokens.admin = await user('ingreso-admin@prueba.mx', [PERMISSIONS.viewCycleReports], [ids.campusA, ids.campusB]);
  tokens.campusOnly = await user('ingreso-campus@prueba.mx', [PERMISSIONS.viewCampusReports], [ids.campusA]);
  tokens.noPermission = await user('ingreso-nada@prueba.mx', [], [ids.campusA, ids.campusB]);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, params: Record<string, string | number | undefined>, token = tokens.admin) =>
  t.request({
    method: 'GET',
    url: `${API}${path}?${new URLSearchParams(Object.entries(params).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])))}`,
    token,
  });
const scopeA = () => ({ cicleId: ids.cycle, periodoId: ids.periodo, campusId: ids.campusA });
const wholeCycle = () => ({ cicleId: ids.cycle, periodoId: ids.periodo });

async function institutes(params: Record<string, string | number | undefined>, token = tokens.admin): Promise<InstituteOpinionReport> {
  const res = await get(INSTITUTE_OPINION_ENDPOINT, params, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InstituteOpinionReport>();
}

describe(`new intake: students' opinion by institute (${driverName})`, () => {
  it('gives one row per school with its responses and section averages, withholding a school of four', async () => {
    const report = await institutes(scopeA());
    expect(report.minGroupSize).toBe(5);
    expect(report.sections).toEqual([{ id: 'admission', title: 'Tu proceso de admisión' }]);
    expect(report.rows.map(({ average, sections, ...row }) => ({ ...row, average: average && +average.toFixed(10), admission: sections[0]!.average && +sections[0]!.average.toFixed(10) }))).toEqual([
      { institute: ORIENTE, name: 'Instituto Oriente (Puebla)', responses: 5, withheldResponses: 0, average: +(79 / 19).toFixed(10), admission: +(79 / 19).toFixed(10), withheld: false },
      { institute: 'otro', name: 'Otro', responses: 5, withheldResponses: 0, average: 2, admission: 2, withheld: false },
      { institute: BUAP, name: 'Preparatoria Benito Juárez García, BUAP (Puebla)', responses: 4, withheldResponses: 4, average: null, admission: null, withheld: true },
    ]);
    expect(report.withheldRows).toBe(1);
    expect(report.withheldExplanation).toContain('menos de 5 respuestas');
  });

  it('withholds a school at a campus with two, and leaves those two out of the report by cycle (no differencing)', async () => {
    const campusB = await institutes({ ...wholeCycle(), campusId: ids.campusB });
    expect(campusB.rows).toEqual([
      { institute: ORIENTE, name: 'Instituto Oriente (Puebla)', responses: 2, withheldResponses: 2, average: null, sections: [{ id: 'admission', average: null }], withheld: true },
    ]);
    // By cycle: seven responses, the averages campus A's five alone (with B's 'Mala' they would be 87/27), so
    // the cycle's figures minus campus A's give nothing about campus B's two students.
    const oriente = (await institutes(wholeCycle())).rows.find((row) => row.institute === ORIENTE)!;
    expect(oriente).toMatchObject({ responses: 7, withheldResponses: 2, withheld: false });
    expect(oriente.average).toBeCloseTo(79 / 19, 10);
    expect(oriente.sections[0]!.average).toBeCloseTo(79 / 19, 10);
  });

  it('covers whole periods: a date range changes nothing (a school beside a day could single a student out)', async () => {
    expect(await institutes({ ...scopeA(), from: '2026-08-20', to: '2026-08-20' })).toEqual(await institutes(scopeA()));
  });

  it('is offered beside the overview of the new intake only, and refused for another survey in Spanish (422)', async () => {
    const overview = (await get('/reports/overview', scopeA())).json<ReportOverview>();
    expect(overview.extraReports).toEqual(NEW_INTAKE_REPORT_LINKS);
    const other = await get(INSTITUTE_OPINION_ENDPOINT, { ...scopeA(), cicleId: ids.otherCycle });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.fields).toEqual({ cicleId: [NO_INSTITUTE_QUESTION_MESSAGE] });
  });

  it('follows the report permissions and grants: campus permission on its campus only, nothing without one', async () => {
    expect((await get(INSTITUTE_OPINION_ENDPOINT, scopeA())).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${API}${INSTITUTE_OPINION_ENDPOINT}?cicleId=${ids.cycle}&periodoId=${ids.periodo}` })).statusCode).toBe(401);
    expect((await get(INSTITUTE_OPINION_ENDPOINT, scopeA(), tokens.campusOnly)).statusCode).toBe(200);
    const tampered = await get(INSTITUTE_OPINION_ENDPOINT, { ...scopeA(), campusId: ids.campusB }, tokens.campusOnly);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    const byCycle = await get(INSTITUTE_OPINION_ENDPOINT, wholeCycle(), tokens.campusOnly);
    expect(byCycle.statusCode).toBe(403);
    expect(byCycle.json().error.message).toContain(PERMISSIONS.viewCycleReports);
    expect((await get(INSTITUTE_OPINION_ENDPOINT, scopeA(), tokens.noPermission)).statusCode).toBe(403);
  });
});

describe(`new intake: the generic breakdowns and 'other' lists (${driverName})`, () => {
  const itemOf = (report: ReportOverview, id: string): ReportItem =>
    report.questionnaires[0]!.sections.flatMap((s) => s.items).find((item) => item.id === id)!;
  const labelled = (item: ReportItem) => Object.fromEntries(item.distribution.map((d) => [d.label, d.n]));

  it('labels institute, state and municipio answers from their codes and claves, «Otro» and «Otro / extranjero» included', async () => {
    const report = (await get('/reports/overview', scopeA())).json<ReportOverview>();
    expect(report.totals.published).toBe(15);
    expect(labelled(itemOf(report, 'institute'))).toEqual({
      'Instituto Oriente (Puebla)': 5,
      Otro: 5,
      'Preparatoria Benito Juárez García, BUAP (Puebla)': 4,
    });
    expect(labelled(itemOf(report, 'originState'))).toEqual({ Puebla: 13, 'Otro / extranjero': 2 });
    expect(labelled(itemOf(report, 'originMunicipio'))).toEqual({ Puebla: 13 });
    expect(labelled(itemOf(report, 'schoolType'))).toEqual({
      'Preparatoria pública': 4,
      'Preparatoria privada': 2,
      'Bachillerato tecnológico (CBTIS, CETIS, CONALEP)': 0,
      'Colegio de Bachilleres': 0,
      'Preparatoria abierta': 0,
    });
    // Each 'Otro' leads to the list of what the students wrote.
    expect(Object.fromEntries(report.questionnaires[0]!.sections.flatMap((s) => s.items).filter((i) => i.otherList).map((i) => [i.id, i.otherList]))).toEqual({
      originState: 'originPlace',
      originMunicipio: 'originPlace',
      institute: 'schoolName',
      knowChannels: 'knowChannelsOther',
      effectiveChannel: 'effectiveChannelOther',
      communicationChannel: 'communicationChannelOther',
      transportationMode: 'transportationModeOther',
      extracurricularActivities: 'extracurricularActivitiesOther',
    });
    expect(report.texts.map((t) => t.id)).toEqual(expect.arrayContaining(['originPlace', 'schoolName', 'knowChannelsOther', 'extracurricularActivitiesOther']));
    expect(itemOf(report, 'schoolType').otherList).toBeNull();
    // Every other catalogue answer resolves to its catalogue's name, never a bare code.
    for (const id of ['knowChannels', 'effectiveChannel', 'communicationChannel', 'transportationMode', 'extracurricularActivities']) {
      const item = itemOf(report, id);
      expect(item.distribution.length, id).toBeGreaterThan(0);
      for (const { value, label } of item.distribution) expect(label, `${id} ${value}`).not.toBe(value);
    }
  });

  it("gives each choice the base of its percentages: a single choice's answers, a multiple choice's responses (a person counts under each option)", async () => {
    const report = (await get('/reports/overview', scopeA())).json<ReportOverview>();
    // 14 named a school (the version-2 response did not), 6 a school type, 13 a municipio (two live abroad).
    expect(itemOf(report, 'institute').shareBase).toBe(14);
    expect(itemOf(report, 'schoolType').shareBase).toBe(6);
    expect(itemOf(report, 'originMunicipio').shareBase).toBe(13);
    // Every response of the scope, whatever the options picked add up to.
    expect(itemOf(report, 'knowChannels').shareBase).toBe(report.totals.published);
  });

  it("lists the schools written under «Otro», and withholds the places of two students from abroad", async () => {
    const schools = await get('/reports/texts', { ...scopeA(), item: 'schoolName' });
    expect(schools.statusCode, schools.body).toBe(200);
    const list = schools.json<TextsReport>();
    expect(list.total).toBe(5);
    expect(list.texts.map((x) => x.text).sort()).toEqual(
      ['Bachillerato Digital 12', 'Colegio Vida Nueva', 'Lycée Français', 'Prepa Abierta Tehuacán', 'Prepa Federal por Cooperación'].sort(),
    );
    const places = (await get('/reports/texts', { ...scopeA(), item: 'originPlace' })).json<TextsReport>();
    expect(places).toMatchObject({ total: 0, unlisted: 2, withheld: true, texts: [] });
  });
});
