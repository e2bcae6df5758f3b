import type { ReviewedComment } from '@encuestas/core/api/comment-review';
import { displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { countOf } from '@encuestas/core/format';

/** The triage's tone (−1 … 1) in words, for the chip beside each comment. */
export function toneLabel(tone: number): string {
  if (tone <= -0.5) return 'Tono muy negativo';
  if (tone < 0) return 'Tono negativo';
  if (tone === 0) return 'Tono neutro';
  return tone >= 0.5 ? 'Tono muy positivo' : 'Tono positivo';
}

/** A reviewed comment's decision as the queue states it. */
export function decisionLabel(review: NonNullable<ReviewedComment['review']>): string {
  const by = review.reviewer ? ` por ${review.reviewer}` : '';
  const when = ` el ${displayDay(mexicoCityDay(new Date(review.reviewedAt)))}`;
  switch (review.decision) {
    case 'published':
      return `Publicado${by}${when}.`;
    case 'redacted':
      return `Publicado con partes ocultas${by}${when}.`;
    case 'withheld':
      return `Retenido${by}${when}.`;
  }
}

export const copiesLabel = (copies: number): string => `${countOf(copies, 'estudiante escribió', 'estudiantes escribieron')} lo mismo`;
