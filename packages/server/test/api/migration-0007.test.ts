/**
 * Migration 0007 on a database that lived before it: each response-count row
 * gets its segment's points and scored answers summed from its item cells,
 * so breakdowns read the same means as before without a rebuild.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

describe(`migration 0007 on existing aggregates (${driverName})`, () => {
  let before: DatabaseBeforeMigration;

  beforeAll(async () => {
    before = await databaseBeforeMigration(7);
    const db = before.handle.db;
    const key = (segment: string, value: string) => sql`1, 10, 2, 3, 'q', 1, ${segment}, ${value}`;
    for (const [segment, value, n] of [['all', '', 3], ['group', 'ING\u001f1A', 2], ['group', 'DER\u001f2B', 1]] as const) {
      await db.execute(sql`insert into agg_response_count (ciclo_id, active_id, campus_id, periodo_id, questionnaire_id, questionnaire_version, segment, segment_value, n)
        values (${key(segment, value)}, ${n})`);
    }
    const cells: [string, string, string, string, number, number, number][] = [
      ['all', '', 'q1', 'excelente', 2, 10, 2],
      ['all', '', 'q1', 'na', 1, 0, 0],
      ['all', '', 'q2', 'mala', 3, 3, 3],
      ['group', 'ING\u001f1A', 'q1', 'excelente', 2, 10, 2],
      ['group', 'ING\u001f1A', 'q2', 'mala', 2, 2, 2],
      ['group', 'DER\u001f2B', 'q1', 'na', 1, 0, 0],
    ];
    for (const [segment, value, item, answer, n, total, scored] of cells) {
      await db.execute(sql`insert into agg_answer_count (ciclo_id, active_id, campus_id, periodo_id, questionnaire_id, questionnaire_version, segment, segment_value, item_id, value, n, total, scored)
        values (${key(segment, value)}, ${item}, ${answer}, ${n}, ${total}, ${scored})`);
    }
    await before.migrateAll();
  }, HEAVY_TIMEOUT_MS);

  afterAll(() => before?.close());

  it("sums each segment's points and scored answers from its cells, leaving counts as they were", async () => {
    const rows = await queryRows<{ segment_value: string; n: number; total: number; scored: number }>(
      before.handle.db,
      sql`select segment_value, n, total::float8 as total, scored from agg_response_count order by segment, segment_value`,
    );
    expect(rows).toEqual([
      { segment_value: '', n: 3, total: 13, scored: 5 },
      { segment_value: 'DER\u001f2B', n: 1, total: 0, scored: 0 },
      { segment_value: 'ING\u001f1A', n: 2, total: 12, scored: 4 },
    ]);
  });
});
