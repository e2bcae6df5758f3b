/**
 * A kind that asks for several questionnaires counts a person done only when
 * all of them are (issue 20): a student who evaluated 1 of her 4 classes is
 * still missing in the list, the campus's response rate, the reminders and
 * her own list, which all agree; the list says how many classes are left and
 * the evaluations owed and done. NOM-035 likewise: Guía I alone is not done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@encuestas/core/api/availability';
import { DEFAULT_REMINDERS, type MissingReport, type ReminderJob, type ReminderRecipients } from '@encuestas/core/api/missing';
import { addDays, displayDay, mexicoCityDay, mexicoCityDayStart } from '@encuestas/core/dates';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { classes, completions, enrolments, reminderSends, respondentLoginCodes, students } from '../../src/db/schema';
import { queryRows } from '../../src/db/client';
import {
  countsOfSegments,
  MISSING_SQL,
  missingCounts,
  missingCountsBy,
  missingOrder,
  missingPeopleByIds,
  missingPeoplePage,
  missingRespondentIds,
  slicesOfGroups,
  type MissingOrderRow,
  type MissingRespondentsParams,
} from '../../src/features/missing/queries';
import { LINK_EXPIRED_MESSAGE } from '../../src/features/respondents/login-codes';
import { REMINDER_LINK_MAX_DAYS, ReminderRunner } from '../../src/features/missing/reminders';
import { resolveMissing } from '../../src/features/missing/service';
import { createMailer } from '../../src/mail/mailer';
import { loadAdminPrincipal } from '../../src/features/users/service';
import { TEST_JWT_SECRET } from '../helpers/app';
import type { CampusReportSummary } from '@encuestas/core/api/reports';
import { fillAnswers, TEST_CATALOGS } from '@encuestas/core/survey-kinds/testing';
import { questionnaireFor } from '../../src/features/surveys/questionnaires';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createAdmin, createApplication, createCampus, createPeriod, createStaff, createStudent, createTeacher, submitResponse, type Person, type Student } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { waitUntil } from '../helpers/timeouts';

const EVALUATION = 'alumnos/evaluacionDocente';
const NOM035 = 'administrativos/norma';

let t: TestApp;
let smtp: SmtpCatcher;
let admin = '';
let adminId = 0;
const ids = { campusId: 0, periodoId: 0, activeId: 0, evaluation: 0, nom035: 0 };
/** The application's last day. */
const END_DAY = addDays(mexicoCityDay(), 3);
/** Evaluated 1 of her 4 classes. */
let partial: Student;
/** Evaluated both of his classes. */
let complete: Student;
/** Answered Guía I only; `bothGuides` answered Guía I and the campus's risk guide. */
let guideOnly: Person;
let bothGuides: Person;

async function evaluate(token: string, classId: number): Promise<void> {
  const questionnaire = questionnaireFor(EVALUATION, String(classId))!;
  await submitResponse(t, token, { activeId: ids.activeId, cicleId: ids.evaluation, subject: String(classId), answers: fillAnswers(questionnaire, TEST_CATALOGS) });
}

async function answerGuide(token: string, guide: 'I' | 'II' | 'III'): Promise<void> {
  const questionnaire = questionnaireFor(NOM035, guide)!;
  // Guía I all 'no': no referral, so nothing but the guide is written.
  const given = guide === 'I' ? Object.fromEntries(questionnaire.sections.flatMap((s) => s.items.map((item) => [item.id, 'no']))) : {};
  await submitResponse(t, token, { activeId: ids.activeId, cicleId: ids.nom035, subject: guide, answers: fillAnswers(questionnaire, TEST_CATALOGS, given) });
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  ids.campusId = await createCampus(t.db, 'Campus Por Materia');
  ids.periodoId = await createPeriod(t.db);
  const application = await createApplication(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, kinds: [EVALUATION, NOM035], endActive: END_DAY });
  ids.activeId = application.activeId;
  ids.evaluation = application.cycleIds[EVALUATION]!;
  ids.nom035 = application.cycleIds[NOM035]!;
  const teacher = await createTeacher(t.db, { campusId: ids.campusId });
  const taught = (n: number) => Array.from({ length: n }, () => ({ teacherId: teacher.id }));
  partial = await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, classes: taught(4) });
  complete = await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, classes: taught(2) });
  // No class in the period: nobody to evaluate, so not expected.
  await createStudent(t.db, { campusId: ids.campusId, periodoId: ids.periodoId });

  await evaluate(await respondentToken(t, partial.pcId, smtp), partial.classIds[0]!);
  const completeToken = await respondentToken(t, complete.pcId, smtp);
  for (const classId of complete.classIds) await evaluate(completeToken, classId);

  guideOnly = await createStaff(t.db, { campusId: ids.campusId });
  bothGuides = await createStaff(t.db, { campusId: ids.campusId });
  await answerGuide(await respondentToken(t, guideOnly.pcId, smtp), 'I');
  const bothToken = await respondentToken(t, bothGuides.pcId, smtp);
  await answerGuide(bothToken, 'I');
  const { encuestasAdministrators } = (await t.request({ method: 'GET', url: `${API}/respondents/availability`, token: bothToken })).json<Availability>();
  await answerGuide(bothToken, encuestasAdministrators.find((s) => s.kind === NOM035)!.subject as 'II' | 'III');

  const created = await createAdmin(t);
  admin = created.token;
  adminId = created.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const scope = () => `periodoId=${ids.periodoId}&campusId=${ids.campusId}`;
const missing = async (cycleId: number, audience: 'students' | 'academic') => {
  const response = await t.request({ method: 'GET', url: `${API}/ciclo/${cycleId}/missing/${audience}?${scope()}`, token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MissingReport>();
};

describe(`per-class counts in one pass agree with the done rule person by person (${driverName})`, () => {
  it('counts classes evaluated under either application once, leaves out a dropped class and a class of another period', async () => {
    const campusId = await createCampus(t.db, 'Campus Conteo Por Materia');
    const otherPeriodo = await createPeriod(t.db, { nombre: `Otro ${randomUUID().slice(0, 8)}`, fechaInicio: '2020-01-10', fechaFin: '2020-06-30' });
    const first = await createApplication(t.db, { campusId, periodoId: ids.periodoId, kinds: [EVALUATION] });
    const second = await createApplication(t.db, { campusId, periodoId: ids.periodoId, kinds: [EVALUATION] });
    const cycleId = first.cycleIds[EVALUATION]!;
    const teacher = await createTeacher(t.db, { campusId });
    const student = (n: number) => createStudent(t.db, { campusId, periodoId: ids.periodoId, classes: Array.from({ length: n }, () => ({ teacherId: teacher.id })) });
    const completed = (studentId: number, activeId: number, classId: number) =>
      t.db.insert(completions).values({ respondentType: 'student', respondentId: studentId, activeId, cycleId, subjectKey: String(classId), idempotencyKey: randomUUID() });

    const allUnderFirst = await student(3);
    for (const classId of allUnderFirst.classIds) await completed(allUnderFirst.id, first.activeId, classId);
    const acrossBoth = await student(3);
    await completed(acrossBoth.id, first.activeId, acrossBoth.classIds[0]!);
    await completed(acrossBoth.id, first.activeId, acrossBoth.classIds[1]!);
    await completed(acrossBoth.id, second.activeId, acrossBoth.classIds[2]!);
    const oneTwice = await student(3);
    await completed(oneTwice.id, first.activeId, oneTwice.classIds[0]!);
    await completed(oneTwice.id, second.activeId, oneTwice.classIds[0]!);
    // Evaluated every class, then dropped one: done with the two left, and the dropped one counts nowhere.
    const dropped = await student(3);
    for (const classId of dropped.classIds) await completed(dropped.id, first.activeId, classId);
    await t.db.delete(enrolments).where(and(eq(enrolments.studentId, dropped.id), eq(enrolments.classId, dropped.classIds[2]!)));
    // A class of another period, evaluated: not one of this period's classes.
    const otherPeriod = await student(2);
    const [elsewhere] = await t.db
      .insert(classes)
      .values({ code: `OTRO-${randomUUID().slice(0, 8)}`, name: 'Materia de otro periodo', campusId, periodoId: otherPeriodo, teacherId: teacher.id, plan: 'LADE', grupo: '3A' })
      .returning({ id: classes.id });
    await t.db.insert(enrolments).values({ classId: elsewhere!.id, studentId: otherPeriod.id });
    await completed(otherPeriod.id, first.activeId, elsewhere!.id);
    await student(0); // no class in the period: not expected

    const params = (activeIds: number[]) => ({
      activeIds,
      cycleId,
      campusIds: [campusId],
      respondentType: 'student' as const,
      done: { subjects: 'perClass' as const, periodoId: ids.periodoId },
    });
    const both = await missingCounts(t.db, params([first.activeId, second.activeId]));
    expect(both).toEqual({ expected: 5, answered: 3, evaluations: { expected: 13, done: 9 } });
    const firstOnly = await missingCounts(t.db, params([first.activeId]));
    expect(firstOnly).toEqual({ expected: 5, answered: 2, evaluations: { expected: 13, done: 8 } });
    // Counted a range of ids at a time (as the embedded database does), the same figures.
    for (const most of [1, 2, 3]) {
      expect(await missingCounts(t.db, params([first.activeId, second.activeId]), most)).toEqual(both);
      expect(await missingCounts(t.db, params([first.activeId]), most)).toEqual(firstOnly);
    }
    // By campus and by group (the missing page's breakdown), the same people.
    const segment = { campusId, expected: 5, answered: 3, evaluations: { expected: 13, done: 9 } };
    expect(await missingCountsBy(t.db, params([first.activeId, second.activeId]), 'campus')).toEqual([{ ...segment, plan: null, grupo: null }]);
    const byGroup = await missingCountsBy(t.db, params([first.activeId, second.activeId]), 'group');
    expect(byGroup).toEqual([{ ...segment, plan: 'LADE', grupo: '3A' }]);
    // The missing page's totals are its breakdown's sums.
    expect(countsOfSegments(byGroup, params([first.activeId, second.activeId]))).toEqual(both);
    // The lists apply the rule person by person: the counts leave exactly them out.
    expect(await missingRespondentIds(t.db, params([first.activeId, second.activeId]))).toEqual([oneTwice.id, otherPeriod.id]);
    expect(await missingRespondentIds(t.db, params([first.activeId]))).toEqual([acrossBoth.id, oneTwice.id, otherPeriod.id]);
    // The list's pages (read in the counts' one pass) name the same people, with what each has left.
    const page = async (activeIds: number[]) =>
      (await missingPeoplePage(t.db, { ...params(activeIds), offset: 0, limit: 10 })).map((row) => [row.id, row.subjects_done, row.subjects_total]).sort();
    expect(await page([first.activeId, second.activeId])).toEqual([[oneTwice.id, 1, 3], [otherPeriod.id, 0, 2]].sort());
    expect(await page([first.activeId])).toEqual([[acrossBoth.id, 2, 3], [oneTwice.id, 1, 3], [otherPeriod.id, 0, 2]].sort());
    // A file reads the list once (ids in order, with what is left), then the names by id: the same rows in the same order.
    for (const activeIds of [[first.activeId], [first.activeId, second.activeId]]) {
      const order = await missingOrder(t.db, params(activeIds));
      const rows = await missingPeoplePage(t.db, { ...params(activeIds), offset: 0, limit: 10 });
      expect(await missingPeopleByIds(t.db, params(activeIds), order)).toEqual(rows);
      expect(await missingPeopleByIds(t.db, params(activeIds), order.slice(1))).toEqual(rows.slice(1));
    }

    // Identical counts asked at once share one read; one asked after a change reads again and sees it.
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => missingCounts(t.db, params([first.activeId]))));
    for (const counts of atOnce) expect(counts).toEqual(firstOnly);
    const pagesAtOnce = await Promise.all(Array.from({ length: 5 }, () => page([first.activeId])));
    for (const rows of pagesAtOnce) expect(rows).toEqual([[acrossBoth.id, 2, 3], [oneTwice.id, 1, 3], [otherPeriod.id, 0, 2]].sort());
    await completed(acrossBoth.id, first.activeId, acrossBoth.classIds[2]!);
    expect(await missingCounts(t.db, params([first.activeId]))).toEqual({ expected: 5, answered: 3, evaluations: { expected: 13, done: 9 } });
    expect(await page([first.activeId])).toEqual([[oneTwice.id, 1, 3], [otherPeriod.id, 0, 2]].sort());
  });
});

describe(`a file reads the students' list a slice of whole groups at a time (${driverName})`, () => {
  it('cuts the groups, in order, into ranges of at most so many students (a bigger group alone), open at both ends', () => {
    const ranges = (most: number, expected: number[]) =>
      slicesOfGroups(
        expected.map((n, i) => ({ plan: 'LADE', grupo: `G${i}`, expected: n })),
        most,
      ).map(({ from, until }) => [from?.grupo ?? null, until?.grupo ?? null]);
    expect(ranges(5, [3, 2, 4, 1, 6, 1])).toEqual([
      [null, 'G2'],
      ['G2', 'G4'],
      ['G4', 'G5'],
      ['G5', null],
    ]);
    expect(ranges(1000, [3, 2])).toEqual([[null, null]]);
    expect(ranges(5, [])).toEqual([]);
  });

  it('lists the same people in the same order as one read of the whole list, whatever the slices', async () => {
    const campusId = await createCampus(t.db, 'Campus Por Grupos');
    const services = 'alumnos/serviciosA';
    const application = await createApplication(t.db, { campusId, periodoId: ids.periodoId, kinds: [EVALUATION, services] });
    const teacher = await createTeacher(t.db, { campusId });
    const made: Student[] = [];
    // Groups created out of the list's order; every third student has no class (not expected for evaluation).
    for (const [plan, grupo, n] of [['LADE', '3A', 3], ['ING', '1A', 1], ['LADE', '1B', 2], ['ING', '2C', 4], ['ARQ', '3A', 2]] as const) {
      for (let i = 0; i < n; i++) {
        const taught = made.length % 3 === 2 ? [] : [{ teacherId: teacher.id }, { teacherId: teacher.id }];
        made.push(await createStudent(t.db, { campusId, periodoId: ids.periodoId, plan, grupo, classes: taught }));
      }
    }
    // Surnames out of the ids' order, so each group's own order shows.
    for (const [i, student] of made.entries()) {
      await t.db.update(students).set({ lastName: ['Zamora', 'Álvarez', 'Núñez', 'Ortiz', 'Benítez'][i % 5]! }).where(eq(students.id, student.id));
    }
    const completed = (student: Student, cycle: string, subjectKey: string) =>
      t.db.insert(completions).values({
        respondentType: 'student',
        respondentId: student.id,
        activeId: application.activeId,
        cycleId: application.cycleIds[cycle]!,
        subjectKey,
        idempotencyKey: randomUUID(),
      });
    // Done with every class; one of two classes; and two who answered the services survey.
    for (const classId of made[0]!.classIds) await completed(made[0]!, EVALUATION, String(classId));
    await completed(made[3]!, EVALUATION, String(made[3]!.classIds[0]));
    await completed(made[4]!, services, '');
    await completed(made[9]!, services, '');

    const base = { activeIds: [application.activeId], campusIds: [campusId], respondentType: 'student' as const };
    const perClass: MissingRespondentsParams = { ...base, cycleId: application.cycleIds[EVALUATION]!, done: { subjects: 'perClass', periodoId: ids.periodoId } };
    const oneEach: MissingRespondentsParams = { ...base, cycleId: application.cycleIds[services]!, done: { subjects: 'one' } };
    const expectedIds = {
      perClass: made.filter((student, i) => student.classIds.length > 0 && i !== 0).map((student) => student.id),
      oneEach: made.filter((_, i) => i !== 4 && i !== 9).map((student) => student.id),
    };
    // The counts, in one read or a range of ids at a time.
    for (const most of [1, 5, 1000]) {
      expect(await missingCounts(t.db, perClass, most)).toEqual({ expected: 8, answered: 1, evaluations: { expected: 16, done: 3 } });
      expect(await missingCounts(t.db, oneEach, most)).toEqual({ expected: 12, answered: 2, evaluations: null });
    }
    // The breakdowns by group and by campus: ranges of ids cut across groups, each group's parts summed, in the one read's order.
    for (const params of [perClass, oneEach]) {
      for (const segment of ['group', 'campus'] as const) {
        const whole = await missingCountsBy(t.db, params, segment, undefined);
        expect(whole.length).toBe(segment === 'group' ? 5 : 1);
        expect(countsOfSegments(whole, params)).toEqual(await missingCounts(t.db, params, undefined));
        for (const most of [1, 2, 3, 5, 1000]) expect(await missingCountsBy(t.db, params, segment, most), `${segment}, ranges of ${most}`).toEqual(whole);
      }
    }
    expect((await missingCountsBy(t.db, perClass, 'group', 2)).map((row) => [row.plan, row.grupo, row.expected, row.answered, row.evaluations])).toEqual([
      ['ARQ', '3A', 1, 0, { expected: 2, done: 0 }],
      ['ING', '1A', 1, 0, { expected: 2, done: 1 }],
      ['ING', '2C', 3, 0, { expected: 6, done: 0 }],
      ['LADE', '1B', 1, 0, { expected: 2, done: 0 }],
      ['LADE', '3A', 2, 1, { expected: 4, done: 2 }],
    ]);
    for (const [name, params] of [['perClass', perClass], ['oneEach', oneEach]] as const) {
      const whole = await queryRows<MissingOrderRow>(t.db, MISSING_SQL.missingOrder(params));
      expect(whole.map((row) => row.id).sort()).toEqual(expectedIds[name].sort());
      const plans = await t.db.select({ id: students.id, plan: students.plan }).from(students).where(eq(students.campusId, campusId));
      const planOf = new Map(plans.map((row) => [row.id, row.plan]));
      expect(planOf.get(whole[0]!.id)).toBe('ARQ');
      for (const most of [1, 2, 3, 5, 1000]) expect(await missingOrder(t.db, params, most), `${name}, slices of ${most}`).toEqual(whole);
      // With the directory filter of the screen: that plan's groups alone.
      const lade = { ...params, filter: { plan: 'LADE' } };
      const ladeWhole = await queryRows<MissingOrderRow>(t.db, MISSING_SQL.missingOrder(lade));
      expect(ladeWhole.length).toBeGreaterThan(0);
      expect(ladeWhole.every((row) => planOf.get(row.id) === 'LADE')).toBe(true);
      expect(await missingOrder(t.db, lade, 2)).toEqual(ladeWhole);
    }

    // The directory changes while a file reads its list, slice after slice: a student moved from a group
    // already read to one not yet read is listed once, and a group made after the groups were read is in it.
    const moved = made[10]!; // ARQ 3A's, missing: the first slice
    let reads = 0;
    let madeMeanwhile: Student | undefined;
    const changing = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const result = await target.execute(query);
          // After the groups' read and the first slice's.
          if (++reads === 2) {
            await t.db.update(students).set({ plan: 'LADE', grupo: '9Z' }).where(eq(students.id, moved.id));
            madeMeanwhile = await createStudent(t.db, { campusId, periodoId: ids.periodoId, plan: 'MED', grupo: '1A', classes: [{ teacherId: teacher.id }] });
          }
          return result;
        };
      },
    });
    const during = (await missingOrder(changing, perClass, 1)).map((row) => row.id);
    expect(during.filter((id) => id === moved.id)).toHaveLength(1);
    expect(during).toContain(madeMeanwhile!.id);
    expect(new Set(during).size).toBe(during.length);
  });
});

describe(`a person is done when every questionnaire the kind asks of them is (${driverName})`, () => {
  it('lists the student who evaluated 1 of 4 classes as missing, with what is left, and counts the evaluations', async () => {
    const report = await missing(ids.evaluation, 'students');
    // The student with no class is not expected; of the two who are, one is done.
    expect(report).toMatchObject({ targetAmmount: 2, answered: 1, missing: 1, evaluations: { expected: 6, done: 3 } });
    expect(report.missingList!.people.map((p) => [p.pcId, p.subjects])).toEqual([[partial.pcId, { done: 1, total: 4 }]]);
  });

  it('gives the campus the same rate on its survey types page', async () => {
    const summary = (await t.request({ method: 'GET', url: `${API}/reports/summary?${scope()}`, token: admin })).json<CampusReportSummary>();
    const evaluation = summary.cycles.find((c) => c.cycle.id === ids.evaluation)!;
    expect(evaluation).toMatchObject({ expected: 2, respondents: 1, responseRate: 0.5 });
  });

  it('agrees with the student’s own list: three classes left', async () => {
    const token = await respondentToken(t, partial.pcId, smtp);
    const { encuestasDocente } = (await t.request({ method: 'GET', url: `${API}/respondents/availability`, token })).json<Availability>();
    expect(encuestasDocente.filter((s) => !s.done)).toHaveLength(3);
  });

  it('counts Guía I alone as not done for NOM-035', async () => {
    const report = await missing(ids.nom035, 'academic');
    expect(report).toMatchObject({ targetAmmount: 2, answered: 1, missing: 1, evaluations: null });
    expect(report.missingList!.people.map((p) => [p.pcId, p.subjects])).toEqual([[guideOnly.pcId, { done: 1, total: 2 }]]);
  });

  const waitForJob = (id: string) =>
    waitUntil('the reminder job to finish', async () => {
      const now = (await t.request({ method: 'GET', url: `${API}/reminders/${id}`, token: admin })).json<{ job: ReminderJob }>().job;
      return now.status !== 'running' && now;
    });

  it('reminds the student with classes left, and only her: the title she sees, the deadline, what is left and a link that signs her in once', async () => {
    const url = `${API}/ciclo/${ids.evaluation}/missing/students/reminders`;
    const recipients = (await t.request({ method: 'GET', url: `${url}/recipients?${scope()}`, token: admin })).json<ReminderRecipients>();
    expect(recipients).toEqual({ recipients: 1, alreadyReminded: 0, withoutEmail: 0 });
    const started = await t.request({ method: 'POST', url, token: admin, payload: { periodoId: ids.periodoId, campusId: ids.campusId, ...DEFAULT_REMINDERS.students } });
    expect(started.statusCode, started.body).toBe(202);
    await waitForJob(started.json<{ job: ReminderJob }>().job.id);

    const deadline = displayDay(END_DAY);
    const reminded = smtp.messages.filter((m) => m.subject.startsWith('Recordatorio'));
    expect(reminded.map((m) => m.to)).toEqual([[partial.email]]);
    const [mail] = reminded;
    // The kind's title as students see it, never the cycle's internal name.
    expect(mail!.subject).toBe(`Recordatorio: responde «Evaluación docente» antes del ${deadline}`);
    expect(mail!.text).toContain(`Aún no terminas «Evaluación docente». Te faltan 3 materias por evaluar.\nTienes hasta el ${deadline}.`);
    expect(mail!.text).not.toContain('Evaluación Docente');
    expect(mail!.text).not.toContain('{');

    const link = /(https?:\/\/\S+\/login\/enlace#\S+)/.exec(mail!.text)?.[1];
    expect(link, mail!.text).toBeDefined();
    const token = new URL(link!).hash.slice(1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Kept only as a hash, until the end of the deadline day or REMINDER_LINK_MAX_DAYS, whichever comes first.
    expect(JSON.stringify(await t.db.select().from(respondentLoginCodes))).not.toContain(token);
    const [linkRow] = await t.db.select().from(respondentLoginCodes).where(eq(respondentLoginCodes.identifier, `reminder:${partial.pcId}`));
    const expected = Math.min(mexicoCityDayStart(addDays(END_DAY, 1)).getTime(), mexicoCityDayStart(addDays(mexicoCityDay(), REMINDER_LINK_MAX_DAYS)).getTime());
    expect(new Date(linkRow!.expiresAt).getTime()).toBe(expected);

    const first = await t.request({ method: 'POST', url: `${API}/respondents/link/validate`, payload: { token } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ respondentType: 'student', student: { pc_id: partial.pcId } });
    const second = await t.request({ method: 'POST', url: `${API}/respondents/link/validate`, payload: { token } });
    expect(second.statusCode).toBe(422);
    expect(second.json().error.message).toBe(LINK_EXPIRED_MESSAGE);
  });

  it('links to the login page instead when code sign-in is off for respondents (OIDC_ONLY)', async () => {
    // A runner as the app builds it with OIDC_ONLY=respondents; a new day's claims, so the student can be reminded again.
    await t.db.delete(reminderSends);
    const log = t.app.log;
    const runner = new ReminderRunner({
      db: t.db,
      mailer: createMailer({ smtpUrl: smtp.url, from: t.config.MAIL_FROM, db: t.db, log, logContents: false }),
      secret: TEST_JWT_SECRET,
      publicUrl: t.config.PUBLIC_URL,
      institutionName: 'Universidad de Prueba',
      log,
      codeLoginOff: true,
    });
    const adminUser = (await loadAdminPrincipal(t.db, adminId))!;
    const linksBefore = (await t.db.select().from(respondentLoginCodes)).length;
    try {
      const resolved = await resolveMissing(t.db, adminUser, ids.evaluation, 'students', { periodoId: ids.periodoId, campusId: ids.campusId, filter: {} });
      const job = await runner.start(adminUser, resolved, { subject: 'Sin enlace personal', text: DEFAULT_REMINDERS.students.text });
      await waitForJob(job.id);
    } finally {
      await runner.stop();
    }
    const [mail] = smtp.messages.filter((m) => m.subject === 'Sin enlace personal');
    expect(mail!.text).toContain(`Entra desde este enlace:\n${t.config.PUBLIC_URL}/encuestas/login\n`);
    expect(mail!.text).not.toContain('/login/enlace');
    expect(await t.db.select().from(respondentLoginCodes)).toHaveLength(linksBefore);
  });

});
