import { z } from 'zod';
import { INVALID_DAY_MESSAGE, isoDaySchema, optionalIdSchema, pageQuerySchema } from './common';
import { END_BEFORE_START_MESSAGE } from './periods';

/** Action and entity names are short codes ('create', 'directory:students'). */
const auditCodeSchema = (message: string) =>
  z.string().trim().regex(/^[a-z0-9_:.-]{1,100}$/i, message).optional();

/**
 * GET /audit-log: newest first, filtered by actor, action, entity and a range
 * of Mexico City days (both ends included).
 */
export const listAuditLogQuerySchema = pageQuerySchema
  .extend({
    userId: optionalIdSchema,
    action: auditCodeSchema('Acción no válida'),
    entity: auditCodeSchema('Entidad no válida'),
    from: isoDaySchema(INVALID_DAY_MESSAGE).optional(),
    to: isoDaySchema(INVALID_DAY_MESSAGE).optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: END_BEFORE_START_MESSAGE });
/** The query with its paging spelled out, as the web sends it. */
export type ListAuditLogQuery = z.output<typeof listAuditLogQuerySchema>;

/** The back-office user who made a change; null when unknown (a failed login) or deleted. */
export interface AuditActor {
  id: number;
  full_name: string;
  email: string;
}

export interface AuditLogEntry {
  /** The id is a bigint in the database, within a JavaScript number's safe range. */
  id: number;
  /** ISO instant. */
  created_at: string;
  actor: AuditActor | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown>;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total_entries: number;
}
