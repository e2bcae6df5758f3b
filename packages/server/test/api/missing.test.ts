/**
 * Missing respondents and reminders over a known directory and known
 * completions: exactly who has not answered (by campus, plan, group and the
 * other student filters), paging, the not-listed count, the academic list,
 * who may see what (report permissions, grants, the list's own permission),
 * and reminders: only missing people get mail, at most once a day each, with
 * an audit entry, through the real SMTP path.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDERS,
  type MissingFilterValues,
  FILTER_PC_ID_MESSAGE,
  FILTER_YEAR_MESSAGE,
  MISSING_AUDIENCE_MISMATCH,
  MISSING_LIST_NOT_PERMITTED,
  NO_REMINDER_RECIPIENTS,
  type MissingReport,
  type ReminderJob,
  type ReminderRecipients,
} from '@encuestas/core/api/missing';
import { mexicoCityDay } from '@encuestas/core/dates';
import { PERIOD_NAME_MESSAGE } from '@encuestas/core/periods';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import {
  activeCycles,
  actives,
  auditLog,
  campuses,
  completions,
  cycles,
  newIntakeTargets,
  periods,
  reminderJobs,
  reminderSends,
  staff,
  students,
  userCampusGrants,
  userCycleGrants,
} from '../../src/db/schema';
import { pruneReminderSends, reminderKeyHash, ReminderRunner, REMINDER_STALE_MS } from '../../src/features/missing/reminders';
import { createMailer } from '../../src/mail/mailer';
import { createAdminUser } from '../../src/features/users/service';
import { CAMPUS_NOT_GRANTED } from '../../src/http/grants';
import { API, createTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { waitUntil } from '../helpers/timeouts';

const PASSWORD = 'Pendientes-Prueba-2026!';
let t: TestApp;
let smtp: SmtpCatcher;
const ids = { campusA: 0, campusB: 0, periodo: 0, otherPeriodo: 0, servicesA: 0, newIntake: 0, environment: 0, activeA: 0, activeB: 0 };
const tokens = { admin: '', campusOnly: '', noList: '', noPermission: '', noReminders: '' };
let adminId = 0;
/** pc_id of each student by a short name. */
const pc: Record<string, string> = {};

interface Person {
  key: string;
  campus: 'A' | 'B';
  plan: string;
  grupo: string;
  sesion?: string;
  year?: number;
  active?: boolean;
  email?: string | null;
  answered?: boolean;
}

// Campus A: ING 1A (five, two answered), ING 1B (three, one answered), ADM 2A (three, none answered, one without e-mail);
// one who left the directory and one who moved to campus B, both answered at A. Campus B: the one who moved and d1.
const PEOPLE: Person[] = [
  { key: 'a1', campus: 'A', plan: 'ING', grupo: '1A', answered: true },
  { key: 'a2', campus: 'A', plan: 'ING', grupo: '1A' },
  { key: 'a3', campus: 'A', plan: 'ING', grupo: '1A', answered: true },
  { key: 'a4', campus: 'A', plan: 'ING', grupo: '1A', sesion: 'V' },
  { key: 'a5', campus: 'A', plan: 'ING', grupo: '1A', year: 2025 },
  { key: 'b1', campus: 'A', plan: 'ING', grupo: '1B' },
  { key: 'b2', campus: 'A', plan: 'ING', grupo: '1B', answered: true },
  { key: 'b3', campus: 'A', plan: 'ING', grupo: '1B' },
  { key: 'c1', campus: 'A', plan: 'ADM', grupo: '2A' },
  { key: 'c2', campus: 'A', plan: 'ADM', grupo: '2A', email: null },
  { key: 'c3', campus: 'A', plan: 'ADM', grupo: '2A' },
  { key: 'left', campus: 'A', plan: 'ING', grupo: '1A', active: false, answered: true },
  { key: 'moved', campus: 'B', plan: 'ING', grupo: '1A', answered: true },
  { key: 'd1', campus: 'B', plan: 'ING', grupo: '1A' },
];
const studentId: Record<string, number> = {};

async function user(email: string, permissionNames: PermissionName[], campusIds: number[], cycleIds: number[]): Promise<string> {
  const row = await createAdminUser(t.db, { email, password: PASSWORD, name: 'Prueba', permissionNames });
  if (campusIds.length) await t.db.insert(userCampusGrants).values(campusIds.map((campusId) => ({ userId: row.id, campusId })));
  if (cycleIds.length) await t.db.insert(userCycleGrants).values(cycleIds.map((cycleId) => ({ userId: row.id, cycleId })));
  if (email.startsWith('admin')) adminId = row.id;
  return t.login(email, PASSWORD);
}

const complete = (respondentType: string, respondentId: number, activeId: number, cycleId: number) =>
  t.db.insert(completions).values({ respondentType, respondentId, activeId, cycleId, idempotencyKey: randomUUID() });

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, INSTITUTION_NAME: 'Universidad de Prueba' } });
  const { db } = t;
  const cycleOf = async (kind: string) => (await db.select().from(cycles).where(eq(cycles.surveyKind, kind)))[0]!.id;
  ids.servicesA = await cycleOf('alumnos/serviciosA');
  ids.newIntake = await cycleOf('alumnos/nuevoIngreso');
  ids.environment = await cycleOf('administrativos/ambiente');
  [ids.campusA, ids.campusB] = (await db.insert(campuses).values([{ nombre: 'Pendientes A' }, { nombre: 'Pendientes B' }]).returning()).map((c) => c.id) as [
    number,
    number,
  ];
  [ids.periodo, ids.otherPeriodo] = (
    await db
      .insert(periods)
      .values([
        { nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' },
        { nombre: '2025B', fechaInicio: '2025-08-01', fechaFin: '2025-12-15' },
      ])
      .returning()
  ).map((p) => p.id) as [number, number];
  [ids.activeA, ids.activeB] = (
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusA, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' },
        { campusId: ids.campusB, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' },
      ])
      .returning()
  ).map((a) => a.id) as [number, number];
  await db.insert(activeCycles).values([
    { activeId: ids.activeA, cycleId: ids.servicesA },
    { activeId: ids.activeB, cycleId: ids.servicesA },
    { activeId: ids.activeA, cycleId: ids.newIntake },
    { activeId: ids.activeA, cycleId: ids.environment },
  ]);

  const rows = await db
    .insert(students)
    .values(
      PEOPLE.map((p, i) => {
        pc[p.key] = String(400000000 + i);
        return {
          pcId: pc[p.key]!,
          name: `Alumno ${p.key}`,
          lastName: 'Prueba',
          email: p.email === null ? null : `${p.key}@alumnos.prueba.mx`,
          campusId: p.campus === 'A' ? ids.campusA : ids.campusB,
          plan: p.plan,
          grupo: p.grupo,
          sesion: p.sesion ?? 'M',
          year: p.year ?? 2026,
          periodoId: p.key === 'a1' || p.key === 'a2' ? ids.otherPeriodo : ids.periodo,
          active: p.active ?? true,
        };
      }),
    )
    .returning();
  rows.forEach((row, i) => (studentId[PEOPLE[i]!.key] = row.id));
  for (const p of PEOPLE.filter((person) => person.answered)) await complete('student', studentId[p.key]!, ids.activeA, ids.servicesA);

  // New intake: a1, a2, b1 on the period's target list; a1 and c1 answered (c1 is no longer on the list).
  await db.insert(newIntakeTargets).values(['a1', 'a2', 'b1'].map((key) => ({ periodoId: ids.periodo, studentId: studentId[key]! })));
  await complete('student', studentId.a1!, ids.activeA, ids.newIntake);
  await complete('student', studentId.c1!, ids.activeA, ids.newIntake);

  // Staff at A: three, one answered the environment survey.
  const workers = await db
    .insert(staff)
    .values(['Coordinadora', 'Contador', 'Bibliotecaria'].map((puesto, i) => ({ pcId: String(500000000 + i), name: `Trabajador ${i}`, email: `t${i}@prueba.mx`, campusId: ids.campusA, tipo: 'Administrativo', puesto })))
    .returning();
  await complete('staff', workers[0]!.id, ids.activeA, ids.environment);

  const allCycles = [ids.servicesA, ids.newIntake, ids.environment];
  tokens.admin = await user(
    'admin-pendientes@prueba.mx',
    [PERMISSIONS.viewCycleReports, PERMISSIONS.viewMissingRespondents, PERMISSIONS.sendReminders],
    [ids.campusA, ids.campusB],
    allCycles,
  );
  tokens.campusOnly = await user('campus-pendientes@prueba.mx', [PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents], [ids.campusB], allCycles);
  tokens.noList = await user('sin-lista@prueba.mx', [PERMISSIONS.viewCycleReports, PERMISSIONS.sendReminders], [ids.campusA, ids.campusB], allCycles);
  tokens.noPermission = await user('sin-permisos@prueba.mx', [], [ids.campusA, ids.campusB], allCycles);
  tokens.noReminders = await user('sin-recordatorios@prueba.mx', [PERMISSIONS.viewCycleReports, PERMISSIONS.viewMissingRespondents], [ids.campusA], allCycles);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function query(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString();
}
const missing = (cycleId: number, params: Record<string, string | number | undefined>, token = tokens.admin, audience = 'students') =>
  t.request({ method: 'GET', url: `${API}/ciclo/${cycleId}/missing/${audience}?${query(params)}`, token });
const names = (report: MissingReport) => report.missingList!.people.map((p) => p.pcId);
const pcs = (...keys: string[]) => keys.map((key) => pc[key]);

describe(`missing students (${driverName})`, () => {
  it('lists exactly the campus students who have not answered, and narrows them by plan and by group', async () => {
    const all = await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA, perPage: 100 });
    expect(all.statusCode, all.body).toBe(200);
    const report = all.json<MissingReport>();
    expect(report.targetAmmount).toBe(11);
    expect(report.answered).toBe(3);
    expect(report.missing).toBe(8);
    expect(report.missingChartData).toEqual([
      { key: 'answered', label: 'Respondieron', value: 3 },
      { key: 'missing', label: 'Faltan por responder', value: 8 },
    ]);
    // Ordered by plan, group, then name.
    expect(names(report)).toEqual(pcs('c1', 'c2', 'c3', 'a2', 'a4', 'a5', 'b1', 'b3'));
    expect(report.missingList!.people.find((p) => p.pcId === pc.c2)).toMatchObject({ email: null, plan: 'ADM', grupo: '2A', campus: 'Pendientes A', fullName: 'Alumno c2 Prueba' });

    const ing = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING' })).json<MissingReport>();
    expect(names(ing)).toEqual(pcs('a2', 'a4', 'a5', 'b1', 'b3'));
    expect([ing.targetAmmount, ing.answered, ing.missing]).toEqual([8, 3, 5]);
    const group = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING', grupo: '1B' })).json<MissingReport>();
    expect(names(group)).toEqual(pcs('b1', 'b3'));
    expect([group.targetAmmount, group.answered]).toEqual([3, 1]);
  });

  it('breaks the list down by plan and group, furthest behind first, and by campus for the report by cycle', async () => {
    const report = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA })).json<MissingReport>();
    const campusA = { id: ids.campusA, nombre: 'Pendientes A' };
    expect(report.breakdown).toEqual([
      { campus: campusA, plan: 'ADM', grupo: '2A', expected: 3, answered: 0, rate: 0 },
      { campus: campusA, plan: 'ING', grupo: '1B', expected: 3, answered: 1, rate: 1 / 3 },
      { campus: campusA, plan: 'ING', grupo: '1A', expected: 5, answered: 2, rate: 2 / 5 },
    ]);
    // The filter narrows it as it narrows the list; the parts add up to the whole.
    const ing = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING' })).json<MissingReport>();
    expect(ing.breakdown.map((segment) => segment.grupo)).toEqual(['1B', '1A']);
    const both = (await missing(ids.servicesA, { periodoId: ids.periodo })).json<MissingReport>();
    expect(both.breakdown.reduce((sum, segment) => sum + segment.expected, 0)).toBe(both.targetAmmount);
    expect(both.breakdown.reduce((sum, segment) => sum + segment.answered, 0)).toBe(both.answered);
  });

  it('filters by session, year of admission, the student’s period and pc_id', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusA };
    expect(names((await missing(ids.servicesA, { ...scope, sesion: 'V' })).json())).toEqual(pcs('a4'));
    expect(names((await missing(ids.servicesA, { ...scope, year: 2025 })).json())).toEqual(pcs('a5'));
    expect(names((await missing(ids.servicesA, { ...scope, periodo: '2025b' })).json())).toEqual(pcs('a2'));
    const answeredOne = (await missing(ids.servicesA, { ...scope, pc_id: pc.a1 })).json<MissingReport>();
    expect([answeredOne.targetAmmount, answeredOne.answered, answeredOne.missing, names(answeredOne)]).toEqual([1, 1, 0, []]);
    // An empty value is no filter.
    expect((await missing(ids.servicesA, { ...scope, plan: '', grupo: '' })).json<MissingReport>().missing).toBe(8);
  });

  it('pages the list with page sent as page+1, and keeps the total', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusA, perPage: 3 };
    const pages = await Promise.all([1, 2, 3, 4].map(async (page) => (await missing(ids.servicesA, { ...scope, page })).json<MissingReport>()));
    expect(pages.map(names)).toEqual([pcs('c1', 'c2', 'c3'), pcs('a2', 'a4', 'a5'), pcs('b1', 'b3'), []]);
    expect(pages.map((p) => p.missingList!.total)).toEqual([8, 8, 8, 8]);
  });

  it('counts, never names, who answered while off the expected list: left the directory or moved campus', async () => {
    const a = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA })).json<MissingReport>();
    expect(a.notListed).toBe(2);
    expect(JSON.stringify(a)).not.toContain(pc.left);
    expect(JSON.stringify(a)).not.toContain(pc.moved);
    // The filter narrows the list, not the not-listed count.
    expect((await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ADM' })).json<MissingReport>().notListed).toBe(2);
    // Over both campuses, the one who moved is expected at B and counted as answered there.
    const both = (await missing(ids.servicesA, { periodoId: ids.periodo, perPage: 100 })).json<MissingReport>();
    expect([both.targetAmmount, both.answered, both.notListed]).toEqual([13, 4, 1]);
    expect(names(both)).toContain(pc.d1);
  });

  it('expects only the target list for new intake, and counts a completion off the list as not listed', async () => {
    const report = (await missing(ids.newIntake, { periodoId: ids.periodo, campusId: ids.campusA })).json<MissingReport>();
    expect([report.targetAmmount, report.answered, report.notListed]).toEqual([3, 1, 1]);
    expect(names(report)).toEqual(pcs('a2', 'b1'));
  });

  it('gives the same base as the report overview’s response rate', async () => {
    const overview = await t.request({ method: 'GET', url: `${API}/reports/overview?${query({ cicleId: ids.servicesA, periodoId: ids.periodo, campusId: ids.campusA })}`, token: tokens.admin });
    const report = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA })).json<MissingReport>();
    expect(overview.json().totals).toMatchObject({ expected: report.targetAmmount, respondents: report.answered });
  });

  it('lists teachers and staff under /missing/academic, and refuses the other audience with 422', async () => {
    const academic = await missing(ids.environment, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.admin, 'academic');
    expect(academic.statusCode, academic.body).toBe(200);
    const report = academic.json<MissingReport>();
    expect([report.respondentType, report.targetAmmount, report.answered]).toEqual(['staff', 3, 1]);
    expect(report.missingList!.people.map((p) => p.puesto)).toEqual(['Contador', 'Bibliotecaria']);

    const wrong = await missing(ids.environment, { periodoId: ids.periodo, campusId: ids.campusA });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(MISSING_AUDIENCE_MISMATCH.students);
    expect((await missing(ids.servicesA, { periodoId: ids.periodo }, tokens.admin, 'academic')).json().error.message).toBe(MISSING_AUDIENCE_MISMATCH.academic);
  });

  it('refuses bad filters with Spanish 422s on the field', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ year: 'dos mil' }, 'year', FILTER_YEAR_MESSAGE],
      [{ year: 1800 }, 'year', FILTER_YEAR_MESSAGE],
      [{ periodo: '26A' }, 'periodo', PERIOD_NAME_MESSAGE],
      [{ pc_id: '12345' }, 'pc_id', FILTER_PC_ID_MESSAGE],
      [{ plan: 'x'.repeat(21) }, 'plan', 'El plan: máximo 20 caracteres'],
      [{ perPage: 1000 }, 'perPage', 'Máximo 100 registros por página'],
    ];
    for (const [params, field, message] of cases) {
      const response = await missing(ids.servicesA, { periodoId: ids.periodo, ...params });
      expect(response.statusCode, JSON.stringify(params)).toBe(422);
      expect(response.json().error.fields[field]).toContain(message);
    }
    expect((await missing(ids.servicesA, {})).statusCode).toBe(422);
  });
});

describe(`the filter's pickers (${driverName})`, () => {
  const values = (query: object, token = tokens.admin) =>
    t.request({ method: 'GET', url: `${API}/ciclo/${ids.servicesA}/missing/students/values?${new URLSearchParams(query as Record<string, string>)}`, token });

  it('offers the plans, groups and sessions of the scope campuses’ active students and the granted campuses with the application', async () => {
    const atA = await values({ periodoId: ids.periodo, campusId: ids.campusA });
    expect(atA.statusCode, atA.body).toBe(200);
    expect(atA.json<MissingFilterValues>()).toEqual({
      campuses: [
        { id: ids.campusA, nombre: 'Pendientes A' },
        { id: ids.campusB, nombre: 'Pendientes B' },
      ],
      plans: ['ADM', 'ING'],
      groups: ['1A', '1B', '2A'],
      sessions: ['M', 'V'],
    });
    // At B only ING 1A studies, in the morning; a campus-only user is offered their campus alone.
    const atB = (await values({ periodoId: ids.periodo, campusId: ids.campusB }, tokens.campusOnly)).json<MissingFilterValues>();
    expect(atB).toEqual({ campuses: [{ id: ids.campusB, nombre: 'Pendientes B' }], plans: ['ING'], groups: ['1A'], sessions: ['M'] });
  });

  it('answers 403 for a campus not granted, and 422 in Spanish for a bad scope', async () => {
    const other = await values({ periodoId: ids.periodo, campusId: ids.campusA }, tokens.campusOnly);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    expect((await values({ periodoId: ids.periodo, campusId: ids.campusA }, tokens.noPermission)).statusCode).toBe(403);
    const bad = await values({ periodoId: 'dos', campusId: ids.campusA });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('Revisa los datos marcados.');
    expect(bad.json().error.fields.periodoId).toHaveLength(1);
    // The academic audience has no student filter to pick from.
    const academic = await t.request({
      method: 'GET',
      url: `${API}/ciclo/${ids.environment}/missing/students/values?periodoId=${ids.periodo}&campusId=${ids.campusA}`,
      token: tokens.admin,
    });
    expect(academic.statusCode).toBe(422);
  });
});

describe(`who may see missing people (${driverName})`, () => {
  it('answers 401 without a token and 403 without a report permission', async () => {
    expect((await t.request({ method: 'GET', url: `${API}/ciclo/${ids.servicesA}/missing/students?periodoId=${ids.periodo}` })).statusCode).toBe(401);
    const denied = await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.noPermission);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain(PERMISSIONS.viewCampusReports);
  });

  it('refuses another campus with 403, and the report by cycle to a campus-only user', async () => {
    const other = await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.campusOnly);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(CAMPUS_NOT_GRANTED);
    expect((await missing(ids.servicesA, { periodoId: ids.periodo }, tokens.campusOnly)).statusCode).toBe(403);
    // At B alone, the one who moved there answered A's application, not B's: both are missing at B.
    const own = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusB }, tokens.campusOnly)).json<MissingReport>();
    expect(names(own)).toEqual(pcs('d1', 'moved'));
  });

  it('shows the figures but no names without “Ver Pendientes por Responder”', async () => {
    const report = (await missing(ids.servicesA, { periodoId: ids.periodo, campusId: ids.campusA }, tokens.noList)).json<MissingReport>();
    expect([report.targetAmmount, report.missing, report.missingList]).toEqual([11, 8, null]);
    expect(report.missingListMessage).toBe(MISSING_LIST_NOT_PERMITTED);
  });

  it('names people only to those who may, when both ask for the same list at once', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusA };
    const asked = await Promise.all([tokens.noList, tokens.admin, tokens.noList, tokens.admin].map((token) => missing(ids.servicesA, scope, token)));
    const reports = asked.map((response) => response.json<MissingReport>());
    expect(reports.map((report) => report.missingList === null)).toEqual([true, false, true, false]);
    expect(reports.map((report) => report.missing)).toEqual([8, 8, 8, 8]);
    expect(reports[1]!.missingList!.people.length).toBeGreaterThan(0);
  });
});

describe(`reminders (${driverName})`, () => {
  const remindersUrl = (cycleId = ids.servicesA) => `${API}/ciclo/${cycleId}/missing/students/reminders`;
  const send = (payload: object, token = tokens.admin) => t.request({ method: 'POST', url: remindersUrl(), payload, token });
  const template = { subject: 'Te falta la {encuesta}', text: 'Hola {nombre}, responde en {enlace}. {institucion}' };

  function finished(jobId: string): Promise<ReminderJob> {
    return waitUntil(`reminder job ${jobId} to finish`, async () => {
      const job = (await t.request({ method: 'GET', url: `${API}/reminders/${jobId}`, token: tokens.admin })).json<{ job: ReminderJob }>().job;
      return job.status !== 'running' && job;
    });
  }
  const mailsTo = (key: string) => smtp.messages.filter((m) => m.to.includes(`${key}@alumnos.prueba.mx`));

  it('mails only the missing people of the filter, once, with the survey’s title and a personal sign-in link, and audits who sent what to how many', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING', grupo: '1A' };
    const before = await t.request({ method: 'GET', url: `${remindersUrl()}/recipients?${query(scope)}`, token: tokens.admin });
    expect(before.json<ReminderRecipients>()).toEqual({ recipients: 3, alreadyReminded: 0, withoutEmail: 0 });

    const started = await send({ ...scope, ...template });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json<{ job: ReminderJob }>().job.id);
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, sent: 3, alreadyReminded: 0, failed: 0 });

    for (const key of ['a2', 'a4', 'a5']) expect(mailsTo(key)).toHaveLength(1);
    for (const key of ['a1', 'a3', 'b1', 'c1', 'left', 'moved']) expect(mailsTo(key)).toHaveLength(0);
    const mail = mailsTo('a2')[0]!;
    // The title students see, not the cycle's internal name.
    expect(mail.subject).toBe('Te falta la Encuesta de satisfacción con los servicios');
    expect(mail.text).toMatch(/^Hola Alumno a2 Prueba, responde en http:\/\/127\.0\.0\.1:8080\/encuestas\/login\/enlace#[A-Za-z0-9_-]{43}\. Universidad de Prueba\n?$/);

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'send-reminders'), eq(auditLog.entityId, job.id)));
    expect(entry!.actorUserId).toBe(adminId);
    expect(entry!.details).toMatchObject({ recipients: 3, subject: template.subject, text: template.text, cycle: 'Encuesta de Servicios A', periodo: '2026A' });
  });

  it('sends nobody a second reminder the same day, even with two sendings at once, and leaves out who answered meanwhile', async () => {
    // c3 answers before the wider sending.
    await complete('student', studentId.c3!, ids.activeA, ids.servicesA);
    const scope = { periodoId: ids.periodo, campusId: ids.campusA };
    expect((await t.request({ method: 'GET', url: `${remindersUrl()}/recipients?${query(scope)}`, token: tokens.admin })).json<ReminderRecipients>()).toEqual({
      recipients: 3,
      alreadyReminded: 3,
      withoutEmail: 1,
    });
    const [first, second] = await Promise.all([send({ ...scope, ...template }), send({ ...scope, ...template })]);
    const jobs = [first, second].filter((r) => r.statusCode === 202).map((r) => r.json<{ job: ReminderJob }>().job.id);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    const done = await Promise.all(jobs.map(finished));
    expect(done.reduce((sum, job) => sum + job.sent, 0)).toBe(3);

    for (const key of ['a2', 'a4', 'a5', 'b1', 'b3', 'c1']) expect(mailsTo(key), key).toHaveLength(1);
    for (const key of ['a1', 'a3', 'b2', 'c3', 'left', 'moved']) expect(mailsTo(key), key).toHaveLength(0);

    const again = await send({ ...scope, ...template });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NO_REMINDER_RECIPIENTS);
  });

  it('keeps no one’s id in the once-a-day table, and forgets it the next day', async () => {
    const rows = await t.db.select().from(reminderSends);
    expect(rows.length).toBe(6);
    for (const row of rows) expect(Object.values(studentId).map(String)).not.toContain(row.keyHash);
    expect(await pruneReminderSends(t.db, new Date(Date.now() + 36 * 3600_000))).toBe(6);
  });

  it('needs “Enviar Recordatorios”, the campus grant, a known job of one’s own, and a valid text', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusA };
    const denied = await send({ ...scope, ...template }, tokens.noReminders);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toContain(PERMISSIONS.sendReminders);
    expect((await send({ periodoId: ids.periodo, campusId: ids.campusA, ...template }, tokens.campusOnly)).statusCode).toBe(403);
    const otherCampus = await t.request({
      method: 'GET',
      url: `${remindersUrl()}/recipients?${query({ periodoId: ids.periodo, campusId: ids.campusB })}`,
      token: tokens.noReminders,
    });
    expect(otherCampus.statusCode).toBe(403);

    const badSubject = await send({ ...scope, subject: 'Línea\nBcc: todos@prueba.mx', text: 'Hola' });
    expect(badSubject.statusCode).toBe(422);
    expect(Object.keys(badSubject.json().error.fields)).toEqual(['subject']);
    expect((await send({ ...scope, subject: 'Hola', text: '' })).statusCode).toBe(422);

    const stranger = await t.request({ method: 'GET', url: `${API}/reminders/${randomUUID()}`, token: tokens.noList });
    expect(stranger.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `${API}/reminders/no-es-uuid`, token: tokens.admin })).statusCode).toBe(422);
  });

  it('refuses a text that links outside the platform with 422 on its field, and sends the platform’s own links', async () => {
    const scope = { periodoId: ids.periodo, campusId: ids.campusB };
    const jobsBefore = (await t.db.select().from(reminderJobs)).length;
    const mailsBefore = smtp.messages.length;
    const outside = [
      { subject: 'Recordatorio', text: 'Responde aquí: https://encuestas-prueba.example/login', link: 'https://encuestas-prueba.example/login' },
      { subject: 'Recordatorio', text: 'Entra a www.premio-alumnos.mx y reclama tu beca', link: 'www.premio-alumnos.mx' },
      { subject: 'Recordatorio', text: 'Escribe tu código a ayuda@soporte-uni.com', link: 'ayuda@soporte-uni.com' },
      { subject: 'Recordatorio', text: '{enlace}\nO mejor: beca.online', link: 'beca.online' },
    ];
    for (const { subject, text, link } of outside) {
      const refused = await send({ ...scope, subject, text });
      expect(refused.statusCode, text).toBe(422);
      expect(Object.keys(refused.json().error.fields)).toEqual(['text']);
      expect(refused.json().error.fields.text[0]).toBe(
        `Solo puede haber enlaces a la plataforma (http://127.0.0.1:8080). Quita «${link}»: los programas de correo convierten en enlace cualquier dirección web, dominio o correo electrónico.`,
      );
    }
    const inSubject = await send({ ...scope, subject: 'Visita evil.com', text: DEFAULT_REMINDERS.students.text });
    expect(inSubject.statusCode).toBe(422);
    expect(Object.keys(inSubject.json().error.fields)).toEqual(['subject']);
    // Nothing started, nothing sent, nothing audited.
    expect(await t.db.select().from(reminderJobs)).toHaveLength(jobsBefore);
    expect(smtp.messages).toHaveLength(mailsBefore);

    const own = `${DEFAULT_REMINDERS.students.text}\n\nBuzón de sugerencias: http://127.0.0.1:8080/encuestas/buzon`;
    const started = await send({ ...scope, pc_id: pc.d1, subject: DEFAULT_REMINDERS.students.subject, text: own });
    expect(started.statusCode, started.body).toBe(202);
    expect(await finished(started.json<{ job: ReminderJob }>().job.id)).toMatchObject({ status: 'done', sent: 1 });
    const [mail] = mailsTo('d1');
    expect(mail!.text).toContain('http://127.0.0.1:8080/encuestas/login/enlace#');
    expect(mail!.text).toContain('Buzón de sugerencias: http://127.0.0.1:8080/encuestas/buzon');
  });

  it('resumes a sending cut short by a dead process from its last saved batch in another process, mailing nobody twice', async () => {
    // Today's claims were pruned as if a day had passed ('forgets it the next day'): b1 and b3 can be reminded again.
    const scope = { periodoId: ids.periodo, campusId: ids.campusA, plan: 'ING', grupo: '1B' };
    const started = await send({ ...scope, ...template });
    expect(started.statusCode, started.body).toBe(202);
    const done = await finished(started.json<{ job: ReminderJob }>().job.id);
    expect(done).toMatchObject({ status: 'done', sent: 2, alreadyReminded: 0 });
    const mailed = (key: string) => mailsTo(key).length;
    const before = { b1: mailed('b1'), b3: mailed('b3') };

    // As if its process had died after mailing b1 only: b3's claim never made, the job still running, no heartbeat for long.
    const day = mexicoCityDay();
    const b3Claim = reminderKeyHash(TEST_JWT_SECRET, { cycleId: ids.servicesA, periodoId: ids.periodo, respondentType: 'student', respondentId: studentId.b3!, day });
    expect((await t.db.delete(reminderSends).where(eq(reminderSends.keyHash, b3Claim)).returning()).length).toBe(1);
    await t.db
      .update(reminderJobs)
      .set({ status: 'running', processed: 0, sent: 0, afterId: 0, finishedAt: null, heartbeatAt: new Date(Date.now() - REMINDER_STALE_MS - 60_000) })
      .where(eq(reminderJobs.id, done.id));
    const cutShort = (await t.request({ method: 'GET', url: `${API}/reminders/${done.id}`, token: tokens.admin })).json<{ job: ReminderJob }>().job;
    expect(cutShort.status).toBe('interrupted');

    // Another process: its own runner on the same database takes the job over, once.
    const log = t.app.log;
    const other = new ReminderRunner({
      db: t.db,
      mailer: createMailer({ smtpUrl: smtp.url, from: t.config.MAIL_FROM, db: t.db, log, logContents: false }),
      secret: TEST_JWT_SECRET,
      publicUrl: t.config.PUBLIC_URL,
      institutionName: 'Universidad de Prueba',
      log,
    });
    try {
      expect(await Promise.all([other.resumeInterrupted(), other.resumeInterrupted()])).toEqual(expect.arrayContaining([done.id, null]));
      expect(await finished(done.id)).toMatchObject({ status: 'done', processed: done.processed, sent: 1, alreadyReminded: 1 });
    } finally {
      await other.stop();
    }
    expect({ b1: mailed('b1'), b3: mailed('b3') }).toEqual({ b1: before.b1, b3: before.b3 + 1 });
    // Done, the job keeps no cursor: it would name the last missing person read.
    const [row] = await t.db.select({ afterId: reminderJobs.afterId }).from(reminderJobs).where(eq(reminderJobs.id, done.id));
    expect(row!.afterId).toBe(0);
  });
});
