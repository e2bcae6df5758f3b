/**
 * Comment triage (issue 21): the tone of each comment and whether it holds
 * an alert term, so the comment review queue can put what needs a person
 * first and the alert list (features/comment-alerts) can reach the holders of
 * 'Atender Alertas de Comentarios'. Stored once, when a text is folded
 * (stored.ts). Nothing is withheld or deleted by it; a person reads and
 * decides (docs/reports.md, «Comment triage»).
 */
export { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS, type AlertCategory } from './alert-terms';
export type { CommentAlert } from './alerts';
export { compareForReview, sortForReview, triageComment, type CommentTriage } from './triage';
export { storedTriage, triageColumns, triageUnstoredTexts } from './stored';
