import {
  FREQUENCY_LABELS,
  RATING_LABELS,
  YES_NO_LABELS,
  type AnswerValue,
  type Answers,
  type Catalogs,
  type Item,
  type Questionnaire,
  type Section,
} from '@encuestas/core/survey-engine/types';
import { optionsFor } from './catalog-options';
import { sectionVisibleItems, visibleSections } from './step-navigation';

export const NO_ANSWER_TEXT = 'Sin respuesta';

/** An answer as the respondent chose it: the option's label, the text typed, the number. */
export function answerText(item: Item, value: AnswerValue | undefined, answers: Answers, catalogs: Catalogs): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return NO_ANSWER_TEXT;
  const label = (labels: Record<string, string>, v: string) => labels[v] ?? v;
  switch (item.type) {
    case 'rating':
      return label(RATING_LABELS, String(value));
    case 'frequency':
      return label(FREQUENCY_LABELS, String(value));
    case 'yesNo':
      return label(YES_NO_LABELS, String(value));
    case 'single':
    case 'multiple': {
      const byValue = new Map(optionsFor(item, catalogs, answers).options.map((o) => [o.value, o.label]));
      return (Array.isArray(value) ? value : [String(value)]).map((v) => byValue.get(v) ?? v).join(', ');
    }
    case 'text':
    case 'number':
      return String(value);
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

export interface ReviewSection {
  section: Section;
  rows: { item: Item; number: number; answer: string }[];
}

/** Every step shown and its questions shown, numbered as the form numbers them, with the answers given. */
export function reviewSections(questionnaire: Questionnaire, answers: Answers, catalogs: Catalogs): ReviewSection[] {
  let number = 1;
  return visibleSections(questionnaire, answers).map((section) => ({
    section,
    rows: sectionVisibleItems(questionnaire, section, answers).map((item) => ({
      item,
      number: number++,
      answer: answerText(item, answers[item.id], answers, catalogs),
    })),
  }));
}
