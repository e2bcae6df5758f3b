/**
 * Catalogue answers are stable codes: the catalogues endpoint offers codes,
 * a submission stores them, and renumbering, renaming, reseeding or
 * disabling catalogue entries leaves stored answers and the answer schema
 * in agreement.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MX_GEO_CATALOGS } from '@encuestas/core/catalogs/mx-geo';
import { buildAnswersSchema, INVALID_OPTION_MESSAGE } from '@encuestas/core/survey-engine/answers';
import type { Answers, Catalogs } from '@encuestas/core/survey-engine/types';
import { SERVICIOS_B_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-servicios-b/questionnaire';
import { fillAnswers } from '@encuestas/core/survey-kinds/testing';
import { CATALOGS, seedReferenceData } from '../../src/db/seed/reference';
import { queryRows } from '../../src/db/client';
import { catalogItems } from '../../src/db/schema';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { API, createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { openedHeldResponses } from '../helpers/held';
import { createCampusWithRespondents } from '../helpers/factories';
import { respondentToken } from '../helpers/respondents';

let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  student = await respondentToken(t, (await createCampusWithRespondents(t.db)).student.pcId);
});
afterAll(async () => {
  await t?.close();
});

const getCatalogs = async (): Promise<Catalogs> => {
  const response = await t.request({ method: 'GET', url: `${API}/catalogs` });
  expect(response.statusCode).toBe(200);
  return response.json<{ catalogs: Catalogs }>().catalogs;
};
const catalogRows = () =>
  t.db.select({ id: catalogItems.id, catalog: catalogItems.catalog, code: catalogItems.code, name: catalogItems.name }).from(catalogItems).orderBy(catalogItems.id);
const storedSurveyB = async () => {
  const row = (await openedHeldResponses(t.db)).find((r) => r.questionnaireId === SERVICIOS_B_QUESTIONNAIRE.id);
  return row!.answers as Answers;
};
/** The stored answers checked as a new submission would be, with the catalogues as the database has them now. */
const schemaAccepts = async (answers: Answers) => buildAnswersSchema(SERVICIOS_B_QUESTIONNAIRE, await loadCatalogs(t.db)).safeParse(answers).success;

describe(`catalogue answers as stable codes (${driverName})`, () => {
  let answers: Answers;

  it('offers every seeded entry with its code as the value and its name as the label', async () => {
    const catalogs = await getCatalogs();
    for (const [catalog, entries] of Object.entries(CATALOGS)) {
      expect(catalogs[catalog], catalog).toEqual(entries.map((entry) => ({ value: entry.code, label: entry.name })));
    }
    expect(await t.db.$count(catalogItems)).toBe(Object.values(CATALOGS).flat().length);
  });

  it('refuses a serial id where a code is expected, naming the question', async () => {
    const { encuestas } = (await t.request({ method: 'GET', url: `${API}/respondents/availability`, token: student })).json();
    const surveyB = encuestas.find((s: { kind: string }) => s.kind === 'alumnos/serviciosB');
    const [expensive] = await t.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(and(eq(catalogItems.catalog, 'TripCost'), eq(catalogItems.code, 'mas-de-10000')));
    answers = fillAnswers(SERVICIOS_B_QUESTIONNAIRE, { ...(await getCatalogs()), ...MX_GEO_CATALOGS }, {
      tripCost: String(expensive!.id),
      exchangeParticipated: 'yes',
      exchangeCost: 'menos-de-20000',
    });
    const base = { activeId: surveyB.activeId, cicleId: surveyB.cicleId, subject: surveyB.subject };
    const refused = await t.request({
      method: 'POST',
      url: `${API}/respondents/responses`,
      token: student,
      payload: { ...base, idempotencyKey: 'catalog-id-0001', answers },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ 'answers.tripCost': [INVALID_OPTION_MESSAGE] });

    answers = { ...answers, tripCost: 'mas-de-10000' };
    const accepted = await t.request({
      method: 'POST',
      url: `${API}/respondents/responses`,
      token: student,
      payload: { ...base, idempotencyKey: 'catalog-code-001', answers },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await storedSurveyB()).toMatchObject({ tripCost: 'mas-de-10000', exchangeCost: 'menos-de-20000' });
  });

  it('keeps stored answers and the answer schema in agreement after the catalogue is deleted and re-inserted in another order', async () => {
    const before = await catalogRows();
    await t.db.delete(catalogItems);
    await t.db.insert(catalogItems).values(
      Object.entries(CATALOGS)
        .flatMap(([catalog, entries]) => entries.map(({ code, name }, position) => ({ catalog, code, name, position })))
        .reverse(),
    );
    const after = await catalogRows();
    const idOf = (rows: typeof before, code: string) => rows.find((row) => row.catalog === 'TripCost' && row.code === code)!.id;
    expect(idOf(after, 'mas-de-10000')).not.toBe(idOf(before, 'mas-de-10000'));

    const stored = await storedSurveyB();
    expect(stored.tripCost).toBe('mas-de-10000');
    expect(await schemaAccepts(stored)).toBe(true);
    // The order shown stays the seed's (position), not the new ids'.
    expect((await getCatalogs()).TripCost!.map((entry) => entry.value)).toEqual(CATALOGS.TripCost!.map((entry) => entry.code));
  });

  it('keeps an entry’s code when it is renamed, and a reseed (twice) neither recodes, renames back nor duplicates entries', async () => {
    await t.db.update(catalogItems).set({ name: 'Más de diez mil pesos' }).where(and(eq(catalogItems.catalog, 'TripCost'), eq(catalogItems.code, 'mas-de-10000')));
    const renamed = await catalogRows();
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    expect(await catalogRows()).toEqual(renamed);
    expect((await getCatalogs()).TripCost).toContainEqual({ value: 'mas-de-10000', label: 'Más de diez mil pesos' });
    expect(await schemaAccepts(await storedSurveyB())).toBe(true);
  });

  it('still resolves a disabled entry’s code for old answers, while no longer offering it', async () => {
    await t.db.update(catalogItems).set({ enabled: false }).where(and(eq(catalogItems.catalog, 'TripCost'), eq(catalogItems.code, 'mas-de-10000')));
    expect((await getCatalogs()).TripCost!.map((entry) => entry.value)).not.toContain('mas-de-10000');
    const stored = await storedSurveyB();
    const resolved = await queryRows<{ name: string }>(t.db, sql`
      select c.name from catalog_item c where c.catalog = 'TripCost' and c.code = ${String(stored.tripCost)}`);
    expect(resolved.map((row) => row.name)).toEqual(['Más de diez mil pesos']);
    expect(await schemaAccepts(stored)).toBe(false);
    expect(await schemaAccepts({ ...stored, tripCost: 'menos-de-2000' })).toBe(true);
  });
});
