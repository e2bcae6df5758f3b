/**
 * A text's cell: the agg_text_count row that counts it (same survey type,
 * period, item, campus, application and evaluated teacher, 0 for none). A
 * list may show a text only when its cell reaches the small-group rule
 * (docs/privacy.md); the comment review and the comment alerts read texts
 * with their cell through this one query.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { ReadDatabase } from '../../db/client';
import { responseTexts, textCounts } from '../../db/schema';

const TEXT_CELL: SQL = and(
  eq(textCounts.cycleId, responseTexts.cycleId),
  eq(textCounts.periodoId, responseTexts.periodoId),
  eq(textCounts.itemId, responseTexts.itemId),
  eq(textCounts.campusId, responseTexts.campusId),
  eq(textCounts.activeId, responseTexts.activeId),
  eq(textCounts.teacherId, sql`coalesce(${responseTexts.teacherId}, 0)`),
)!;

/**
 * response_text's `fields` with the size of each text's cell (`cell`: null
 * while no cell counts the text), for the caller to join and filter further
 * (`textCounts.n` in a condition is the cell's size).
 */
export function selectTextsWithCell<T extends SelectedFields>(db: ReadDatabase, fields: T) {
  return db
    .select({ ...fields, cell: textCounts.n })
    .from(responseTexts)
    .leftJoin(textCounts, TEXT_CELL);
}
