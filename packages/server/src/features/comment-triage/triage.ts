/** A comment's triage and the review order (the module's doc: index.ts). */
import { ALERT_CATEGORIES } from './alert-terms';
import { findAlert, type CommentAlert } from './alerts';
import { toneOf } from './tone';

export interface CommentTriage {
  /** -1 (most negative) .. 1 (most positive), 0 when no word has a tone (tone.ts). */
  tone: number;
  /** The first alert term the comment holds, the most urgent category first; null when none. */
  alert: CommentAlert | null;
}

export function triageComment(text: string): CommentTriage {
  return { tone: toneOf(text), alert: findAlert(text) };
}

/** Review order: alerts first (the most urgent category first), then the most negative tone. */
export function compareForReview(a: CommentTriage, b: CommentTriage): number {
  const rank = (triage: CommentTriage) => (triage.alert ? ALERT_CATEGORIES.indexOf(triage.alert.category) : ALERT_CATEGORIES.length);
  return rank(a) - rank(b) || a.tone - b.tone;
}

/** `items` in review order (compareForReview); items that tie keep their order. */
export function sortForReview<T extends { triage: CommentTriage }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareForReview(a.triage, b.triage));
}
