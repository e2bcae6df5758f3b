/**
 * The triage stored with each text (migration 0023): the fold writes it with
 * the text (triageColumns), so the review queue and the alert list read it
 * instead of triaging every comment on each request. Texts folded before
 * the migration have none; the server triages them at start
 * (triageUnstoredTexts), and a reader that meets one still untriaged
 * triages it then (storedTriage), so no alert is lost to an upgrade.
 */
import { sql } from 'drizzle-orm';
import type { AlertCategory } from '@encuestas/core/api/comment-review';
import { queryRows, type Database } from '../../db/client';
import { triageComment, type CommentTriage } from './triage';

/** response_text's triage columns for `text`, as the fold writes them. */
export function triageColumns(text: string): { tone: number; alert_category: AlertCategory | null; alert_matched: string | null } {
  const { tone, alert } = triageComment(text);
  return { tone, alert_category: alert?.category ?? null, alert_matched: alert?.matched ?? null };
}

/** A text's stored triage as triageComment gives it (triaged now when it has none yet). */
export function storedTriage(row: { text: string; tone: number | null; alertCategory: AlertCategory | null; alertMatched: string | null }): CommentTriage {
  if (row.tone === null) return triageComment(row.text);
  return { tone: row.tone, alert: row.alertCategory === null ? null : { category: row.alertCategory, matched: row.alertMatched ?? '' } };
}

/**
 * Triages every text that has no stored triage (folded before migration
 * 0023), `batchSize` at a time; returns how many. After the first start on
 * the new version there are none, and the partial index makes asking cheap.
 */
export async function triageUnstoredTexts(db: Database, batchSize = 1000): Promise<number> {
  let triaged = 0;
  for (;;) {
    const batch = await queryRows<{ id: string; text: string }>(db, sql`select id, text from response_text where tone is null limit ${batchSize}`);
    if (batch.length === 0) return triaged;
    const rows = batch.map(({ id, text }) => ({ id, ...triageColumns(text) }));
    await db.execute(sql`update response_text set tone = x.tone, alert_category = x.alert_category, alert_matched = x.alert_matched
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, tone float8, alert_category text, alert_matched text)
      where response_text.id = x.id`);
    triaged += batch.length;
  }
}
