import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * Records who changed what in the back office. Pass the transaction that
 * makes the change, so the change and its entry commit together or not at all.
 * The actor is null when unknown (a failed login).
 */
export async function audit(
  db: Database,
  entry: { actorUserId: number | null; action: string; entity: string; entityId?: string | number; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    details: entry.details ?? {},
  });
}
