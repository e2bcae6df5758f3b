import type { AnswerValue, Answers, Catalogs, Item, Questionnaire, Section } from '@encuestas/core/survey-engine/types';
import { questionTypeUi } from './question-types';
import { sectionVisibleItems, visibleSections } from './step-navigation';

export const NO_ANSWER_TEXT = 'Sin respuesta';

/** An answer as the respondent chose it: the option's label, the text typed, the number. */
export function answerText(item: Item, value: AnswerValue | undefined, answers: Answers, catalogs: Catalogs): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return NO_ANSWER_TEXT;
  return questionTypeUi(item).reviewText(item, value, { answers, catalogs });
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
