/**
 * Migration 0008 on a database that lived before it: the aggregates accept
 * the `institute` segment (and still refuse an unknown one), and the
 * InstitudeOption catalogue loses its five kinds of bachillerato (now the
 * inline options version 3 asks for an unlisted school) while keeping any
 * school an operator added, and every stored answer as it was.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_TYPES } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/questionnaire';
import { queryRows } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const insertCount = (segment: string) =>
  sql`insert into agg_response_count (ciclo_id, active_id, campus_id, periodo_id, questionnaire_id, questionnaire_version, segment, segment_value, n)
    values (1, 10, 2, 3, 'alumnos-nuevo-ingreso', 3, ${segment}, 'instituto-oriente-puebla', 1)`;

describe(`migration 0008 on existing data (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let refusedBefore = false;
  const v2Answers = { originState: '21', originMunicipio: '21114', schoolType: 'preparatoria-privada', schoolName: 'Prepa 5' };

  beforeAll(async () => {
    before = await databaseBeforeMigration(8);
    const db = before.handle.db;
    await db.execute(sql`insert into catalog_item (catalog, code, name, position) values
      ${sql.join(SCHOOL_TYPES.map((type, i) => sql`('InstitudeOption', ${type.value}, ${type.label}, ${i})`), sql`, `)},
      ('InstitudeOption', 'prepa-del-operador', 'Prepa del operador', 9), ('TripCost', 'preparatoria-publica', 'Homónimo en otro catálogo', 0)`);
    await db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026-1', '2026-01-01', '2026-06-30')`);
    await db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
    await db.execute(sql`insert into ciclo (id, name, survey_kind) values (1, 'Ciclo', 'alumnos/nuevoIngreso')`);
    await db.execute(sql`insert into response (id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id, periodo_id, submitted_on, answers)
      values (gen_random_uuid(), 'alumnos/nuevoIngreso', 'alumnos-nuevo-ingreso', 2, 1, 1, 1, 1, '2026-03-02', ${JSON.stringify(v2Answers)}::jsonb)`);
    refusedBefore = await db.execute(insertCount('institute')).then(
      () => false,
      () => true,
    );
    await before.migrateAll();
  }, HEAVY_TIMEOUT_MS);

  afterAll(() => before?.close());

  it("lets the aggregates hold the institute segment, which they refused before, and still refuses an unknown one", async () => {
    expect(refusedBefore).toBe(true);
    await before.handle.db.execute(insertCount('institute'));
    await expect(before.handle.db.execute(insertCount('school'))).rejects.toThrow();
  });

  it('drops the five kinds of bachillerato from InstitudeOption only, keeping a school an operator added and stored answers', async () => {
    const rows = await queryRows<{ catalog: string; code: string }>(before.handle.db, sql`select catalog, code from catalog_item order by catalog, code`);
    expect(rows).toEqual([
      { catalog: 'InstitudeOption', code: 'prepa-del-operador' },
      { catalog: 'TripCost', code: 'preparatoria-publica' },
    ]);
    const [stored] = await queryRows<{ answers: unknown }>(before.handle.db, sql`select answers from response`);
    expect(stored!.answers).toEqual(v2Answers);
  });
});
