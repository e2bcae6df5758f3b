/**
 * Migration 0015 on a database that lived before it: `agg_text_count` gets
 * one row per item, application and evaluated teacher (0 for none), filled
 * from the texts already folded, so the small-group rule judges a teacher's
 * comments at an application on their own (docs/privacy.md, "Small groups
 * and arithmetic").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

describe(`migration 0015 on folded comments (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(15);
    ({ handle } = before);
    const text = (teacher: number | null, item: string) =>
      sql`insert into response_text (id, ciclo_id, active_id, campus_id, periodo_id, survey_kind, questionnaire_id, item_id, teacher_id, text)
        values (gen_random_uuid(), 1, 1, 1, 1, 'alumnos/evaluacionDocente', 'q', ${item}, ${teacher}, 'Comentario')`;
    for (const [teacher, item] of [[7, 'comments'], [7, 'comments'], [8, 'comments'], [null, 'comments'], [null, 'other']] as const) {
      await handle.db.execute(text(teacher, item));
    }
    await handle.db.execute(sql`insert into agg_text_count (ciclo_id, active_id, campus_id, periodo_id, item_id, n) values (1, 1, 1, 1, 'comments', 4), (1, 1, 1, 1, 'other', 1)`);
    await before.migrateAll();
  }, HEAVY_TIMEOUT_MS);
  afterAll(() => before?.close());

  it('counts each teacher’s texts apart, and those about no teacher under 0', async () => {
    const rows = await queryRows<{ item_id: string; teacher_id: number; n: number }>(
      handle.db,
      sql`select item_id, teacher_id, n from agg_text_count order by item_id, teacher_id`,
    );
    expect(rows).toEqual([
      { item_id: 'comments', teacher_id: 0, n: 1 },
      { item_id: 'comments', teacher_id: 7, n: 2 },
      { item_id: 'comments', teacher_id: 8, n: 1 },
      { item_id: 'other', teacher_id: 0, n: 1 },
    ]);
  });
});
