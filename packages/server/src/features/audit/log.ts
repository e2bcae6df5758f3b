/** Reading the audit log: the 'Bitácora' screen's list and its filter options. */
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AuditActor, AuditLogPage } from '@encuestas/core/api/audit';
import { auditReferences, describeAuditEntry, type AuditNames, type AuditReferences } from '@encuestas/core/audit-log';
import { addDays, mexicoCityDay, mexicoCityDayStart } from '@encuestas/core/dates';
import { fullName } from '@encuestas/core/directory';
import type { Database } from '../../db/client';
import {
  actives,
  adminUsers,
  auditLog,
  campuses,
  commentCategories,
  cycles,
  periods,
  permissionGroups,
  suggestionCategories,
  suggestionResolutions,
  suggestions,
} from '../../db/schema';

export interface AuditLogFilters {
  page: number;
  perPage: number;
  userId?: number;
  action?: string;
  entity?: string;
  /** First Mexico City day included (YYYY-MM-DD). */
  from?: string;
  /** Last Mexico City day included (YYYY-MM-DD). */
  to?: string;
}

function filterConditions(filters: AuditLogFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.userId !== undefined) conditions.push(eq(auditLog.actorUserId, filters.userId));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.entity) conditions.push(eq(auditLog.entity, filters.entity));
  if (filters.from) conditions.push(gte(auditLog.at, mexicoCityDayStart(filters.from)));
  // No entry is written after today, so a later last day needs no bound, and 9999-12-31 has no next day to bound by.
  if (filters.to && filters.to < mexicoCityDay()) conditions.push(lt(auditLog.at, mexicoCityDayStart(addDays(filters.to, 1))));
  return conditions.length ? and(...conditions) : undefined;
}

type ActorColumns = Pick<typeof adminUsers.$inferSelect, 'id' | 'name' | 'lastName' | 'maternalSurName' | 'email'>;

function toActor(user: ActorColumns): AuditActor {
  return { id: user.id, full_name: fullName(user.name, user.lastName, user.maternalSurName), email: user.email };
}

const actorColumns = {
  id: adminUsers.id,
  name: adminUsers.name,
  lastName: adminUsers.lastName,
  maternalSurName: adminUsers.maternalSurName,
  email: adminUsers.email,
};

/** One page of entries, newest first; an entry without a known actor keeps `actor: null`. */
export async function listAuditLog(db: Database, filters: AuditLogFilters): Promise<AuditLogPage> {
  const where = filterConditions(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        details: auditLog.details,
        actor: actorColumns,
      })
      .from(auditLog)
      .leftJoin(adminUsers, eq(adminUsers.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const stored = rows.map((row) => {
    const actor = row.actor ? toActor(row.actor) : null;
    return {
      row,
      actor,
      entry: {
        action: row.action,
        entity: row.entity,
        entity_id: row.entityId,
        details: (row.details ?? {}) as Record<string, unknown>,
        actorName: actor ? actor.full_name || actor.email : null,
      },
    };
  });
  const names = await resolveAuditNames(db, auditReferences(stored.map((s) => s.entry)));
  return {
    entries: stored.map(({ row, actor, entry }) => ({
      id: row.id,
      created_at: row.at.toISOString(),
      actor,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      ...describeAuditEntry(entry, names),
    })),
    total_entries: total?.n ?? 0,
  };
}

const byId = <K, V>(rows: readonly { id: K; name: V }[]) => new Map(rows.map((row) => [row.id, row.name]));

/**
 * The names of what one page of entries points at: one query per kind of
 * thing, only for the ids on the page, none when a kind is not named. A
 * suggestion is named by its campus only (never its text).
 */
export async function resolveAuditNames(db: Database, refs: AuditReferences): Promise<AuditNames> {
  const ids = <T>(set: Set<T>) => [...set];
  const when = async <T>(set: Set<unknown>, load: () => Promise<T[]>): Promise<T[]> => (set.size ? load() : []);
  const [users, campusRows, periodRows, cycleRows, groupRows, activeRows, suggestionRows, commentRows, categoryRows, resolutionRows] =
    await Promise.all([
      when(refs.users, () =>
        db
          .select({ id: adminUsers.id, name: adminUsers.name, lastName: adminUsers.lastName, maternalSurName: adminUsers.maternalSurName })
          .from(adminUsers)
          .where(inArray(adminUsers.id, ids(refs.users))),
      ),
      when(refs.campuses, () => db.select({ id: campuses.id, name: campuses.nombre }).from(campuses).where(inArray(campuses.id, ids(refs.campuses)))),
      when(refs.periods, () => db.select({ id: periods.id, name: periods.nombre }).from(periods).where(inArray(periods.id, ids(refs.periods)))),
      when(refs.cycles, () => db.select({ id: cycles.id, name: cycles.name }).from(cycles).where(inArray(cycles.id, ids(refs.cycles)))),
      when(refs.groups, () =>
        db.select({ id: permissionGroups.id, name: permissionGroups.name }).from(permissionGroups).where(inArray(permissionGroups.id, ids(refs.groups))),
      ),
      when(refs.actives, () =>
        db
          .select({ id: actives.id, periodo: periods.nombre, campus: campuses.nombre })
          .from(actives)
          .innerJoin(campuses, eq(campuses.id, actives.campusId))
          .innerJoin(periods, eq(periods.id, actives.periodoId))
          .where(inArray(actives.id, ids(refs.actives))),
      ),
      when(refs.suggestions, () => {
        // Stored ids are uuids; anything else (an older entry) names no suggestion.
        const uuids = ids(refs.suggestions).filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
        if (uuids.length === 0) return Promise.resolve([]);
        return db
          .select({ id: suggestions.id, campus: campuses.nombre })
          .from(suggestions)
          .innerJoin(campuses, eq(campuses.id, suggestions.campusId))
          .where(inArray(suggestions.id, uuids));
      }),
      when(refs.commentCategories, () =>
        db.select({ id: commentCategories.id, name: commentCategories.name }).from(commentCategories).where(inArray(commentCategories.id, ids(refs.commentCategories))),
      ),
      when(refs.suggestionCategories, () =>
        db
          .select({ id: suggestionCategories.id, name: suggestionCategories.name })
          .from(suggestionCategories)
          .where(inArray(suggestionCategories.id, ids(refs.suggestionCategories))),
      ),
      when(refs.resolutions, () =>
        db
          .select({ id: suggestionResolutions.id, name: suggestionResolutions.name })
          .from(suggestionResolutions)
          .where(inArray(suggestionResolutions.id, ids(refs.resolutions))),
      ),
    ]);
  return {
    users: new Map(users.map((user) => [user.id, fullName(user.name, user.lastName, user.maternalSurName)])),
    campuses: byId(campusRows),
    periods: byId(periodRows),
    cycles: byId(cycleRows),
    groups: byId(groupRows),
    actives: new Map(activeRows.map((row) => [row.id, { periodo: row.periodo, campus: row.campus }])),
    suggestions: new Map(suggestionRows.map((row) => [row.id, { campus: row.campus }])),
    commentCategories: byId(commentRows),
    suggestionCategories: byId(categoryRows),
    resolutions: byId(resolutionRows),
  };
}

/** The distinct actions recorded, for the action filter. */
export async function listAuditActions(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action));
  return rows.map((row) => row.action);
}

/** The users who appear as actors, for the user filter (no 'Ver Usuarios' needed). */
export async function listAuditActors(db: Database): Promise<AuditActor[]> {
  const rows = await db
    .selectDistinct(actorColumns)
    .from(adminUsers)
    .innerJoin(auditLog, eq(auditLog.actorUserId, adminUsers.id))
    .orderBy(asc(adminUsers.name), asc(adminUsers.lastName), asc(adminUsers.id));
  return rows.map(toActor);
}
