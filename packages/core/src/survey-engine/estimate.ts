/**
 * How long a questionnaire takes, for 'Unos N minutos' on a survey's start
 * page and on the list. No zod here: the list page imports nothing heavy.
 */
import type { Item, Questionnaire } from './types';
import { questionRule } from './question-types/rules';

/** Reading the instructions and the section titles. */
const SECONDS_PER_SECTION = 5;

function itemSeconds(item: Item): number {
  const seconds = questionRule(item).estimateSeconds(item);
  // Optional questions are often skipped; gated ones are often not shown.
  const optional = item.required === false;
  return optional || item.gate ? seconds / 2 : seconds;
}

/** Seconds the questionnaire takes; gated sections count half (they show only for some answers). */
export function estimatedSeconds(questionnaire: Questionnaire): number {
  let total = 0;
  for (const section of questionnaire.sections) {
    const seconds = SECONDS_PER_SECTION + section.items.reduce((sum, item) => sum + itemSeconds(item), 0);
    total += section.gate ? seconds / 2 : seconds;
  }
  return total;
}

/** Whole minutes, at least one, for the questionnaires still to answer (NOM-035: Guía I and the risk guide). */
export function estimatedMinutes(questionnaires: readonly Questionnaire[]): number {
  const seconds = questionnaires.reduce((sum, questionnaire) => sum + estimatedSeconds(questionnaire), 0);
  return Math.max(1, Math.round(seconds / 60));
}

export { estimatedTimeText } from './estimate-text';
