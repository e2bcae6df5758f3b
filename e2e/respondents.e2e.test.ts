/**
 * The respondents' journeys on a phone (spec §2 public routes, §4): a student
 * logs in with the e-mailed code, evaluates two teachers and answers survey A
 * (a reload keeps the answers; a second submission is refused); a staff
 * member answers NOM-035 through its gates; a teacher answers the
 * communication survey, then sees their classes' progress and, from the
 * release day, their results; a reviewer hides part of one comment about that
 * teacher and withholds another, and the teacher reads only what was
 * published once the review is done; a suggestion is sent and then resolved and closed by
 * an administrator; a student enters from the e-mailed link and stays signed
 * in on their phone, ticked where the code or link is used, never when asking. On the phone of issue 11 (390×844, touch)
 * every screen passes axe-core and has no tap target under 44 px, and the
 * journeys count their taps and swipes (one teacher evaluation at most 10
 * swipes, NOM-035 Guía I + II at most 30).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../packages/server/test/helpers/smtp-catcher';
import { ScreenAudit } from './harness/audit';
import { launchBrowser, newPage } from './harness/browser';
import { PHONE, TouchJourney } from './harness/touch';
import { accessCodeIn, askForAccessMail, respondentLogin as signIn, signInLinkIn, tickKeepSession } from './harness/respondent-sign-in';
import { STEP_TIMEOUT_MS } from './harness/timeouts';
import type { Availability } from '../packages/core/src/api/surveys';
import { startServer, type RunningServer } from './harness/server';
import type { CommentReviewApplications, CommentReviewQueue } from '../packages/core/src/api/comment-review';
import { REDACTION_MARK } from '../packages/core/src/api/comment-review';
import { RESULTS_AWAIT_REVIEW_MESSAGE } from '../packages/core/src/api/teacher-results';
import { addDays, displayDay, mexicoCityDay } from '../packages/core/src/dates';
import { countOf } from '../packages/core/src/format';
import { PERMISSIONS } from '../packages/core/src/permissions';
import { AdminApi } from './harness/admin-api';
import { choose } from './harness/select';
import { periodForDay } from '../packages/server/src/db/seed/demo';

let smtp: SmtpCatcher;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startServer({ smtpUrl: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** A fresh context on the phone of issue 11 (390×844, touch). */
async function phonePage(name: string): Promise<Page> {
  return (await newPage(browser, name, PHONE)).page;
}

/** Logs a respondent in with the code read from the SMTP catcher; `audit` checks both login screens. */
function respondentLogin(page: Page, identifier: string, audit?: ScreenAudit, options: { keepSession?: boolean } = {}): Promise<void> {
  return signIn(page, smtp, server.baseUrl, identifier, audit, options);
}

/** A respondent's list of surveys through the API (signed in with the e-mailed code), to choose whom a journey follows. */
async function availabilityOf(identifier: string): Promise<Availability> {
  const api = `${server.baseUrl}/api`;
  const json = { 'content-type': 'application/json' };
  const earlier = new Set(smtp.messages);
  const asked = await fetch(`${api}/respondents/code`, { method: 'POST', headers: json, body: JSON.stringify({ identifier }) });
  expect(asked.status, `code for ${identifier}`).toBe(201);
  const mail = await smtp.waitFor((m) => !earlier.has(m) && /código de acceso/i.test(m.subject), STEP_TIMEOUT_MS);
  const signedIn = await fetch(`${api}/respondents/code/validate`, { method: 'POST', headers: json, body: JSON.stringify({ identifier, code: accessCodeIn(mail) }) });
  expect(signedIn.status, `sign-in of ${identifier}`).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };
  const listed = await fetch(`${api}/respondents/availability`, { headers: { authorization: `Bearer ${token}` } });
  expect(listed.status).toBe(200);
  return (await listed.json()) as Availability;
}

/** Options preferred for each kind of Likert item; otherwise the first option. */
const PREFERRED = ['Buena', 'Algunas veces', 'No'];

/** What a journey measures as it goes: its taps and swipes, and each screen's accessibility under a name. */
interface Measures {
  journey?: TouchJourney;
  audit?: ScreenAudit;
  screen?: string;
}

/** Answers every unanswered option group of the current step, one at a time (gates may hide later ones). */
async function answerStep(page: Page, prefer: string[] = PREFERRED, journey?: TouchJourney): Promise<void> {
  // The step is on screen once its navigation is (a step may hold only a text question).
  await page.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();
  for (let guard = 0; guard < 200; guard++) {
    const groups = page.getByRole('radiogroup');
    const count = await groups.count();
    let answered = false;
    for (let i = 0; i < count; i++) {
      const group = groups.nth(i);
      if ((await group.getByRole('radio', { checked: true }).count()) > 0) continue;
      const names = await group.getByRole('radio').evaluateAll((radios) =>
        radios.map((r) => r.getAttribute('aria-label') ?? (r as HTMLInputElement).labels?.[0]?.textContent ?? ''),
      );
      const choice = prefer.find((p) => names.some((n) => n.trim() === p));
      const radio = choice ? group.getByRole('radio', { name: choice, exact: true }) : group.getByRole('radio').first();
      await (journey ? journey.tap(radio, 'check') : radio.check());
      answered = true;
      break;
    }
    if (!answered) return;
  }
}

/** Answers every step, passes the review and sends, measuring each step once it is answered; ends on the confirmation. */
async function answerSurvey(page: Page, prefer?: string[], { journey, audit, screen = 'survey' }: Measures = {}): Promise<void> {
  for (let step = 1; step <= 30; step++) {
    await answerStep(page, prefer, journey);
    await journey?.read(page);
    const send = page.getByRole('button', { name: 'Enviar' });
    const reviewing = await send.isVisible();
    await audit?.check(page, reviewing ? `${screen}: review` : `${screen}: step ${step}`);
    const button = reviewing ? send : page.getByRole('button', { name: /^(Siguiente|Revisar)$/ });
    await (journey ? journey.tap(button) : button.click());
    if (reviewing) {
      await page.getByRole('heading', { name: /^¡Gracias!/ }).waitFor();
      await audit?.check(page, `${screen}: thanks`);
      return;
    }
  }
  throw new Error('the survey did not end');
}

describe('respondents in the browser', () => {
  it('a student logs in with the e-mailed code, evaluates two teachers and answers survey A, keeping answers over a reload', async () => {
    const page = await phonePage('student');
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, '100000001', audit);

    // Every pending survey on the list says how long it takes.
    await page.getByText(/^Unos \d+ minutos/).first().waitFor();
    const evaluations = page.getByRole('link', { name: /^Evaluar / });
    await evaluations.first().waitFor();
    expect(await evaluations.count()).toBeGreaterThanOrEqual(2);
    await evaluations.first().click();
    // Before the first class only: the instructions and the anonymity note, once.
    await page.getByText(/^Tu evaluación es anónima/).waitFor();
    await page.getByText(/^Unos \d+ minutos por materia$|^Un minuto aproximadamente por materia$/).waitFor();
    await audit.check(page, 'teacher evaluation: instructions');
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await answerSurvey(page, ['Muy buena', 'Sí'], { audit, screen: 'teacher evaluation' });
    // Issue 11: one teacher evaluation (the next class, from the confirmation's link) in at most 10 swipes.
    const evaluation = new TouchJourney('one teacher evaluation');
    await evaluation.tap(page.getByRole('link', { name: 'Evaluar la siguiente materia' }));
    // The next class opens on its questions.
    await page.getByText(/^Paso 1 de /).waitFor();
    await answerSurvey(page, ['Excelente', 'Sí'], { journey: evaluation });
    console.log(`[e2e] ${evaluation}`);
    expect(evaluation.swipes).toBeLessThanOrEqual(10);
    await page.getByRole('link', { name: 'Volver a mis encuestas' }).click();
    await page.getByText('Respondida').nth(1).waitFor();

    // Survey A: answer a step, reload in the middle of the next one, and find the answers kept.
    // Its taps and swipes are counted from the list (the reload and the browser's buttons are the test's, not the student's).
    const surveyAJourney = new TouchJourney('survey A');
    const surveyA = page.getByRole('article', { name: /servicios/i }).first();
    await surveyAJourney.tap(surveyA.getByRole('link', { name: /Responder|Continuar/ }));
    await page.getByRole('link', { name: /Comenzar|Continuar/ }).waitFor();
    await audit.check(page, 'survey A: start');
    await surveyAJourney.tap(page.getByRole('link', { name: /Comenzar|Continuar/ }));
    await answerStep(page, PREFERRED, surveyAJourney);
    await surveyAJourney.read(page);
    await surveyAJourney.tap(page.getByRole('button', { name: 'Siguiente' }));
    const firstGroup = page.getByRole('radiogroup').first();
    await surveyAJourney.tap(firstGroup.getByRole('radio', { name: 'Regular', exact: true }), 'check');
    const question = await firstGroup.getAttribute('aria-label');
    await page.reload();
    await page.getByText('Recuperamos tus respuestas guardadas').waitFor();
    await audit.check(page, 'survey A: answers restored');
    const restored = question ? page.getByRole('radiogroup', { name: question }) : page.getByRole('radiogroup').first();
    await expect(restored.getByRole('radio', { name: 'Regular', exact: true }).isChecked()).resolves.toBe(true);
    // The browser's back button goes back one step, answers kept; forward comes back to them.
    await page.getByText(/^Paso 2 de /).waitFor();
    await page.goBack();
    await page.getByText(/^Paso 1 de /).waitFor();
    expect(await page.getByRole('radiogroup').first().getByRole('radio', { checked: true }).count()).toBe(1);
    await page.goForward();
    await page.getByText(/^Paso 2 de /).waitFor();
    await expect(restored.getByRole('radio', { name: 'Regular', exact: true }).isChecked()).resolves.toBe(true);
    // Progress counts questions, not only steps.
    await page.getByText(/^\d+ de \d+ preguntas respondidas$/).waitFor();

    // A second device of the same student has survey A open too.
    const other = await phonePage('student-second-device');
    await respondentLogin(other, '100000001');
    await other.getByRole('article', { name: /servicios/i }).first().getByRole('link', { name: /Responder|Continuar/ }).click();
    await other.getByRole('link', { name: /Comenzar|Continuar/ }).click();
    // Its first step is on screen before the first device sends, so the second one is the late sender.
    await other.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().waitFor();

    await answerSurvey(page, PREFERRED, { journey: surveyAJourney, audit, screen: 'survey A' });
    console.log(`[e2e] ${surveyAJourney}`);
    // The second device learns it as it saves its progress or when it sends; either way it says so.
    const answeredNotice = other.getByText(/^(Ya respondiste esta encuesta\. ¡Gracias por tu participación!|Esta encuesta ya fue respondida\. ¡Gracias por participar!)$/).first();
    // It may learn in the middle of a step (the form gives way to the notice as it saves): whichever comes first.
    const stepOnOther = async (): Promise<'sent' | 'next'> => {
      await answerStep(other);
      const send = other.getByRole('button', { name: 'Enviar' });
      if (await send.isVisible()) {
        await send.click();
        return 'sent';
      }
      await other.getByRole('button', { name: /^(Siguiente|Revisar)$/ }).click();
      return 'next';
    };
    for (let step = 0; step < 30; step++) {
      await other.getByRole('button', { name: /^(Siguiente|Revisar|Enviar)$/ }).first().or(answeredNotice).waitFor();
      if (await answeredNotice.isVisible()) break;
      const going = stepOnOther();
      const learned = answeredNotice.waitFor().then(
        () => 'learned' as const,
        () => 'not yet' as const,
      );
      const outcome = await Promise.race([going, learned]);
      if (outcome === 'learned') {
        going.catch(() => undefined);
        break;
      }
      if (outcome === 'sent') break;
    }
    await answeredNotice.waitFor();
    await page.getByRole('link', { name: 'Volver a mis encuestas' }).click();
    await page.getByRole('heading', { name: /^Hola, / }).waitFor();
    await audit.check(page, '/evaluated-list with surveys answered');
    expect(audit.findings).toEqual({});
  });

  it('a staff member answers NOM-035: Guía I stays short with every answer No, then the risk guide through its gates', async () => {
    const page = await phonePage('staff-nom035');
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, '300000001');
    // Issue 11: Guía I and the risk guide together in at most 30 swipes ('Cambiar' below is the test's detour, not counted).
    const journey = new TouchJourney('NOM-035 Guía I + II');
    const norma = page.getByRole('article', { name: /NOM-035/ });
    await norma.getByText('Siguiente: Guía I').waitFor();
    await journey.tap(norma.getByRole('link', { name: /Responder|Continuar/ }));
    await page.getByRole('link', { name: /Comenzar|Continuar/ }).waitFor();
    await audit.check(page, 'Guía I: start');
    await journey.tap(page.getByRole('link', { name: /Comenzar|Continuar/ }));
    // With every answer 'No' in section I, sections II–IV are never asked: one step.
    await answerStep(page, ['No'], journey);
    await journey.read(page);
    await audit.check(page, 'Guía I: step 1');
    await journey.tap(page.getByRole('button', { name: 'Revisar' }));
    // The review lists every answer; 'Cambiar' goes back to that question, and the review comes again before sending.
    await page.getByRole('heading', { name: 'Antes de enviar' }).waitFor();
    await journey.read(page);
    await audit.check(page, 'Guía I: review');
    await page.getByRole('button', { name: 'Cambiar la respuesta 1' }).click();
    const firstQuestion = page.getByRole('radiogroup').first();
    await expect(firstQuestion.getByRole('radio', { name: 'No', exact: true }).isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Revisar' }).click();
    await journey.tap(page.getByRole('button', { name: 'Enviar' }));
    await page.getByRole('heading', { name: /^¡Gracias!/ }).waitFor();
    await audit.check(page, 'Guía I: thanks');
    await journey.tap(page.getByRole('link', { name: /Continuar con la Guía (II|III)/ }));
    const start = page.getByRole('link', { name: /Comenzar|Continuar/ });
    if (await start.isVisible().catch(() => false)) await journey.tap(start);
    // 'No' at both gates hides their items.
    await answerSurvey(page, ['Algunas veces', 'No'], { journey, audit, screen: 'Guía II' });
    console.log(`[e2e] ${journey}`);
    expect(journey.swipes).toBeLessThanOrEqual(30);
    expect(audit.findings).toEqual({});
  });

  it('the campus publishes last term’s NOM-035 results to its staff (7.8): a staff member opens them from the list on the phone', async () => {
    const api = new AdminApi(server.baseUrl);
    const admin = await api.login('admin@encuestas.mx', 'Encuestas2026!');
    const page = await phonePage('staff-nom035-results');
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, '300000001');
    const campusId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('student') ?? 'null') as { campus: { id: number } }).campus.id);
    const file = await api.get<{ today: string; applications: { id: number; periodo: string; endActive: string }[] }>(`/nom035/campus/${campusId}/file`, admin);
    const closed = file.applications.find((a) => a.endActive < file.today)!;
    expect((await api.send('PUT', `/nom035/campus/${campusId}/applications/${closed.id}/publication`, admin, {})).status).toBe(200);

    await page.reload();
    const card = page.getByRole('region', { name: 'Resultados de la NOM-035' });
    await card.getByRole('link', { name: `Ver resultados del periodo ${closed.periodo}` }).click();
    await page.getByText(/^Nivel de riesgo del campus: (Nulo o despreciable|Bajo|Medio|Alto|Muy alto)$/).first().waitFor();
    await page.getByRole('region', { name: 'Por dominio' }).first().waitFor();
    await audit.check(page, '/resultados-nom035?id=');
    expect(audit.findings).toEqual({});
  });

  it('every other survey form on the phone, each step and its review, passes axe with no tap target under 44 px', async () => {
    const audit = new ScreenAudit({ tapTargets: true });
    // Those the other journeys do not answer (the demo's other people have answered theirs): the student's and the
    // staff member's remaining surveys in full; the teachers' survey, answered on a desktop below, up to its first step.
    for (const identifier of ['100000001', '300000001', '200000001']) {
      const onlyFirstStep = identifier === '200000001';
      const page = await phonePage(`every-form-${identifier}`);
      await respondentLogin(page, identifier);
      const answered = new Set<string>();
      for (let round = 0; round < 6; round++) {
        // The surveys' cards come with the list's data, after the greeting: read them once they are there.
        await page.getByRole('article').first().waitFor();
        const pending = page
          .getByRole('article')
          .filter({ has: page.getByRole('link', { name: /^(Responder|Continuar)/ }) })
          .filter({ hasNotText: /NOM-035|nuevo ingreso|Servicios A/i });
        const names = (await pending.evaluateAll((articles) => articles.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''))).filter((n) => !answered.has(n));
        const name = names[0];
        if (name === undefined) break;
        answered.add(name);
        await page.getByRole('article', { name, exact: true }).getByRole('link', { name: /^(Responder|Continuar)/ }).click();
        const start = page.getByRole('link', { name: /Comenzar|Continuar/ });
        await start.waitFor();
        await audit.check(page, `${name}: start`);
        await start.click();
        if (onlyFirstStep) {
          await page.getByRole('radiogroup').first().waitFor();
          await audit.check(page, `${name}: step 1`);
          break;
        }
        await answerSurvey(page, PREFERRED, { audit, screen: name });
        await page.getByRole('link', { name: 'Volver a mis encuestas' }).click();
        await page.getByRole('heading', { name: /^Hola, / }).waitFor();
      }
    }
    console.log(`[e2e] forms checked on the phone: ${audit.screens.filter((s) => s.endsWith(': start')).map((s) => s.slice(0, -7)).join('; ')}`);
    expect(audit.screens.length).toBeGreaterThan(0);
    expect(audit.findings).toEqual({});
  });

  it('a teacher answers the communication survey on a desktop, each section of ratings as one matrix', async () => {
    const { page } = await newPage(browser, 'teacher');
    const audit = new ScreenAudit({ tapTargets: false });
    await respondentLogin(page, '200000001');
    await page.getByRole('article').first().getByRole('link', { name: /Responder|Continuar/ }).click();
    await page.getByRole('link', { name: /Comenzar|Continuar/ }).click();
    // One header row of the scale for the whole section, a radiogroup per question, 'No aplica' among its radios.
    const groups = page.getByRole('radiogroup');
    await groups.first().waitFor();
    expect(await groups.count()).toBeGreaterThan(1);
    expect(await page.getByText('Excelente', { exact: true }).count()).toBe(1 + (await groups.count()));
    await expect(groups.nth(1).getByRole('radio', { name: 'No aplica' }).count()).resolves.toBe(1);
    await answerSurvey(page, PREFERRED, { audit, screen: 'communication survey on a desktop' });
    expect(audit.findings).toEqual({});
    await page.getByRole('link', { name: 'Volver a mis encuestas' }).click();
    await page.getByText('Respondida').first().waitFor();
  });

  it('a teacher sees how many students of each class answered, then their results once the release day is today', async () => {
    const page = await phonePage('teacher-results');
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, '200000001');
    const classes = page.getByRole('region', { name: 'Mis grupos' });
    await classes.getByRole('listitem').first().waitFor();
    // Counts only: a class of the demo is either counted or under the small-group rule.
    await expect(classes.getByRole('listitem').first().textContent()).resolves.toMatch(/han respondido|no se muestran cifras/);
    await audit.check(page, '/evaluated-list of a teacher: Mis grupos');

    // The release day of every open teacher evaluation set to today, as an administrator would on the periods screen.
    const api = `${server.baseUrl}/api`;
    const signedIn = await fetch(`${api}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@encuestas.mx', password: 'Encuestas2026!' }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const kinds = (await (await fetch(`${api}/ciclos`, { headers })).json()) as { cicles: { id: number; survey_kind: string }[] };
    const evaluation = kinds.cicles.find((cycle) => cycle.survey_kind === 'alumnos/evaluacionDocente')!.id;
    const open = (await (await fetch(`${api}/active/cicles`, { headers })).json()) as {
      actives: { id: number; start_active: string; end_active: string; cicles: { id: number }[] }[];
    };
    for (const active of open.actives.filter((a) => a.cicles.some((cycle) => cycle.id === evaluation))) {
      // Released with the comments reviewed so far (none yet: the next journey reviews them).
      const body = {
        startDate: active.start_active,
        endDate: active.end_active,
        cicles: active.cicles.map((cycle) => cycle.id),
        resultsReleaseDay: mexicoCityDay(),
        releaseWaitsForReview: false,
      };
      const saved = await fetch(`${api}/actives/${active.id}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      expect(saved.status).toBe(200);
    }

    await classes.getByRole('link', { name: 'Mis resultados' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mis resultados' }).waitFor();
    await page.getByRole('link', { name: /^Ver resultados del periodo / }).first().click();
    await page.getByRole('region', { name: 'Resultado general' }).waitFor();
    await page.getByRole('region', { name: 'Comentarios' }).getByText(/siguen en revisión|No hay comentarios publicados|no se muestran/).waitFor();
    await audit.check(page, '/mis-resultados?id=');
    expect(audit.findings).toEqual({});
  });

  it('a reviewer hides a word of one comment about a teacher and withholds another; once the review is done the teacher reads only what was published', async () => {
    const api = new AdminApi(server.baseUrl);
    const admin = await api.login('admin@encuestas.mx', 'Encuestas2026!');
    // The demo's teacher gives the campus (their id and campus as the respondent screens keep them).
    const signedInTeacher = (page: Page) =>
      page.evaluate(() => JSON.parse(sessionStorage.getItem('student') ?? 'null') as { id: number; full_name: string; campus: { id: number } });
    const demoPage = await phonePage('demo-teacher');
    await respondentLogin(demoPage, '200000001');
    const demoTeacher = await signedInTeacher(demoPage);
    await demoPage.context().close();

    // A reviewer: 'Revisar Comentarios' at the teacher's campus, for the teacher evaluation only.
    const { cicles } = await api.get<{ cicles: { id: number; survey_kind: string }[] }>('/ciclos', admin);
    const evaluation = cicles.find((cycle) => cycle.survey_kind === 'alumnos/evaluacionDocente')!.id;
    const password = 'Revisora-Comentarios-2026';
    const created = await api.send('POST', '/users', admin, { name: 'Revisora', email: 'revisora@encuestas.mx', password, password_confirmation: password });
    expect(created.status).toBe(201);
    const reviewerId = ((await created.json()) as { user: { id: number } }).user.id;
    const access = { permissions: [PERMISSIONS.reviewComments], groups: [], campusIds: [demoTeacher.campus.id], cicleIds: [evaluation] };
    expect((await api.send('PUT', `/users/${reviewerId}/access`, admin, access)).status).toBe(200);
    const reviewer = await api.login('revisora@encuestas.mx', password);

    // The running application at the teacher's campus, whose results wait for the review and open today.
    const running = await api.get<{ actives: { id: number; start_active: string; end_active: string; cicles: { id: number }[] }[] }>('/active/cicles', admin);
    const { applications } = await api.get<CommentReviewApplications>('/comment-review', reviewer);
    const application = applications.find((candidate) => running.actives.some((active) => active.id === candidate.id))!;
    const active = running.actives.find((candidate) => candidate.id === application.id)!;
    const release = { startDate: active.start_active, endDate: active.end_active, cicles: active.cicles.map((cycle) => cycle.id), resultsReleaseDay: mexicoCityDay(), releaseWaitsForReview: true };
    expect((await api.send('PUT', `/actives/${application.id}`, admin, release)).status).toBe(200);
    // The teacher of the campus with the most comments to review (the demo's students wrote them), signed in on their phone:
    // the demo numbers its teachers' ids as their PowerCampus ids (200000000 + n), so their id gives their sign-in.
    const { teachers } = await api.get<CommentReviewQueue>(`/comment-review/${application.id}`, reviewer);
    const busiest = [...teachers].sort((a, b) => b.pending - a.pending)[0]!;
    expect(busiest.pending).toBeGreaterThanOrEqual(2);
    const teacherPage = await phonePage('teacher-reviewed-comments');
    const teacherAudit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(teacherPage, String(200000001 + busiest.id - demoTeacher.id));
    const teacher = await signedInTeacher(teacherPage);
    expect(teacher.id).toBe(busiest.id);
    const queuePath = `/comment-review/${application.id}?status=pending&perPage=100&teacherId=${teacher.id}`;
    const { comments: pending, total: pendingTotal } = await api.get<CommentReviewQueue>(queuePath, reviewer);
    // Two comments of several words whose words no other comment of the teacher repeats (the same words in another item are another comment).
    const unique = pending.filter((comment) => pending.filter((other) => other.text === comment.text).length === 1);
    const toRedact = unique.find((comment) => comment.text.trim().split(/\s+/).length >= 3)!;
    const toWithhold = unique.filter((comment) => comment !== toRedact).sort((a, b) => b.text.length - a.text.length)[0]!;
    expect(toRedact && toWithhold).toBeTruthy();

    // Before the review is done the teacher is told why the results wait.
    await teacherPage.goto(`${server.baseUrl}/mis-resultados?id=${application.id}`);
    await teacherPage.getByText(RESULTS_AWAIT_REVIEW_MESSAGE).waitFor();

    // The reviewer's screen: the application, the teacher, then one comment with its first word hidden and another withheld.
    const { page } = await newPage(browser, 'comment-review');
    const backOffice = new ScreenAudit({ tapTargets: false });
    await page.goto(`${server.baseUrl}/admin-login`);
    await page.getByLabel('Correo electrónico').fill('revisora@encuestas.mx');
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Revisión de comentarios' }).click();
    await page.getByRole('heading', { level: 1, name: 'Revisión de comentarios' }).waitFor();
    await choose(page, 'Aplicación', `${application.campus.nombre} · periodo ${application.periodo.nombre} (${displayDay(application.start_active)} al ${displayDay(application.end_active)})`);
    await choose(page, 'Docente', `${busiest.name} (${countOf(pendingTotal, 'pendiente', 'pendientes')})`);
    // The teacher's card: while the narrowed list loads, the whole application's list (where others may repeat these words) stays on screen.
    const card = (text: string) => page.getByRole('article', { name: text, exact: true }).filter({ hasText: `Docente: ${busiest.name}` });
    await card(toRedact.text).waitFor();
    await backOffice.check(page, '/admin/revision-comentarios');

    await card(toRedact.text).getByRole('button', { name: 'Publicar con partes ocultas' }).click();
    const redact = page.getByRole('dialog', { name: 'Publicar con partes ocultas' });
    await redact.getByRole('group', { name: 'Palabras del comentario' }).getByRole('button').first().click();
    const firstWord = /\S+/.exec(toRedact.text)!;
    const redacted = toRedact.text.slice(0, firstWord.index) + REDACTION_MARK + toRedact.text.slice(firstWord.index + firstWord[0].length);
    await expect(redact.getByRole('status', { name: 'Vista previa' }).textContent()).resolves.toBe(redacted);
    await backOffice.check(page, 'redaction dialog', '[role="dialog"]');
    await redact.getByRole('button', { name: 'Publicar así' }).click();
    await redact.waitFor({ state: 'detached' });
    await card(toRedact.text).waitFor({ state: 'detached' });

    await card(toWithhold.text).getByRole('button', { name: 'Retener' }).click();
    const withhold = page.getByRole('dialog', { name: 'Retener comentario' });
    await withhold.getByRole('textbox', { name: /Motivo/ }).fill('Se turnó a la coordinación');
    await backOffice.check(page, 'withholding dialog', '[role="dialog"]');
    await withhold.getByRole('button', { name: 'Retener' }).click();
    await withhold.waitFor({ state: 'detached' });
    await card(toWithhold.text).waitFor({ state: 'detached' });
    expect(backOffice.findings).toEqual({});

    // The rest of the teacher's comments are published (the review as a whole is not this journey's point), so the release that waits happens.
    for (let left = await api.get<CommentReviewQueue>(queuePath, reviewer); left.total > 0; left = await api.get<CommentReviewQueue>(queuePath, reviewer)) {
      for (const comment of left.comments) {
        expect((await api.send('PUT', `/comment-review/${application.id}/comments/${comment.key}`, reviewer, { decision: 'published' })).status).toBe(200);
      }
    }

    // The teacher reads the hidden word as «[…]», and neither the original words nor the withheld comment.
    await teacherPage.goto(`${server.baseUrl}/mis-resultados?id=${application.id}`);
    const comments = teacherPage.getByRole('region', { name: 'Comentarios' });
    await comments.getByText(redacted, { exact: true }).waitFor();
    await expect(comments.getByText(toRedact.text, { exact: true }).count()).resolves.toBe(0);
    await expect(comments.getByText(toWithhold.text, { exact: true }).count()).resolves.toBe(0);
    await teacherAudit.check(teacherPage, '/mis-resultados?id= with reviewed comments');
    expect(teacherAudit.findings).toEqual({});

    // The teacher's reflection and the next term's student who reads it: the next journey (a released earlier term of the demo).
  });

  it('a teacher writes what they will do with last term’s results; a student of theirs this term reads it before evaluating them', async () => {
    const audit = new ScreenAudit({ tapTargets: true });
    const reflection = 'Daré más ejemplos prácticos en clase y revisaré las tareas en una semana.';
    const today = mexicoCityDay();
    const previousTerm = periodForDay(addDays(periodForDay(today).fechaInicio, -1)).nombre;

    // The demo's teacher taught «Contabilidad Financiera» to LADE 1A last term (released long ago) and teaches it this term.
    const teacher = await phonePage('teacher-reflection');
    await respondentLogin(teacher, '200000001');
    await teacher.getByRole('region', { name: 'Mis grupos' }).getByRole('link', { name: 'Mis resultados' }).click();
    await teacher.getByRole('link', { name: `Ver resultados del periodo ${previousTerm}` }).click();
    const section = teacher.getByRole('region', { name: 'Lo que haré con estos resultados' });
    const form = section.getByRole('form', { name: 'Contabilidad Financiera (LADE 1A)' });
    await form.getByRole('textbox', { name: 'Lo que haré con estos resultados' }).fill(reflection);
    await form.getByRole('button', { name: /^Guardar/ }).click();
    await form.getByText(/^Guardado el /).waitFor();
    await audit.check(teacher, '/mis-resultados?id= with a reflection saved');

    // A student of Puebla whose list still offers one of her classes (the demo's answers leave some unevaluated), with her words:
    // the same subject's in LADE 1A, her latest elsewhere. Not the demo's own student, whom the other journeys sign in.
    const admin = new AdminApi(server.baseUrl);
    const token = await admin.login('admin@encuestas.mx', 'Encuestas2026!');
    const cycles = await admin.get<{ cicles: { id: number; survey_kind: string }[] }>('/ciclos', token);
    const evaluation = cycles.cicles.find((cycle) => cycle.survey_kind === 'alumnos/evaluacionDocente')!.id;
    const open = await admin.get<{ actives: { campus: { id: number; nombre: string }; periodo_id: number; status: string }[] }>('/active/cicles', token);
    const puebla = open.actives.find((active) => active.campus.nombre === 'Puebla' && active.status === 'inProgress')!;
    const missing = await admin.get<{ missingList: { people: { pcId: string; subjects: { done: number } | null }[] } }>(
      `/ciclo/${evaluation}/missing/students?periodoId=${puebla.periodo_id}&campusId=${puebla.campus.id}&perPage=100`,
      token,
    );
    const fewestDone = [...missing.missingList.people].sort((a, b) => (a.subjects?.done ?? 0) - (b.subjects?.done ?? 0)).map((person) => person.pcId);
    const candidates = fewestDone.filter((pcId) => pcId !== '100000001').slice(0, 25);
    let chosen: { pcId: string; entry: Availability['encuestasDocente'][number] } | undefined;
    for (const pcId of candidates) {
      const entry = (await availabilityOf(pcId)).encuestasDocente.find((item) => !item.done && item.reflection?.text === reflection);
      if (!entry) continue;
      expect(entry.reflection!.periodo.nombre).toBe(previousTerm);
      chosen = { pcId, entry };
      break;
    }
    expect(chosen, 'a student of hers this term with her class still to evaluate').toBeDefined();

    const page = await phonePage('student-reads-reflection');
    await respondentLogin(page, chosen!.pcId);
    await page.getByRole('link', { name: `Evaluar ${chosen!.entry.className}, ${chosen!.entry.teacher!.full_name}` }).click();
    // Before the form (beside the instructions if it is their first class): what this class's teacher wrote of last term's results.
    const card = page.getByRole('region', { name: 'Lo que tu docente hará con los resultados anteriores' });
    await card.getByText(reflection).waitFor();
    await card.getByText(new RegExp(`lo escribió tras su evaluación del periodo ${previousTerm}\\.$`)).waitFor();
    await audit.check(page, 'teacher evaluation: the teacher’s reflection before the form');
    await page.getByRole('button', { name: 'Comenzar' }).click();
    await page.getByText(/^Paso 1 de /).waitFor();
    expect(audit.findings).toEqual({});
  });

  it('a student enters from the e-mailed link, kept signed in on the phone by their own choice there: a new tab is still in, the link works once', async () => {
    const { context, page } = await newPage(browser, 'sign-in-link', PHONE);
    const audit = new ScreenAudit({ tapTargets: true });
    await page.goto(server.baseUrl);
    await page.getByRole('link', { name: 'Acceso administrativo' }).waitFor();
    await audit.check(page, '/ (landing)');
    await page.goto(`${server.baseUrl}/aviso-de-privacidad`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await audit.check(page, '/aviso-de-privacidad');
    const link = signInLinkIn(await askForAccessMail(page, smtp, `${server.baseUrl}/login`, '100000002'));

    // Opening the link spends nothing: the person chooses, then taps 'Entrar'.
    await page.goto(link);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(page.url()).not.toContain('#');
    await audit.check(page, '/login/enlace');
    await tickKeepSession(page);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: /^Hola, / }).waitFor();
    const otherTab = await context.newPage();
    await otherTab.goto(`${server.baseUrl}/evaluated-list`);
    await otherTab.getByRole('heading', { name: /^Hola, / }).waitFor();
    await otherTab.goto(link);
    await otherTab.getByRole('button', { name: 'Entrar' }).click();
    await otherTab.getByText('El enlace para entrar expiró o ya se usó. Solicita un código nuevo.').waitFor();
    await audit.check(otherTab, '/login/enlace used twice');
    expect(audit.findings).toEqual({});
  });

  it('a student who ticks “Mantener la sesión” where the code is typed stays signed in in a new tab; unticked, a new tab asks again', async () => {
    const kept = await newPage(browser, 'keep-session-code', PHONE);
    await respondentLogin(kept.page, '100000004', undefined, { keepSession: true });
    const keptTab = await kept.context.newPage();
    await keptTab.goto(`${server.baseUrl}/evaluated-list`);
    await keptTab.getByRole('heading', { name: /^Hola, / }).waitFor();

    const notKept = await newPage(browser, 'session-not-kept', PHONE);
    await respondentLogin(notKept.page, '100000005');
    const otherTab = await notKept.context.newPage();
    await otherTab.goto(`${server.baseUrl}/evaluated-list`);
    await otherTab.waitForURL(/\/login/);
    await otherTab.getByRole('textbox', { name: 'Número de control o correo institucional' }).waitFor();
  });

  it('a student sent to sign in on the way to the suggestion box lands there from the e-mailed link, and a hostile next lands on the list', async () => {
    const { page } = await newPage(browser, 'sign-in-link-next');
    const signInFrom = async (start: string) => {
      const link = signInLinkIn(await askForAccessMail(page, smtp, start, '100000003'));
      await page.goto(link);
      await page.getByRole('button', { name: 'Entrar' }).click();
      return link;
    };

    await page.goto(`${server.baseUrl}/buzon`);
    await page.waitForURL(/\/login\?next=%2Fbuzon$/);
    await signInFrom(page.url());
    await page.waitForURL(/\/encuestas\/buzon$/);
    await page.getByRole('heading', { name: 'Buzón de sugerencias' }).waitFor();

    await page.evaluate(() => window.sessionStorage.clear());
    const hostile = await signInFrom(`${server.baseUrl}/login?next=${encodeURIComponent('//evil.example/buzon')}`);
    expect(hostile).not.toContain('next=');
    await page.waitForURL(/\/encuestas\/evaluated-list$/);
  });

  it('a suggestion is sent from a phone, then resolved and closed by an administrator', async () => {
    const comment = `Faltan bebederos en el edificio B (${Date.now()})`;
    const page = await phonePage('suggestion-send');
    const audit = new ScreenAudit({ tapTargets: true });
    await respondentLogin(page, '100000001');
    await page.getByRole('article', { name: 'Buzón de sugerencias' }).getByRole('link', { name: 'Escribir un comentario' }).click();
    await page.getByRole('textbox', { name: 'Tu comentario' }).waitFor();
    await audit.check(page, '/buzon');
    await page.getByRole('radiogroup', { name: '¿Qué quieres enviarnos?' }).getByRole('radio', { name: 'Queja' }).check();
    await page.getByLabel('Tema').selectOption({ label: 'Instalaciones' });
    await page.getByRole('textbox', { name: 'Tu comentario' }).fill(comment);
    // The comment is kept on the device like a survey's answers: a reload finds it.
    await page.reload();
    await page.getByText('Recuperamos el comentario que dejaste sin enviar.').waitFor();
    await audit.check(page, '/buzon with its draft restored');
    await expect(page.getByRole('textbox', { name: 'Tu comentario' }).inputValue()).resolves.toBe(comment);
    await page.getByRole('checkbox', { name: /He leído y acepto/ }).check();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('heading', { name: '¡Gracias! Recibimos tu comentario.' }).waitFor();
    await audit.check(page, '/buzon: thanks');
    expect(audit.findings).toEqual({});

    const { page: admin } = await newPage(browser, 'suggestion-resolve');
    await admin.goto(`${server.baseUrl}/admin-login`);
    await admin.getByLabel('Correo electrónico').fill('admin@encuestas.mx');
    await admin.getByLabel('Contraseña', { exact: true }).fill('Encuestas2026!');
    await admin.getByRole('button', { name: 'Iniciar sesión' }).click();
    await admin.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Buzón de sugerencias' }).click();
    await admin.getByRole('heading', { name: 'Buzón de sugerencias' }).waitFor();
    const backOffice = new ScreenAudit({ tapTargets: false });
    await admin.getByRole('button', { name: new RegExp(comment.slice(0, 30)) }).waitFor();
    await backOffice.check(admin, '/admin/buzon with comments');
    await admin.getByRole('button', { name: new RegExp(comment.slice(0, 30)) }).click();
    const dialog = admin.getByRole('dialog', { name: 'Detalle del comentario' });
    await dialog.getByText('Queja').first().waitFor();
    await backOffice.check(admin, 'suggestion detail dialog', '[role="dialog"]');
    await dialog.getByRole('combobox', { name: 'Resolución' }).click();
    await admin.getByRole('option', { name: 'Procedente', exact: true }).click();
    await admin.getByText('Resolución actualizada').waitFor();
    await expect(dialog.locator('.MuiChip-colorSuccess').count()).resolves.toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Cerrar comentario' }).click();
    await admin.getByRole('alertdialog', { name: '¿Cerrar este comentario?' }).getByRole('button', { name: 'Sí, cerrar comentario' }).click();
    await admin.getByText('Comentario cerrado').first().waitFor();
    await dialog.getByText('Este comentario está cerrado: ya no se puede modificar.').waitFor();
    expect(backOffice.findings).toEqual({});
  });
});
