/**
 * Migration 0023 on texts folded before it: they keep their words and get no
 * triage from the migration (SQL cannot triage); the start-up pass
 * (triageUnstoredTexts) gives each the triage triageComment gives, so no
 * alert is lost to the upgrade; the database refuses a category that is no
 * alert category, or one without its matched words.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { triageComment, triageUnstoredTexts } from '../../src/features/comment-triage';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const TEXTS = ['Explica con mucha claridad', 'El profesor me acosa después de clase', 'A veces quiero morirme', 'Clases aburridas'];

describe(`migration 0023 on texts folded before it (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(23);
    ({ handle } = before);
    for (const text of TEXTS) {
      await handle.db.execute(sql`insert into response_text (id, ciclo_id, active_id, campus_id, periodo_id, survey_kind, questionnaire_id, item_id, teacher_id, text)
        values (gen_random_uuid(), 1, 1, 1, 1, 'alumnos/evaluacionDocente', 'alumnos-evaluacion-docente', 'comments', 7, ${text})`);
    }
    await before.migrateAll();
  }, HEAVY_TIMEOUT_MS);
  afterAll(() => before?.close());

  const stored = () =>
    queryRows<{ text: string; tone: number | null; alert_category: string | null; alert_matched: string | null }>(
      handle.db,
      sql`select text, tone, alert_category, alert_matched from response_text order by text`,
    );

  it('keeps every text, untriaged, and the start-up pass triages each as triageComment does (once)', async () => {
    expect((await stored()).map((row) => [row.text, row.tone, row.alert_category])).toEqual([...TEXTS].sort().map((text) => [text, null, null]));
    expect(await triageUnstoredTexts(handle.db, 3)).toBe(TEXTS.length);
    for (const row of await stored()) {
      const { tone, alert } = triageComment(row.text);
      expect(row).toEqual({ text: row.text, tone, alert_category: alert?.category ?? null, alert_matched: alert?.matched ?? null });
    }
    expect((await stored()).filter((row) => row.alert_category !== null).map((row) => row.alert_category).sort()).toEqual(['acoso', 'autolesion']);
    expect(await triageUnstoredTexts(handle.db)).toBe(0);
  });

  it('refuses a category that is no alert category, and a category without its matched words', async () => {
    await expect(handle.db.execute(sql`update response_text set alert_category = 'otra', alert_matched = 'x' where text = 'Clases aburridas'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update response_text set alert_category = 'acoso', alert_matched = null where text = 'Clases aburridas'`)).rejects.toThrow();
  });

  it('makes the table of attended alerts', async () => {
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_name = 'comment_alert_state' order by column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual(['active_id', 'alert_key', 'attended_at', 'attended_by', 'note']);
  });
});
