/**
 * A kind that asks for several questionnaires counts a person done only when
 * all of them are (issue 20): a student who evaluated 1 of her 4 classes is
 * still missing in the list, the campus's response rate, the reminders and
 * her own list, which all agree; the list says how many classes are left and
 * the evaluations owed and done. NOM-035 likewise: Guía I alone is not done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability } from '@encuestas/core/api/availability';
import type { MissingReport, ReminderJob, ReminderRecipients } from '@encuestas/core/api/missing';
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
const ids = { campusId: 0, periodoId: 0, activeId: 0, evaluation: 0, nom035: 0 };
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
  const application = await createApplication(t.db, { campusId: ids.campusId, periodoId: ids.periodoId, kinds: [EVALUATION, NOM035] });
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

  admin = (await createAdmin(t)).token;
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

  it('reminds the student with classes left, and only her', async () => {
    const url = `${API}/ciclo/${ids.evaluation}/missing/students/reminders`;
    const recipients = (await t.request({ method: 'GET', url: `${url}/recipients?${scope()}`, token: admin })).json<ReminderRecipients>();
    expect(recipients).toEqual({ recipients: 1, alreadyReminded: 0, withoutEmail: 0 });
    const started = await t.request({
      method: 'POST',
      url,
      token: admin,
      payload: { periodoId: ids.periodoId, campusId: ids.campusId, subject: 'Te faltan materias', text: 'Hola, {nombre}: {enlace}' },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { job } = started.json<{ job: ReminderJob }>();
    await waitUntil('the reminder job to finish', async () => {
      const now = (await t.request({ method: 'GET', url: `${API}/reminders/${job.id}`, token: admin })).json<{ job: ReminderJob }>().job;
      return now.status !== 'running' && now;
    });
    const reminded = smtp.messages.filter((m) => m.subject === 'Te faltan materias').map((m) => m.to);
    expect(reminded).toEqual([[partial.email]]);
  });
});
