/** Reading the audit log: the 'Bitácora' screen's list and its filter options. */
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditActor, AuditLogPage } from '@encuestas/core/api/audit';
import { addDays, mexicoCityDayStart } from '@encuestas/core/dates';
import { fullName } from '@encuestas/core/directory';
import type { Database } from '../../db/client';
import { adminUsers, auditLog } from '../../db/schema';

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
  if (filters.to) conditions.push(lt(auditLog.at, mexicoCityDayStart(addDays(filters.to, 1))));
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
  return {
    entries: rows.map((row) => ({
      id: row.id,
      created_at: row.at.toISOString(),
      actor: row.actor ? toActor(row.actor) : null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      details: (row.details ?? {}) as Record<string, unknown>,
    })),
    total_entries: total?.n ?? 0,
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
