/**
 * Respondents: one-time-code login, availability, anonymous submissions and
 * the suggestion box.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_NOT_AVAILABLE_MESSAGE, ALREADY_ANSWERED_MESSAGE } from '@encuestas/core/api/surveys';
import { addDays, mexicoCityDay } from '@encuestas/core/dates';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { DEMO_ADMIN, DEMO_PERIODS_VIEWER, DEMO_STAFF_PC_ID, DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID } from '../../src/db/seed/demo';
import { queryRows } from '../../src/db/client';
import { actives, completions, heldResponses, mailOutbox, nom035Referrals, respondentLoginCodes, responses, students } from '../../src/db/schema';
import { publishHeldResponses } from '../../src/features/responses/mover';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { openedHeldResponses, testHeldKey } from '../helpers/held';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, token?: string) => t.request({ method: 'POST', url: `${API}${url}`, payload, token });
const get = (url: string, token?: string) => t.request({ method: 'GET', url: `${API}${url}`, token });

async function lastCodeFor(email: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function emailOf(pcId: string): Promise<string> {
  const response = await post('/respondents/code', { identifier: pcId });
  expect(response.statusCode, response.body).toBe(201);
  const [student] = await t.db.select({ email: students.email }).from(students).where(eq(students.pcId, pcId));
  if (student?.email) return student.email;
  const rows = await queryRows<{ email: string }>(
    t.db,
    sql`select email from teacher where pc_id = ${pcId} union all select email from staff where pc_id = ${pcId}`,
  );
  return rows[0]!.email;
}

/** Logs a respondent in through the real code flow. */
async function respondentLogin(pcId: string): Promise<string> {
  const email = await emailOf(pcId);
  const response = await post('/respondents/code/validate', { identifier: pcId, code: await lastCodeFor(email) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token;
}

function fill(questionnaire: typeof TEACHER_EVALUATION_QUESTIONNAIRE, pick: (type: string) => string | undefined) {
  const answers: Record<string, string> = {};
  for (const section of questionnaire.sections)
    for (const item of section.items) {
      const value = pick(item.type);
      if (value !== undefined && item.required !== false && !item.gate) answers[item.id] = value;
    }
  return answers;
}
const teacherAnswers = () => fill(TEACHER_EVALUATION_QUESTIONNAIRE, (type) => (type === 'rating' ? 'muyBuena' : type === 'yesNo' ? 'yes' : undefined));

describe(`respondent login with a one-time code (${driverName})`, () => {
  it('e-mails a code, names who is being validated with a masked e-mail, and logs in with it', async () => {
    const response = await post('/respondents/code', { identifier: DEMO_STUDENT_PC_ID });
    expect(response.statusCode).toBe(201);
    const { validatingStudent } = response.json();
    expect(validatingStudent).toMatchObject({ identifier: DEMO_STUDENT_PC_ID, type: 'student', expiresInMinutes: 10 });
    expect(validatingStudent.maskedEmail).toMatch(/^\w{1,2}\*+@alumnos\.encuestas\.mx$/);
    const [student] = await t.db.select().from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    const login = await post('/respondents/code/validate', { identifier: DEMO_STUDENT_PC_ID, code: await lastCodeFor(student!.email!) });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ respondentType: 'student', student: { pc_id: DEMO_STUDENT_PC_ID, campus: { nombre: 'Puebla' } } });
    const me = await get('/respondents/me', login.json().token);
    expect(me.json().respondent.pc_id).toBe(DEMO_STUDENT_PC_ID);
  });

  it('accepts the institutional e-mail as identifier, in any case', async () => {
    const [student] = await t.db.select().from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID));
    const response = await post('/respondents/code', { identifier: student!.email!.toUpperCase() });
    expect(response.statusCode).toBe(201);
    expect(response.json().validatingStudent.type).toBe('student');
  });

  it('answers an unknown identifier with a clear Spanish message, and a malformed one with 422', async () => {
    const unknown = await post('/respondents/code', { identifier: '999999999' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.fields.identifier[0]).toContain('No encontramos a nadie');
    expect((await post('/respondents/code', { identifier: '12345' })).statusCode).toBe(422);
  });

  it('limits code requests per identity, unknown identities included', async () => {
    for (let i = 0; i < 5; i++) await post('/respondents/code', { identifier: '888888888' });
    const limited = await post('/respondents/code', { identifier: '888888888' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toContain('Espera');
  });

  it('allows 5 attempts per code, then asks for a new one', async () => {
    const email = await emailOf(DEMO_TEACHER_PC_ID);
    const code = await lastCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const response = await post('/respondents/code/validate', { identifier: DEMO_TEACHER_PC_ID, code: wrong });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toContain(`${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}`);
    }
    expect((await post('/respondents/code/validate', { identifier: DEMO_TEACHER_PC_ID, code: wrong })).statusCode).toBe(429);
    expect((await post('/respondents/code/validate', { identifier: DEMO_TEACHER_PC_ID, code })).statusCode).toBe(429);
  });

  it('refuses an expired code and a code used twice', async () => {
    const email = await emailOf(DEMO_STAFF_PC_ID);
    const code = await lastCodeFor(email);
    await t.db
      .update(respondentLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(respondentLoginCodes.identifier, DEMO_STAFF_PC_ID));
    expect((await post('/respondents/code/validate', { identifier: DEMO_STAFF_PC_ID, code })).statusCode).toBe(422);

    const fresh = await emailOf(DEMO_STAFF_PC_ID);
    const freshCode = await lastCodeFor(fresh);
    expect((await post('/respondents/code/validate', { identifier: DEMO_STAFF_PC_ID, code: freshCode })).statusCode).toBe(200);
    expect((await post('/respondents/code/validate', { identifier: DEMO_STAFF_PC_ID, code: freshCode })).statusCode).toBe(422);
  });

  it('logs out: the token stops working; a respondent token never opens the back office', async () => {
    const token = await respondentLogin(DEMO_STUDENT_PC_ID);
    expect((await get('/campus', token)).statusCode).toBe(401);
    expect((await post('/respondents/logout', {}, token)).statusCode).toBe(200);
    expect((await get('/respondents/me', token)).statusCode).toBe(401);
    // The submission route checks the session inside its own query: a closed session is 401 there too.
    const submit = await post('/respondents/responses', { activeId: 1, cicleId: 3, subject: '1', idempotencyKey: 'after-logout-1', answers: teacherAnswers() }, token);
    expect(submit.statusCode).toBe(401);
  });
});

describe(`availability and submissions (${driverName})`, () => {
  let student: string;
  beforeAll(async () => {
    student = await respondentLogin(DEMO_STUDENT_PC_ID);
  });

  it('lists the student’s surveys, one teacher evaluation per class, and 204 for lists that do not apply', async () => {
    const lists = (await get('/respondents/availability', student)).json();
    expect(lists.encuestas.map((s: { kind: string }) => s.kind)).toEqual(['alumnos/serviciosA', 'alumnos/serviciosB']);
    expect(lists.encuestasDocente.length).toBeGreaterThanOrEqual(2);
    expect(lists.encuestasDocente[0]).toMatchObject({ index: 0, done: false, teacher: { full_name: expect.any(String) } });
    // 'Unos N minutos' on the list: every entry says how long it takes.
    for (const entry of [...lists.encuestas, ...lists.encuestasDocente]) expect(entry.estimatedMinutes).toBeGreaterThanOrEqual(1);
    expect((await get('/respondents/availability/encuestasAdministrators', student)).statusCode).toBe(204);
    expect((await get('/respondents/availability/encuestasDocente', student)).statusCode).toBe(200);
  });

  it('stores a teacher evaluation anonymously with its mean, marks it done, refuses a second one with 409 and replays a retry', async () => {
    const [first] = (await get('/respondents/availability/encuestasDocente', student)).json().encuestasDocente;
    const body = { activeId: first.activeId, cicleId: first.cicleId, subject: first.subject, idempotencyKey: 'retry-key-0001', answers: teacherAnswers() };
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(heldResponses))[0]!.n;

    const created = await post('/respondents/responses', body, student);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({});
    const retried = await post('/respondents/responses', body, student);
    expect(retried.statusCode).toBe(200);
    // Already answered, without a date: completions keep none.
    expect(retried.json()).toEqual({});
    const second = await post('/respondents/responses', { ...body, idempotencyKey: 'another-key-01' }, student);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(ALREADY_ANSWERED_MESSAGE);

    const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(heldResponses))[0]!.n;
    expect(after).toBe(before + 1);
    const stored = (await openedHeldResponses(t.db)).find((r) => r.classId === Number(first.subject));
    // Every rating 'Muy buena' (4 points): the per-response mean is stored at submission for the teacher aggregates.
    expect(stored).toMatchObject({ surveyKind: 'alumnos/evaluacionDocente', teacherId: first.teacher.id, submittedOn: mexicoCityDay(), scores: { average: 4 } });
    const again = (await get('/respondents/availability/encuestasDocente', student)).json().encuestasDocente;
    expect(again.find((s: { subject: string }) => s.subject === first.subject).done).toBe(true);
  });

  it('refuses a class the student is not enrolled in, and a cycle not attached, with 403', async () => {
    const [first] = (await get('/respondents/availability/encuestasDocente', student)).json().encuestasDocente;
    const notMine = await post(
      '/respondents/responses',
      { activeId: first.activeId, cicleId: first.cicleId, subject: '999999', idempotencyKey: 'not-mine-0001', answers: teacherAnswers() },
      student,
    );
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe(SURVEY_NOT_AVAILABLE_MESSAGE);
    const staffKind = await post(
      '/respondents/responses',
      { activeId: first.activeId, cicleId: 999, subject: '', idempotencyKey: 'not-attached-01', answers: {} },
      student,
    );
    expect(staffKind.statusCode).toBe(403);
  });

  it('refuses submissions outside the application window with 403', async () => {
    const [second] = (await get('/respondents/availability/encuestasDocente', student)).json().encuestasDocente.slice(1);
    await t.db.update(actives).set({ endActive: addDays(mexicoCityDay(), -1), startActive: addDays(mexicoCityDay(), -10) }).where(eq(actives.id, second.activeId));
    try {
      const response = await post(
        '/respondents/responses',
        { activeId: second.activeId, cicleId: second.cicleId, subject: second.subject, idempotencyKey: 'closed-window-1', answers: teacherAnswers() },
        student,
      );
      expect(response.statusCode).toBe(403);
    } finally {
      await t.db.update(actives).set({ endActive: addDays(mexicoCityDay(), 35), startActive: addDays(mexicoCityDay(), -7) }).where(eq(actives.id, second.activeId));
    }
  });

  it('answers missing required items with 422 and the item ids', async () => {
    const [, , third] = (await get('/respondents/availability/encuestasDocente', student)).json().encuestasDocente;
    const answers = teacherAnswers();
    const [firstItem] = Object.keys(answers);
    delete answers[firstItem!];
    const response = await post(
      '/respondents/responses',
      { activeId: third.activeId, cicleId: third.cicleId, subject: third.subject, idempotencyKey: 'missing-item-1', answers },
      student,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields[`answers.${firstItem}`]).toEqual(['Falta responder esta pregunta']);
  });

  it('NOM-035: Guía I first, a referral kept apart from the answers, then the campus’s risk guide', async () => {
    const worker = await respondentLogin(DEMO_STAFF_PC_ID);
    const norma = (await get('/respondents/availability/encuestasAdministrators', worker))
      .json()
      .encuestasAdministrators.find((s: { kind: string }) => s.kind === 'administrativos/norma');
    expect(norma.subject).toBe('I');
    const minutesForBothGuides = norma.estimatedMinutes;
    const base = { activeId: norma.activeId, cicleId: norma.cicleId };
    const riskAnswers: Record<string, string> = { servesCustomers: 'no', isSupervisor: 'no' };
    for (const section of NOM035_QUESTIONNAIRES.II.sections)
      for (const item of section.items) if (item.type === 'frequency' && !item.gate) riskAnswers[item.id] = 'sometimes';
    const early = await post('/respondents/responses', { ...base, subject: 'II', idempotencyKey: 'nom-early-0001', answers: riskAnswers }, worker);
    expect(early.statusCode).toBe(409);

    const guideOne = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i + 1}`, i === 0 || i === 6 ? 'yes' : 'no']));
    const first = await post('/respondents/responses', { ...base, subject: 'I', idempotencyKey: 'nom-guia1-0001', answers: guideOne }, worker);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().referral).toBe(true);
    const replay = await post('/respondents/responses', { ...base, subject: 'I', idempotencyKey: 'nom-guia1-0001', answers: guideOne }, worker);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().referral).toBe(true);
    const referrals = await t.db.select().from(nom035Referrals);
    expect(referrals).toHaveLength(1);
    // Only 'Ver Canalizaciones NOM-035' shows who was referred.
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const listed = (await get('/nom035/referrals', admin)).json();
    expect(listed.total).toBe(1);
    expect(listed.referrals[0].staff.pc_id).toBe(DEMO_STAFF_PC_ID);
    expect(JSON.stringify(listed)).not.toContain('answers');
    // No day of its own (it could single out the worker's Guía I response): the application's window says when.
    expect(listed.referrals[0]).not.toHaveProperty('referred_on');
    expect(listed.referrals[0].active).toMatchObject({ start_active: expect.any(String), end_active: expect.any(String) });
    const viewer = await t.login(DEMO_PERIODS_VIEWER.email, DEMO_PERIODS_VIEWER.password);
    expect((await get('/nom035/referrals', viewer)).statusCode).toBe(403);
    const attended = await t.request({ method: 'PUT', url: `${API}/nom035/referrals/${listed.referrals[0].id}`, payload: { attended: true, notes: 'Cita agendada' }, token: admin });
    expect(attended.json().referral).toMatchObject({ notes: 'Cita agendada', attended_at: expect.any(String) });

    const next = (await get('/respondents/availability/encuestasAdministrators', worker))
      .json()
      .encuestasAdministrators.find((s: { kind: string }) => s.kind === 'administrativos/norma');
    expect(next).toMatchObject({ subject: 'II', done: false });
    // Only the risk guide is left, so the estimate shrinks.
    expect(next.estimatedMinutes).toBeGreaterThanOrEqual(1);
    expect(next.estimatedMinutes).toBeLessThan(minutesForBothGuides);
    const risk = await post('/respondents/responses', { ...base, subject: 'II', idempotencyKey: 'nom-guia2-0001', answers: riskAnswers }, worker);
    expect(risk.statusCode, risk.body).toBe(201);
    await publishHeldResponses(t.db, { minBatch: 1, heldKey: testHeldKey });
    const [scored] = await t.db.select().from(responses).where(eq(responses.questionnaireId, 'nom035-guia2'));
    expect(scored!.scores).toMatchObject({ guide: 'II', final: { score: expect.any(Number), level: expect.any(String) } });
  });
});

describe(`anonymity of responses (${driverName})`, () => {
  it('no response column can be joined to a respondent or a completion: no person id, no time of day, random ids', async () => {
    const columns = await queryRows<{ column_name: string; data_type: string }>(
      t.db,
      sql`select column_name, data_type from information_schema.columns where table_name = 'response' order by column_name`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(
      [
        'active_id', 'answers', 'campus_id', 'ciclo_id', 'class_id', 'grupo', 'id', 'periodo_id', 'plan', 'questionnaire_id',
        'questionnaire_version', 'scores', 'submitted_on', 'survey_kind', 'teacher_id',
      ].sort(),
    );
    expect(columns.filter((c) => /time/.test(c.data_type))).toEqual([]);
    expect(columns.find((c) => c.column_name === 'id')!.data_type).toBe('uuid');

    const foreignKeys = await queryRows<{ target: string }>(
      t.db,
      sql`select ccu.table_name as target from information_schema.table_constraints tc
          join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
          where tc.table_name = 'response' and tc.constraint_type = 'FOREIGN KEY'`,
    );
    for (const target of ['student', 'staff', 'completion', 'session', 'respondent_login_code']) {
      expect(foreignKeys.map((f) => f.target)).not.toContain(target);
    }
    const completionColumns = await queryRows<{ column_name: string; data_type: string }>(
      t.db,
      sql`select column_name, data_type from information_schema.columns where table_name = 'completion'`,
    );
    expect(completionColumns.filter((c) => /time/.test(c.data_type))).toEqual([]);
    expect(completionColumns.map((c) => c.column_name)).not.toContain('id');
  });

  it('response ids are random, so their order says nothing about who answered first', async () => {
    const ids = (await t.db.select({ id: responses.id }).from(responses)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const completionRows = await t.db.select().from(completions);
    expect(completionRows.length).toBe(ids.length);
  });
});

describe(`suggestion box (${driverName})`, () => {
  it('a respondent sends a suggestion; the back office filters, categorises, resolves, marks contacted and closes it', async () => {
    const token = await respondentLogin(DEMO_STUDENT_PC_ID);
    expect((await get('/suggestions/avalible', token)).json()).toEqual({ avalible: true });
    const { commentCategories } = (await get('/comment-categories')).json();
    const categories = (await get('/suggestion-categories')).json();
    const queja = commentCategories.find((c: { name: string }) => c.name === 'Queja');
    const form = {
      comment: 'La cafetería cierra antes de que termine el turno vespertino.',
      commentCategoryId: queja.id,
      suggestionCategoryId: categories.allSuggestionCategories[0].id,
      contact: { phone: '222 123 4567', email: '', checked: true },
      legaChecked: true,
    };
    expect((await post('/suggestions', { ...form, legaChecked: false }, token)).statusCode).toBe(422);
    const created = await post('/suggestions', form, token);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().suggestion.id;

    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const listed = (await get(`/suggestions?commentsCategoryId=${queja.id}&hasContact=true&isClosed=false&filter=cafeter`, admin)).json();
    expect(listed.suggestions.map((s: { id: string }) => s.id)).toEqual([id]);
    // Accents and case aside: 'cafeteria', 'CAFETERÍA' and 'VESPERTINO' find 'La cafetería … vespertino'.
    for (const filter of ['cafeteria', 'CAFETERÍA', 'VESPERTINO', 'turno vespertíno']) {
      const found = (await get(`/suggestions?${new URLSearchParams({ filter, isClosed: 'false' })}`, admin)).json();
      expect(found.suggestions.map((s: { id: string }) => s.id), filter).toContain(id);
    }
    expect((await get(`/suggestions?filter=cafeter%25a`, admin)).json().suggestions).toEqual([]);
    expect(listed.suggestions[0]).toMatchObject({
      commentCategory: { name: 'Queja', color: 'warning' },
      suggestionResolution: { name: 'Sin categorizar', color: 'default' },
      contact: { checked: true, phone: '2221234567', email: null },
    });
    const { suggestionResolutions } = (await get('/suggestion-resolutions')).json();
    const procedente = suggestionResolutions.find((r: { name: string }) => r.name === 'Procedente');
    const updated = await t.request({ method: 'PUT', url: `${API}/suggestions/${id}`, payload: { suggestionResolutionId: procedente.id }, token: admin });
    expect(updated.json().suggestion.suggestionResolution).toMatchObject({ name: 'Procedente', color: 'success' });
    const contacted = await t.request({ method: 'PUT', url: `${API}/suggestions/${id}/contact`, token: admin });
    expect(contacted.json().suggestion.isContacted).toBe(true);
    const closed = await t.request({ method: 'PUT', url: `${API}/suggestions/${id}/close`, token: admin });
    expect(closed.json().suggestion.isClosed).toBe(true);
    const afterClose = await t.request({ method: 'PUT', url: `${API}/suggestions/${id}`, payload: { suggestionResolutionId: procedente.id }, token: admin });
    expect(afterClose.statusCode).toBe(409);
  });

  it('keeps a random id and the day only: no time of writing or of any later change', async () => {
    // A teacher: the student has used up the 5 codes per 15 minutes by now.
    const token = await respondentLogin(DEMO_TEACHER_PC_ID);
    const { commentCategories } = (await get('/comment-categories')).json();
    const { allSuggestionCategories } = (await get('/suggestion-categories')).json();
    const form = {
      comment: 'Faltan bancas en el patio.',
      commentCategoryId: commentCategories[0].id,
      suggestionCategoryId: allSuggestionCategories[0].id,
      contact: { checked: false },
      legaChecked: true,
    };
    const sent = [await post('/suggestions', form, token), await post('/suggestions', form, token)];
    const [first, second] = sent.map((response) => {
      expect(response.statusCode, response.body).toBe(201);
      return response.json().suggestion;
    });
    for (const created of [first, second]) {
      expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(created.created_on).toBe(mexicoCityDay());
    }
    const columns = await queryRows<{ column_name: string; data_type: string }>(
      t.db,
      sql`select column_name, data_type from information_schema.columns where table_name = 'suggestion'`,
    );
    expect(columns.filter((c) => /time/.test(c.data_type))).toEqual([]);
    expect(columns.find((c) => c.column_name === 'id')?.data_type).toBe('uuid');

    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect((await get(`/suggestions/${first.id}`, admin)).json().suggestion.comment).toBe(form.comment);
    const malformed = await get('/suggestions/1', admin);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error.fields.id).toEqual(['Identificador no válido']);
    expect((await get('/suggestions/6f1f7c2e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', admin)).statusCode).toBe(404);
  });

  it('refuses suggestions where the campus box is closed', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const token = await respondentLogin(DEMO_STUDENT_PC_ID);
    const me = (await get('/respondents/me', token)).json().respondent;
    await t.request({ method: 'PUT', url: `${API}/campus/${me.campus.id}/suggestion-box`, payload: { avalible: false }, token: admin });
    expect((await get(`/campus/${me.campus.id}/suggestion-box`, admin)).json().campus).toMatchObject({ id: me.campus.id, avalible: false });
    expect((await get('/suggestions/avalible', token)).json()).toEqual({ avalible: false });
    const refused = await post('/suggestions', { comment: 'Hola', commentCategoryId: 1, suggestionCategoryId: 1, contact: { checked: false }, legaChecked: true }, token);
    expect(refused.statusCode).toBe(403);
  });
});
