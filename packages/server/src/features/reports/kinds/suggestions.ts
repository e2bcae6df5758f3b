/**
 * The suggestion box's counts (spec §3: daly, monthly, total): suggestions
 * received per Mexico City day (`created_on` is stored as that day) and per
 * month, at one campus or every campus the user holds, optionally within a
 * range of days. Read from the suggestion table by its (campus, day) index.
 * The list and one suggestion stay in features/suggestions.
 */
import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SuggestionCounts } from '@encuestas/core/survey-kinds/buzon/report-contract';
import type { ReadDatabase } from '../../../db/client';
import { campuses, suggestions } from '../../../db/schema';
import { assertCampusGranted } from '../../../http/grants';
import type { AdminPrincipal } from '../../users/service';

export async function suggestionCounts(
  db: ReadDatabase,
  principal: AdminPrincipal,
  query: { campusId?: number | undefined; from?: string | undefined; to?: string | undefined },
): Promise<SuggestionCounts> {
  if (query.campusId !== undefined) assertCampusGranted(principal, query.campusId);
  const campusIds = query.campusId !== undefined ? [query.campusId] : principal.campusIds;
  const base = { from: query.from ?? null, to: query.to ?? null };
  if (campusIds.length === 0) return { campuses: [], ...base, total: 0, daily: [], monthly: [] };

  const conditions = [inArray(suggestions.campusId, campusIds)];
  if (query.from) conditions.push(gte(suggestions.createdOn, query.from));
  if (query.to) conditions.push(lte(suggestions.createdOn, query.to));
  const [campusRows, daily] = await Promise.all([
    db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses).where(inArray(campuses.id, campusIds)).orderBy(asc(campuses.nombre)),
    db
      .select({ day: suggestions.createdOn, n: sql<number>`count(*)::int` })
      .from(suggestions)
      .where(and(...conditions))
      .groupBy(suggestions.createdOn)
      .orderBy(asc(suggestions.createdOn)),
  ]);
  const monthly = new Map<string, number>();
  for (const { day, n } of daily) monthly.set(day.slice(0, 7), (monthly.get(day.slice(0, 7)) ?? 0) + n);
  return {
    campuses: campusRows,
    ...base,
    total: daily.reduce((sum, row) => sum + row.n, 0),
    daily,
    monthly: [...monthly].map(([month, n]) => ({ month, n })),
  };
}
