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
export const auditActorSchema = z.object({ id: z.number(), full_name: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;

/** A field changed, in Spanish and as people read it («Inicio de encuestas», «01/02/2026»); `before` null: not recorded. */
export const auditChangeSchema = z.object({ label: z.string(), before: z.string().nullable(), after: z.string() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** Another field the entry records (a creation's values, a sign-in's address), in words. */
export const auditFactSchema = z.object({ label: z.string(), value: z.string() });
export type AuditFact = z.infer<typeof auditFactSchema>;

/**
 * One entry in words (core/src/audit-log.ts reads it): the stored details
 * never leave the server as they are, only as labelled fields.
 */
export const auditLogEntrySchema = z.object({
  /** The id is a bigint in the database, within a JavaScript number's safe range. */
  id: z.number(),
  /** ISO instant. */
  created_at: z.string(),
  actor: auditActorSchema.nullable(),
  /** Codes, for the filters. */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** «Ana Pérez cambió el periodo de encuestas 2026A de Puebla». */
  summary: z.string(),
  /** What the entry is about, by name: «el periodo de encuestas 2026A de Puebla», «el grupo de permisos Coordinación (eliminado)». */
  subject: z.string(),
  changes: z.array(auditChangeSchema),
  facts: z.array(auditFactSchema),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** GET /audit-log, one page. */
export const auditLogPageSchema = z.object({ entries: z.array(auditLogEntrySchema), total_entries: z.number() });
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /audit-log/actions. */
export const auditActionsAnswerSchema = z.object({ actions: z.array(z.string()) });
export type AuditActionsAnswer = z.infer<typeof auditActionsAnswerSchema>;

/** GET /audit-log/actors. */
export const auditActorsAnswerSchema = z.object({ actors: z.array(auditActorSchema) });
export type AuditActorsAnswer = z.infer<typeof auditActorsAnswerSchema>;
