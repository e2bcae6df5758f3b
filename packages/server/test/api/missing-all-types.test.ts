/**
 * The missing list over every survey type of an application at once (issue
 * 20): a student who owes two types is listed once with both (what is left
 * of the per-class one too), the counts are of people, a user sees only the
 * types granted to them and names only with 'Ver Pendientes por Responder',
 * and one reminder per person names every type owed, once a day.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALL_TYPES_REMINDERS,
  DEFAULT_REMINDERS,
  MISSING_LIST_NOT_PERMITTED,
  NO_OPEN_SURVEY_TYPES,
  NO_REMINDER_RECIPIENTS,
  type PeriodMissingReport,
  type PeriodMissingValues,
  type ReminderJob,
  type ReminderRecipients,
} from '@encuestas/core/api/missing';
import { addDays, displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { PERMISSIONS, type PermissionName } from '@encuestas/core/permissions';
import { INVALID_ID_MESSAGE as ID_MESSAGE } from '@encuestas/core/validation';
import { eq } from 'drizzle-orm';
import { auditLog, completions, userCampusGrants, userCycleGrants } from '../../src/db/schema';
import { createAdminUser } from '../../src/features/users/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod, createStaff, createStudent, createTeacher, type Person, type Student } from '../helpers/factories';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { waitUntil } from '../helpers/timeouts';

const EVALUATION = 'alumnos/evaluacionDocente';
const SERVICES = 'alumnos/serviciosA';
const COMMUNICATION = 'docentes/comunicacion';
const STAFF_COMMUNICATION = 'administrativos/comunicacion';
const PASSWORD = 'Todas-Prueba-2026!';

let t: TestApp;
let smtp: SmtpCatcher;
let admin = '';
const ids = { campusId: 0, otherCampus: 0, periodoId: 0, activeId: 0, evaluation: 0, services: 0 };
/** The evaluation closes before the services survey: the reminder names the earlier day. */
const EVALUATION_END = addDays(mexicoCityDay(), 3);
const SERVICES_END = addDays(mexicoCityDay(), 5);
/** Evaluated 1 of 4 classes, no services survey: owes both. */
let both: Student;
/** Evaluated both classes, no services survey: owes the services survey only. */
let servicesOnly: Student;
/** Done with both. */
let done: Student;
let staffMember: Person;
let teacherMember: Person;

const complete = (respondentId: number, activeId: number, cycleId: number, subjectKey = '') =>
  t.db.insert(completions).values({ respondentType: 'student', respondentId, activeId, cycleId, subjectKey, idempotencyKey: randomUUID() });

async function user(permissionNames: PermissionName[], cycleIds: number[]): Promise<string> {
  const email = `todas${randomUUID().slice(0, 8)}@prueba.mx`;
  const row = await createAdminUser(t.db, { email, password: PASSWORD, name: 'Prueba', permissionNames });
  await t.db.insert(userCampusGrants).values({ userId: row.id, campusId: ids.campusId });
  if (cycleIds.length) await t.db.insert(userCycleGrants).values(cycleIds.map((cycleId) => ({ userId: row.id, cycleId })));
  return t.login(email, PASSWORD);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, INSTITUTION_NAME: 'Universidad de Prueba' } });
  ids.campusId = await createCampus(t.db, 'Campus Todas');
  ids.otherCampus = await createCampus(t.db, 'Campus Sin Aplicación');
  ids.periodoId = await createPeriod(t.db);
  // Two applications of the campus and period, one window each: the evaluation's, and the services survey's with the teachers'.
  const evaluation = await createApplication(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, kinds: [EVALUATION], endActive: EVALUATION_END });
  const services = await createApplication(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, kinds: [SERVICES, COMMUNICATION, STAFF_COMMUNICATION], endActive: SERVICES_END });
  ids.activeId = evaluation.activeId;
  ids.evaluation = evaluation.cycleIds[EVALUATION]!;
  ids.services = services.cycleIds[SERVICES]!;
  const teacher = await createTeacher(t.db, { campusId: ids.campusId });
  const taught = (n: number) => Array.from({ length: n }, () => ({ teacherId: teacher.id }));
  both = await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, classes: taught(4) });
  servicesOnly = await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, classes: taught(2) });
  done = await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, classes: taught(1) });
  await complete(both.id, evaluation.activeId, ids.evaluation, String(both.classIds[0]));
  for (const classId of servicesOnly.classIds) await complete(servicesOnly.id, evaluation.activeId, ids.evaluation, String(classId));
  await complete(done.id, evaluation.activeId, ids.evaluation, String(done.classIds[0]));
  await complete(done.id, services.activeId, ids.services);
  // Staff answer neither student type: not on the students' list, but on the academic one with the teacher.
  staffMember = await createStaff(t.db, { campusId: ids.campusId });
  teacherMember = teacher;
  admin = (await createAdmin(t)).token;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const scope = () => `campusId=${ids.campusId}`;
const url = (audience = 'students', periodoId: number | string = ids.periodoId) => `${API}/periodos/${periodoId}/missing/${audience}`;
const list = async (token = admin, query = scope()) => {
  const response = await t.request({ method: 'GET', url: `${url()}?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PeriodMissingReport>();
};

const waitForJob = (id: string) =>
  waitUntil('the reminder job to finish', async () => {
    const now = (await t.request({ method: 'GET', url: `${API}/reminders/${id}`, token: admin })).json<{ job: ReminderJob }>().job;
    return now.status !== 'running' && now;
  });

describe(`every survey type of an application at once (${driverName})`, () => {
  it('lists a student who owes two types once, with both and the classes left; counts people', async () => {
    const report = await list();
    // In the product's order of kinds (the services survey first), each with its own figures and last day.
    expect(report.types.map((type) => [type.cycle.id, type.title, type.expected, type.answered, type.deadline])).toEqual([
      [ids.services, 'Encuesta de satisfacción con los servicios', 3, 1, SERVICES_END],
      [ids.evaluation, 'Evaluación docente', 3, 2, EVALUATION_END],
    ]);
    expect(report).toMatchObject({ targetAmmount: 3, answered: 1, missing: 2, empty: false, missingListMessage: null });
    const people = report.missingList!.people;
    expect(people.map((person) => person.pcId).sort()).toEqual([both.pcId, servicesOnly.pcId].sort());
    const owed = (pcId: string) => people.find((person) => person.pcId === pcId)!.owed.map((o) => [o.title, o.subjects, o.deadline]);
    expect(owed(both.pcId)).toEqual([
      ['Encuesta de satisfacción con los servicios', null, SERVICES_END],
      ['Evaluación docente', { done: 1, total: 4 }, EVALUATION_END],
    ]);
    expect(owed(servicesOnly.pcId)).toEqual([['Encuesta de satisfacción con los servicios', null, SERVICES_END]]);
  });

  it('pages the people and narrows them with the directory filter', async () => {
    const first = await list(admin, `${scope()}&perPage=1&page=1`);
    const second = await list(admin, `${scope()}&perPage=1&page=2`);
    expect(first.missingList).toMatchObject({ total: 2, perPage: 1 });
    expect([first.missingList!.people[0]!.pcId, second.missingList!.people[0]!.pcId].sort()).toEqual([both.pcId, servicesOnly.pcId].sort());
    const one = await list(admin, `${scope()}&pc_id=${both.pcId}`);
    expect(one).toMatchObject({ targetAmmount: 1, missing: 1 });
  });

  it('offers the types and the pickers of the period', async () => {
    const response = await t.request({ method: 'GET', url: `${url()}/values?${scope()}`, token: admin });
    expect(response.statusCode, response.body).toBe(200);
    const values = response.json<PeriodMissingValues>();
    expect(values.types.map((type) => type.cycleId)).toEqual([ids.services, ids.evaluation]);
    expect(values.campuses.map((campus) => campus.id)).toContain(ids.campusId);
    expect(values.campuses.map((campus) => campus.id)).not.toContain(ids.otherCampus);
  });

  it('leaves out the types the user is not granted', async () => {
    const token = await user([PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents], [ids.services]);
    const report = await list(token);
    expect(report.types.map((type) => type.cycle.id)).toEqual([ids.services]);
    expect(report).toMatchObject({ targetAmmount: 3, answered: 1, missing: 2 });
    for (const person of report.missingList!.people) expect(person.owed.map((o) => o.cycleId)).toEqual([ids.services]);
  });

  it('names nobody without «Ver Pendientes por Responder», and says why', async () => {
    const token = await user([PERMISSIONS.viewCampusReports], [ids.evaluation, ids.services]);
    const report = await list(token);
    expect(report).toMatchObject({ missing: 2, missingList: null, missingListMessage: MISSING_LIST_NOT_PERMITTED });
  });

  it('lists teachers and staff together on the academic list, each with their own survey', async () => {
    const response = await t.request({ method: 'GET', url: `${url('academic')}?${scope()}`, token: admin });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<PeriodMissingReport>();
    expect(report.types.map((type) => type.respondentType).sort()).toEqual(['staff', 'teacher']);
    expect(report).toMatchObject({ targetAmmount: 2, answered: 0, missing: 2 });
    const people = report.missingList!.people.map((person) => [person.respondentType, person.id, person.owed.map((o) => o.title)]);
    expect(people).toHaveLength(2);
    expect(people).toContainEqual(['teacher', teacherMember.id, ['Encuesta de comunicación interna para docentes']]);
    expect(people).toContainEqual(['staff', staffMember.id, ['Encuesta de comunicación interna para personal administrativo']]);
  });

  it('answers an empty list when no type is open to the audience, and refuses a bad period in Spanish', async () => {
    const academic = await t.request({ method: 'GET', url: `${url('academic')}?campusId=${ids.otherCampus}`, token: admin });
    expect(academic.statusCode, academic.body).toBe(200);
    expect(academic.json<PeriodMissingReport>()).toMatchObject({ empty: true, emptyMessage: NO_OPEN_SURVEY_TYPES, targetAmmount: 0, types: [] });

    const missingPeriod = await t.request({ method: 'GET', url: `${url('students', 999_999)}?${scope()}`, token: admin });
    expect(missingPeriod.statusCode).toBe(404);
    expect(missingPeriod.json().error.message).toBe('No se encontró el periodo.');
    const badId = await t.request({ method: 'GET', url: `${url('students', 'abc')}?${scope()}`, token: admin });
    expect(badId.statusCode).toBe(422);
    expect(badId.body).toContain(ID_MESSAGE);
  });

  it('sends one reminder per person naming every type owed, with the earliest deadline and a personal link; a second click sends nothing', async () => {
    const recipients = (await t.request({ method: 'GET', url: `${url()}/reminders/recipients?${scope()}`, token: admin })).json<ReminderRecipients>();
    expect(recipients).toEqual({ recipients: 2, alreadyReminded: 0, withoutEmail: 0 });
    const body = { campusId: ids.campusId, ...DEFAULT_ALL_TYPES_REMINDERS.students };
    const started = await t.request({ method: 'POST', url: `${url()}/reminders`, token: admin, payload: body });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(started.json<{ job: ReminderJob }>().job.id);
    expect(job).toMatchObject({ status: 'done', sent: 2, failed: 0 });

    const mails = smtp.messages.filter((m) => m.subject.startsWith('Recordatorio'));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([both.email, servicesOnly.email].sort());
    const toBoth = mails.find((m) => m.to[0] === both.email)!;
    expect(toBoth.subject).toBe(`Recordatorio: tienes encuestas pendientes, la primera cierra el ${displayDay(EVALUATION_END)}`);
    expect(toBoth.text).toContain(
      [
        'Aún te falta responder:',
        `• «Encuesta de satisfacción con los servicios», hasta el ${displayDay(SERVICES_END)}.`,
        `• «Evaluación docente», hasta el ${displayDay(EVALUATION_END)}. Te faltan 3 materias por evaluar.`,
      ].join('\n'),
    );
    expect(toBoth.text).toMatch(/https?:\/\/\S+\/login\/enlace#[A-Za-z0-9_-]{43}/);
    expect(toBoth.text).not.toContain('{');
    const toOne = mails.find((m) => m.to[0] === servicesOnly.email)!;
    expect(toOne.text).not.toContain('Evaluación docente');

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, job.id));
    expect(entry).toMatchObject({ action: 'send-reminders' });
    expect(JSON.stringify(entry!.details)).toContain('Evaluación');

    // A second click: everyone was reminded today, nothing more goes.
    const again = await t.request({ method: 'POST', url: `${url()}/reminders`, token: admin, payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NO_REMINDER_RECIPIENTS);
    const after = (await t.request({ method: 'GET', url: `${url()}/reminders/recipients?${scope()}`, token: admin })).json<ReminderRecipients>();
    expect(after).toEqual({ recipients: 0, alreadyReminded: 2, withoutEmail: 0 });
    // Nor does a single type's reminder the same day: its people were named in the one they got.
    const single = await t.request({
      method: 'POST',
      url: `${API}/ciclo/${ids.services}/missing/students/reminders`,
      token: admin,
      payload: { periodoId: ids.periodoId, campusId: ids.campusId, ...DEFAULT_REMINDERS.students },
    });
    expect(single.statusCode).toBe(409);
    expect(smtp.messages.filter((m) => m.subject.startsWith('Recordatorio'))).toHaveLength(2);
  });

  it('refuses reminders without «Enviar Recordatorios»', async () => {
    const token = await user([PERMISSIONS.viewCampusReports, PERMISSIONS.viewMissingRespondents], [ids.evaluation, ids.services]);
    const response = await t.request({ method: 'POST', url: `${url()}/reminders`, token, payload: { campusId: ids.campusId, ...DEFAULT_ALL_TYPES_REMINDERS.students } });
    expect(response.statusCode).toBe(403);
  });

  it('reminds teachers, then staff, in one job: one mail each, in the voice of usted', async () => {
    const started = await t.request({ method: 'POST', url: `${url('academic')}/reminders`, token: admin, payload: { campusId: ids.campusId, ...DEFAULT_ALL_TYPES_REMINDERS.academic } });
    expect(started.statusCode, started.body).toBe(202);
    expect(await waitForJob(started.json<{ job: ReminderJob }>().job.id)).toMatchObject({ status: 'done', sent: 2, failed: 0 });
    const mailTo = (email: string) => smtp.messages.find((m) => m.to[0] === email)!;
    expect(mailTo(teacherMember.email).text).toContain(
      `Aún le falta responder:\n• «Encuesta de comunicación interna para docentes», hasta el ${displayDay(SERVICES_END)}.\n`,
    );
    expect(mailTo(staffMember.email).text).toContain('• «Encuesta de comunicación interna para personal administrativo»');
  });
});
