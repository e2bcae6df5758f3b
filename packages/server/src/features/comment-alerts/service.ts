/**
 * The comment alert list (issue 21): every text whose stored triage holds an
 * alert term (features/comment-triage), at the campuses and survey types the
 * holder of 'Atender Alertas de Comentarios' is granted, with its words, its
 * category and matched term and its application; for a teacher evaluation
 * the evaluated teacher, only when the comment's text cell reaches the
 * small-group rule. An alert from a cell under the rule is still listed, at
 * the application's level (docs/privacy.md, «Comment alerts»): a safety
 * alert is never lost, and nothing finer than a report shows is given.
 * Never the author, class, plan, group or day. Nothing is withheld or
 * deleted; «Atendida» records a note, audited without the words.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALERT_NOT_FOUND,
  type AttendAlertBody,
  type CommentAlert,
  type CommentAlertsPage,
  type commentAlertsQuerySchema,
} from '@encuestas/core/api/comment-alerts';
import { fullName } from '@encuestas/core/directory';
import type { Database, ReadDatabase } from '../../db/client';
import { actives, adminUsers, campuses, commentAlertStates, cycles, periods, responseTexts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted } from '../../http/grants';
import { selectTextsWithCell } from '../aggregates';
import { audit } from '../audit/service';
import { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS } from '../comment-triage';
import { teacherNames } from '../directory';
import type { AdminPrincipal } from '../users/service';

type AlertsQuery = z.output<typeof commentAlertsQuerySchema>;

/**
 * An alert's key: a SHA-256 of what the list shows of it (application, survey type, item, the teacher when shown,
 * words). Never of a hidden teacher: with the words and the application known, a hash of a teacher's id would be
 * guessed by trying every teacher.
 */
export function alertKey(place: { activeId: number; cycleId: number; itemId: string; shownTeacherId: number | null }, text: string): string {
  return createHash('sha256')
    .update(`${place.activeId}\u0000${place.cycleId}\u0000${place.itemId}\u0000${place.shownTeacherId ?? 0}\u0000${text}`)
    .digest('hex');
}

/** The filters as SQL over response_text, within the principal's grants (403 for a campus or survey type asked for and not granted). */
function alertConditions(principal: AdminPrincipal, query: Partial<AlertsQuery> & { activeId?: number }): SQL | undefined {
  if (query.campusId !== undefined) assertCampusGranted(principal, query.campusId);
  if (query.cycleId !== undefined) assertCyclesGranted(principal, [query.cycleId]);
  return and(
    isNotNull(responseTexts.alertCategory),
    // No grants, no alerts (an empty IN list is no SQL).
    principal.campusIds.length ? inArray(responseTexts.campusId, principal.campusIds) : sql`false`,
    principal.cycleIds.length ? inArray(responseTexts.cycleId, principal.cycleIds) : sql`false`,
    query.activeId === undefined ? undefined : eq(responseTexts.activeId, query.activeId),
    query.periodoId === undefined ? undefined : eq(responseTexts.periodoId, query.periodoId),
    query.campusId === undefined ? undefined : eq(responseTexts.campusId, query.campusId),
    query.cycleId === undefined ? undefined : eq(responseTexts.cycleId, query.cycleId),
    query.category === undefined ? undefined : eq(responseTexts.alertCategory, query.category),
  );
}

/** The alerts matching `where`, one entry per key, without their state; the teacher only where the rule lets a report show it. */
async function findAlerts(db: ReadDatabase, where: SQL | undefined, minGroupSize: number): Promise<Omit<CommentAlert, 'attended'>[]> {
  const rows = await selectTextsWithCell(db, {
    activeId: responseTexts.activeId,
    cycleId: responseTexts.cycleId,
    itemId: responseTexts.itemId,
    teacherId: responseTexts.teacherId,
    text: responseTexts.text,
    category: responseTexts.alertCategory,
    matched: responseTexts.alertMatched,
    campus: { id: campuses.id, nombre: campuses.nombre },
    periodo: { id: periods.id, nombre: periods.nombre },
    surveyType: { id: cycles.id, nombre: cycles.name },
  })
    .innerJoin(campuses, eq(campuses.id, responseTexts.campusId))
    .innerJoin(periods, eq(periods.id, responseTexts.periodoId))
    .innerJoin(cycles, eq(cycles.id, responseTexts.cycleId))
    .where(where);
  const shown = (row: (typeof rows)[number]) => (row.teacherId !== null && (row.cell ?? 0) >= minGroupSize ? row.teacherId : null);
  const names = await teacherNames(db, [...new Set(rows.map(shown).filter((id) => id !== null))]);
  const byKey = new Map<string, Omit<CommentAlert, 'attended'>>();
  for (const row of rows) {
    const shownTeacherId = shown(row);
    const key = alertKey({ activeId: row.activeId, cycleId: row.cycleId, itemId: row.itemId, shownTeacherId }, row.text);
    const known = byKey.get(key);
    if (known) {
      known.copies += 1;
      continue;
    }
    const category = row.category!;
    byKey.set(key, {
      key,
      text: row.text,
      copies: 1,
      category,
      label: ALERT_CATEGORY_LABELS[category],
      matched: row.matched ?? '',
      application: { id: row.activeId, campus: row.campus, periodo: row.periodo, surveyType: row.surveyType },
      teacher: shownTeacherId === null ? null : { id: shownTeacherId, name: names.get(shownTeacherId) ?? '' },
      smallGroup: row.teacherId !== null && shownTeacherId === null,
    });
  }
  return [...byKey.values()];
}

/** Each alert with its «Atendida» state, the most urgent category first, then the latest application. */
async function withStates(db: ReadDatabase, alerts: Omit<CommentAlert, 'attended'>[]): Promise<CommentAlert[]> {
  const activeIds = [...new Set(alerts.map((alert) => alert.application.id))];
  const rows = activeIds.length
    ? await db
        .select({
          key: commentAlertStates.alertKey,
          note: commentAlertStates.note,
          at: commentAlertStates.attendedAt,
          name: adminUsers.name,
          lastName: adminUsers.lastName,
        })
        .from(commentAlertStates)
        .leftJoin(adminUsers, eq(adminUsers.id, commentAlertStates.attendedBy))
        .where(inArray(commentAlertStates.activeId, activeIds))
    : [];
  const states = new Map(rows.map((row) => [row.key, { note: row.note, at: row.at.toISOString(), by: row.name === null ? null : fullName(row.name, row.lastName) }]));
  const rank = (alert: CommentAlert) => ALERT_CATEGORIES.indexOf(alert.category);
  return alerts
    .map((alert) => ({ ...alert, attended: states.get(alert.key) ?? null }))
    .sort((a, b) => rank(a) - rank(b) || b.application.id - a.application.id || a.text.localeCompare(b.text, 'es'));
}

export async function listCommentAlerts(db: ReadDatabase, principal: AdminPrincipal, minGroupSize: number, query: AlertsQuery): Promise<CommentAlertsPage> {
  const alerts = await withStates(db, await findAlerts(db, alertConditions(principal, query), minGroupSize));
  const counts = { open: 0, attended: 0 };
  for (const alert of alerts) counts[alert.attended ? 'attended' : 'open'] += 1;
  const listed = alerts.filter((alert) => query.state === 'all' || (query.state === 'attended') === (alert.attended !== null));
  return {
    alerts: listed.slice((query.page - 1) * query.perPage, query.page * query.perPage),
    counts,
    total: listed.length,
    page: query.page,
    perPage: query.perPage,
  };
}

/** Marks one alert of the application «Atendida» (or changes its note), audited in the same transaction without the words. */
export async function attendCommentAlert(
  db: Database,
  principal: AdminPrincipal,
  minGroupSize: number,
  activeId: number,
  key: string,
  body: AttendAlertBody,
): Promise<{ message: string; alert: CommentAlert }> {
  const [application] = await db.select({ campusId: actives.campusId }).from(actives).where(eq(actives.id, activeId)).limit(1);
  if (!application) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  assertCampusGranted(principal, application.campusId);
  const alert = (await findAlerts(db, alertConditions(principal, { activeId }), minGroupSize)).find((candidate) => candidate.key === key);
  if (!alert) throw new AppError('NOT_FOUND', ALERT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const values = { activeId, note: body.note, attendedBy: principal.user.id, attendedAt: sql`now()` };
    await tx
      .insert(commentAlertStates)
      .values({ alertKey: key, ...values })
      .onConflictDoUpdate({ target: commentAlertStates.alertKey, set: values });
    // Neither the words nor the note (which may quote them) go to the Bitácora: only that an alert of this category was attended.
    await audit(tx, { actorUserId: principal.user.id, action: 'attend-comment-alert', entity: 'active', entityId: activeId, details: { category: alert.category } });
  });
  const [attended] = await withStates(db, [alert]);
  return { message: 'Alerta marcada como atendida.', alert: attended! };
}
