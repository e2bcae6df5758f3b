/**
 * Comment alerts (issue 21): the comments whose stored triage holds an alert
 * term, for the holders of 'Atender Alertas de Comentarios' at their granted
 * campuses and survey types. Each alert carries the comment, its category,
 * the words that matched and its application (campus, period, survey type),
 * and for a teacher evaluation the evaluated teacher when the comment's text
 * cell reaches the small-group rule; never its author, class, group, plan or
 * day (docs/privacy.md, «Comment alerts»). Nothing is withheld or deleted by
 * an alert; marking one «Atendida» records a note.
 */
import { z } from 'zod';
import { idFromTextSchema, textSchema } from '../validation';
import { ALERT_CATEGORIES } from './comment-review';
import { pageQuerySchema } from './common';

export const ALERT_STATES = ['open', 'attended', 'all'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_STATE_LABELS: Record<AlertState, string> = { open: 'Abiertas', attended: 'Atendidas', all: 'Todas' };
export const ALERT_NOTE_MAX = 500;

export const commentAlertsQuerySchema = pageQuerySchema.extend({
  periodoId: idFromTextSchema('Periodo no válido').optional(),
  campusId: idFromTextSchema('Campus no válido').optional(),
  cycleId: idFromTextSchema('Tipo de encuesta no válido').optional(),
  category: z.enum(ALERT_CATEGORIES, { error: 'Elige una categoría de alerta de la lista' }).optional(),
  state: z.enum(ALERT_STATES, { error: 'Elige si ver las alertas abiertas, las atendidas o todas' }).default('open'),
});
export type CommentAlertsQuery = z.input<typeof commentAlertsQuerySchema>;

export const alertKeySchema = z.string().regex(/^[0-9a-f]{64}$/, 'Alerta no válida');
export const commentAlertParamsSchema = z.object({ activeId: idFromTextSchema('Aplicación no válida'), key: alertKeySchema });

export const attendAlertBodySchema = z.object({
  note: textSchema({ error: 'Escribe una nota de lo que se hizo' })
    .trim()
    .min(3, 'Escribe una nota de lo que se hizo')
    .max(ALERT_NOTE_MAX, `La nota admite hasta ${ALERT_NOTE_MAX} caracteres`),
});
export type AttendAlertBody = z.infer<typeof attendAlertBodySchema>;

const named = z.object({ id: z.number(), nombre: z.string() });

export const commentAlertSchema = z.object({
  key: alertKeySchema,
  text: z.string(),
  /** How many answers hold these same words at the same place. */
  copies: z.number().int(),
  category: z.enum(ALERT_CATEGORIES),
  label: z.string(),
  /** The words of the comment that matched the alert term, as written. */
  matched: z.string(),
  application: z.object({ id: z.number(), campus: named, periodo: named, surveyType: named }),
  /** The evaluated teacher (teacher evaluations whose text cell reaches the small-group rule); null otherwise. */
  teacher: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** A teacher evaluation's comment from a text cell under the small-group rule: listed without its teacher. */
  smallGroup: z.boolean(),
  attended: z.object({ note: z.string(), at: z.string(), by: z.string().nullable() }).nullable(),
});
export type CommentAlert = z.infer<typeof commentAlertSchema>;

export const commentAlertsPageSchema = z.object({
  alerts: z.array(commentAlertSchema),
  counts: z.object({ open: z.number(), attended: z.number() }),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type CommentAlertsPage = z.infer<typeof commentAlertsPageSchema>;

export const attendAlertAnswerSchema = z.object({ message: z.string(), alert: commentAlertSchema });

export const ALERT_NOT_FOUND = 'No se encontró la alerta en esta aplicación.';
