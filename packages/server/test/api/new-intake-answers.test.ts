/**
 * New intake version 3 through the real submission endpoint: a student picks
 * the school from the catalogue's codes, writes an unlisted one under 'Otro',
 * or comes from abroad ('Otro / extranjero' state and the place written) and
 * still finishes; a school or place missing or made up is refused in Spanish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OPTION_MESSAGE, NOT_APPLICABLE_MESSAGE, REQUIRED_ANSWER_MESSAGE } from '@encuestas/core/survey-engine/answers';
import type { Answers, Catalogs } from '@encuestas/core/survey-engine/types';
import { NEW_INTAKE_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { fillAnswers } from '@encuestas/core/survey-kinds/testing';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { createApplication, createCampus, createPeriod, createStudent } from '../helpers/factories';
import { openedHeldResponses } from '../helpers/held';
import { respondentToken } from '../helpers/respondents';

let t: TestApp;
let catalogs: Catalogs;
/** Two newcomers on the period's new-intake list, at a campus whose open application has the new-intake survey. */
let newcomers: string[];

beforeAll(async () => {
  t = await createTestApp();
  catalogs = await loadCatalogs(t.db);
  const campusId = await createCampus(t.db);
  const periodoId = await createPeriod(t.db);
  await createApplication(t.db, { campusId, periodoId, kinds: ['alumnos/nuevoIngreso'] });
  newcomers = [];
  for (let i = 0; i < 2; i++) newcomers.push((await createStudent(t.db, { campusId, periodoId, newIntake: true })).pcId);
});
afterAll(async () => {
  await t?.close();
});

/** Submits the new intake as the student; answers the response. */
async function submit(pcId: string, answers: Answers, key: string) {
  const token = await respondentToken(t, pcId);
  const { encuestasTarget } = (await t.request({ method: 'GET', url: `${API}/respondents/availability`, token })).json();
  const survey = encuestasTarget.find((s: { kind: string }) => s.kind === 'alumnos/nuevoIngreso');
  expect(survey, pcId).toBeDefined();
  return t.request({
    method: 'POST',
    url: `${API}/respondents/responses`,
    token,
    payload: { activeId: survey.activeId, cicleId: survey.cicleId, subject: survey.subject, idempotencyKey: key, answers },
  });
}

const storedIntakes = async () =>
  (await openedHeldResponses(t.db)).filter((r) => r.surveyKind === 'alumnos/nuevoIngreso').map((r) => ({ answers: r.answers, version: r.questionnaireVersion }));

describe(`new intake answers (${driverName})`, () => {
  it('has two newcomers and a catalogue of schools to pick from', () => {
    expect(newcomers.length).toBeGreaterThanOrEqual(2);
    expect(catalogs.InstitudeOption!.length).toBeGreaterThan(30);
    expect(catalogs.InstitudeOption).toContainEqual({ value: 'instituto-oriente-puebla', label: 'Instituto Oriente (Puebla)' });
  });

  it('refuses a made-up school code, an unlisted school without its name, and a municipio for a student from abroad', async () => {
    const base = fillAnswers(NEW_INTAKE_QUESTIONNAIRE, catalogs);
    const madeUp = await submit(newcomers[0]!, { ...base, institute: 'prepa-inventada' }, 'intake-refused-01');
    expect(madeUp.statusCode).toBe(422);
    expect(madeUp.json().error.fields).toEqual({ 'answers.institute': [INVALID_OPTION_MESSAGE] });

    const unnamed = await submit(newcomers[0]!, { ...base, institute: 'otro', schoolType: 'preparatoria-publica' }, 'intake-refused-02');
    expect(unnamed.json().error.fields).toEqual({ 'answers.schoolName': [REQUIRED_ANSWER_MESSAGE] });

    const abroad = await submit(newcomers[0]!, { ...base, originState: 'otro', originPlace: 'Quito, Ecuador' }, 'intake-refused-03');
    expect(abroad.statusCode).toBe(422);
    expect(abroad.json().error.fields).toEqual({ 'answers.originMunicipio': [NOT_APPLICABLE_MESSAGE] });
    expect(await storedIntakes()).toEqual([]);
  });

  it('stores a school picked from the catalogue by its code, and a student from abroad with an unlisted school', async () => {
    const listed = fillAnswers(NEW_INTAKE_QUESTIONNAIRE, catalogs, { originState: '21', originMunicipio: '21114', institute: 'instituto-oriente-puebla' });
    expect((await submit(newcomers[0]!, listed, 'intake-listed-001')).statusCode).toBe(201);

    const { originMunicipio: _none, ...fromAbroad } = fillAnswers(NEW_INTAKE_QUESTIONNAIRE, catalogs, {
      originState: 'otro',
      originPlace: 'Quito, Ecuador',
      institute: 'otro',
      schoolName: 'Unidad Educativa Quito',
      schoolType: 'preparatoria-privada',
    });
    const abroad = await submit(newcomers[1]!, fromAbroad, 'intake-abroad-001');
    expect(abroad.statusCode, abroad.body).toBe(201);

    const stored = await storedIntakes();
    expect(stored.map((row) => row.version)).toEqual([3, 3]);
    expect(stored.map((row) => row.answers)).toEqual(expect.arrayContaining([
      expect.objectContaining({ institute: 'instituto-oriente-puebla', originMunicipio: '21114' }),
      expect.objectContaining({ originState: 'otro', originPlace: 'Quito, Ecuador', institute: 'otro', schoolName: 'Unidad Educativa Quito' }),
    ]));
    expect(stored.some((row) => 'originMunicipio' in (row.answers as Answers) && (row.answers as Answers).originState === 'otro')).toBe(false);
  });
});
