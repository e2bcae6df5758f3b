/**
 * The time a survey takes, in words. Apart from estimate.ts so the list page, which shows the server's figure,
 * does not load every question type's rule (estimate.ts reads them through question-types/rules.ts).
 */

/** 'Unos 4 minutos' (one minute: 'Un minuto aproximadamente'). */
export function estimatedTimeText(minutes: number): string {
  return minutes <= 1 ? 'Un minuto aproximadamente' : `Unos ${minutes} minutos`;
}
