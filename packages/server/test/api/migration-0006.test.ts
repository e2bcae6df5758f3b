/**
 * Migration 0006 on a database that lived before it: every catalogue entry
 * gets a stable code (the same the reference seed gives it), and stored
 * answers of every catalogue question of every questionnaire go from serial
 * ids to codes; nothing else in the answers changes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { CATALOGS, seedReferenceData } from '../../src/db/seed/reference';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';


/** Every question of every questionnaire that answers from a server catalogue today (INEGI values are claves already). */
const CURRENT_CATALOG_QUESTIONS = Object.values(SURVEY_KIND_DEFINITIONS).flatMap((definition) =>
  definition.questionnaires.flatMap((questionnaire) =>
    questionnaire.sections.flatMap((section) =>
      section.items.flatMap((item) =>
        (item.type === 'single' || item.type === 'multiple') && item.catalog && item.catalog in CATALOGS
          ? [{ questionnaireId: questionnaire.id, kind: definition.id, item: item.id, type: item.type, catalog: item.catalog }]
          : [],
      ),
    ),
  ),
);

/**
 * The questions migration 0006 converts: the server-catalogue questions as they stood then
 * (new intake version 2 asked schoolType from InstitudeOption). Questions added later
 * (new intake's institute, version 3) were answered with codes from the start.
 */
const CATALOG_QUESTIONS = [
  ...CURRENT_CATALOG_QUESTIONS.filter((q) => q.item !== 'institute'),
  { questionnaireId: 'alumnos-nuevo-ingreso', kind: 'alumnos/nuevoIngreso', item: 'schoolType', type: 'single', catalog: 'InstitudeOption' },
];

/** The catalogue questions by questionnaire (Map.groupBy needs Node 21). */
const QUESTIONS_BY_QUESTIONNAIRE = new Map<string, typeof CATALOG_QUESTIONS>();
for (const question of CATALOG_QUESTIONS) {
  QUESTIONS_BY_QUESTIONNAIRE.set(question.questionnaireId, [...(QUESTIONS_BY_QUESTIONNAIRE.get(question.questionnaireId) ?? []), question]);
}

/** Entries an operator added by hand, to see the slug rules on names the seed does not have. */
const HAND_MADE = ['Más de $1,000', 'Página web', 'Pagina web', '2024', 'Niños y niñas (¿otro?)', "O'Higgins · Ñuñoa"];

describe(`migration 0006 on existing data (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;
  /** Old id of each entry, by catalogue and name. */
  const oldIds = new Map<string, number>();
  const idOf = (catalog: string, index: number) => oldIds.get(`${catalog}|${CATALOGS[catalog]![index]!.name}`)!;
  const codeOf = (catalog: string, index: number) => CATALOGS[catalog]![index]!.code;
  const answersOf = async (questionnaireId: string) =>
    (await queryRows<{ answers: Record<string, unknown> }>(handle.db, sql`select answers from response where questionnaire_id = ${questionnaireId}`))[0]!
      .answers;

  beforeAll(async () => {
    before = await databaseBeforeMigration(6);
    ({ handle } = before);
    // Entries in reverse order, so old ids follow no order the seed would give.
    const entries = [
      ...Object.entries(CATALOGS).flatMap(([catalog, list]) => list.map((entry, position) => ({ catalog, name: entry.name, position }))),
      ...HAND_MADE.map((name, position) => ({ catalog: 'HandMade', name, position })),
    ].reverse();
    for (const entry of entries) {
      const [row] = await queryRows<{ id: number }>(
        handle.db,
        sql`insert into catalog_item (catalog, name, position) values (${entry.catalog}, ${entry.name}, ${entry.position}) returning id`,
      );
      oldIds.set(`${entry.catalog}|${entry.name}`, row!.id);
    }

    await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await handle.db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026-1', '2026-01-01', '2026-06-30')`);
    await handle.db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
    await handle.db.execute(sql`insert into ciclo (id, name, survey_kind) values (1, 'Ciclo', 'alumnos/serviciosB')`);
    const insertResponse = (questionnaireId: string, kind: string, answers: object) =>
      handle.db.execute(sql`insert into response (id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id, periodo_id, submitted_on, answers)
        values (gen_random_uuid(), ${kind}, ${questionnaireId}, 1, 1, 1, 1, 1, '2026-03-02', ${JSON.stringify(answers)}::jsonb)`);

    // One old-style response per questionnaire with catalogue questions: ids as text, 'otro' in the lists,
    // and beside them answers that look like ids but are not catalogue answers.
    for (const [questionnaireId, questions] of QUESTIONS_BY_QUESTIONNAIRE) {
      const answers: Record<string, unknown> = { someText: '3', originState: '21' };
      for (const q of questions) answers[q.item] = q.type === 'single' ? String(idOf(q.catalog, 1)) : [String(idOf(q.catalog, 2)), String(idOf(q.catalog, 0)), 'otro'];
      await insertResponse(questionnaireId, questions[0]!.kind, answers);
    }
    await insertResponse('alumnos-evaluacion-docente', 'alumnos/evaluacionDocente', { tripCost: '3', knowChannels: ['3'] });
    await before.migrateAll();
  });
  afterAll(async () => {
    await before?.close();
  });

  it('knows the catalogue questions of new intake and survey B, and only institute (version 3) came after it', () => {
    expect(CURRENT_CATALOG_QUESTIONS.map((q) => `${q.questionnaireId}.${q.item}`)).toEqual(
      expect.arrayContaining(['alumnos-nuevo-ingreso.institute']),
    );
    expect(CURRENT_CATALOG_QUESTIONS).toHaveLength(CATALOG_QUESTIONS.length);
    expect(CATALOG_QUESTIONS.map((q) => `${q.questionnaireId}.${q.item}`).sort()).toEqual([
      'alumnos-nuevo-ingreso.communicationChannel',
      'alumnos-nuevo-ingreso.effectiveChannel',
      'alumnos-nuevo-ingreso.extracurricularActivities',
      'alumnos-nuevo-ingreso.knowChannels',
      'alumnos-nuevo-ingreso.schoolType',
      'alumnos-nuevo-ingreso.transportationMode',
      'alumnos-servicios-b.exchangeCost',
      'alumnos-servicios-b.tripCost',
    ]);
  });

  it('gives each seeded entry the code the reference seed gives it, whatever its old id', async () => {
    const rows = await queryRows<{ id: number; catalog: string; name: string; code: string }>(handle.db, sql`select id, catalog, name, code from catalog_item`);
    const codes = new Map(rows.map((row) => [`${row.catalog}|${row.name}`, row.code]));
    for (const [catalog, entries] of Object.entries(CATALOGS)) {
      for (const entry of entries) expect(codes.get(`${catalog}|${entry.name}`), `${catalog} ${entry.name}`).toBe(entry.code);
    }
    for (const row of rows) expect(row.id).toBe(oldIds.get(`${row.catalog}|${row.name}`));
  });

  it('slugs other names: accents and thousands separators folded, letter-less slugs prefixed, a taken slug suffixed with the id', async () => {
    const rows = await queryRows<{ name: string; code: string }>(handle.db, sql`select name, code from catalog_item where catalog = 'HandMade'`);
    const codes = Object.fromEntries(rows.map((row) => [row.name, row.code]));
    // 'Pagina web' was inserted before 'Página web' (reverse order), so it has the lower id and the plain slug.
    expect(codes).toEqual({
      'Más de $1,000': 'mas-de-1000',
      'Pagina web': 'pagina-web',
      'Página web': `pagina-web-${oldIds.get('HandMade|Página web')}`,
      '2024': 'item-2024',
      'Niños y niñas (¿otro?)': 'ninos-y-ninas-otro',
      "O'Higgins · Ñuñoa": 'ohiggins-nunoa',
    });
  });

  it('turns every stored catalogue answer from ids into codes, keeping list order, «otro» and non-catalogue answers', async () => {
    for (const [questionnaireId, questions] of QUESTIONS_BY_QUESTIONNAIRE) {
      const expected: Record<string, unknown> = { someText: '3', originState: '21' };
      for (const q of questions) expected[q.item] = q.type === 'single' ? codeOf(q.catalog, 1) : [codeOf(q.catalog, 2), codeOf(q.catalog, 0), 'otro'];
      expect(await answersOf(questionnaireId), questionnaireId).toEqual(expected);
    }
    expect(await answersOf('alumnos-evaluacion-docente')).toEqual({ tripCost: '3', knowChannels: ['3'] });
  });

  it('leaves answers and catalogue in step: every converted answer is an option the server now offers', async () => {
    const catalogs = await loadCatalogs(handle.db);
    for (const q of CATALOG_QUESTIONS) {
      const offered = new Set([...catalogs[q.catalog]!.map((entry) => entry.value), 'otro']);
      const stored = (await answersOf(q.questionnaireId))[q.item];
      for (const value of [stored].flat()) expect(offered.has(value as string), `${q.item}: ${String(value)}`).toBe(true);
    }
  });

  it('lets the reference seed run afterwards without adding or recoding entries', async () => {
    const before = await queryRows<{ id: number; code: string }>(handle.db, sql`select id, code from catalog_item order by id`);
    await seedReferenceData(handle.db);
    expect(await queryRows(handle.db, sql`select id, code from catalog_item order by id`)).toEqual(before);
  });

  it('refuses a code that could pass for an id or is not a plain slug', async () => {
    for (const code of ['12', 'Con-Mayúscula', 'doble--guion', '-inicio']) {
      await expect(
        handle.db.execute(sql`insert into catalog_item (catalog, code, name) values ('HandMade', ${code}, ${`nombre ${code}`})`),
        code,
      ).rejects.toThrow();
    }
  });
});
