import { mexicoCityDay } from '@encuestas/core/dates';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';
import type { SuggestionFormInput } from '@encuestas/core/survey-kinds/buzon/form';
import { DRAFT_MAX_AGE_MS, draftKey, type DraftIdentity } from '../../survey-runner/draft-storage';

/**
 * The suggestion form in progress, kept like a survey's answers
 * (survey-runner/draft-storage: gone at logout, when sent, after its age).
 * Kept: the kind, the topic, the comment and whether to be contacted. Not
 * kept on the device: phone, e-mail and the consent, asked again.
 */
export const SUGGESTION_DRAFT_FORM = { id: 'buzon-form', version: 1 } as const;

export type SuggestionDraftFields = Pick<SuggestionFormInput, 'comment' | 'commentCategoryId' | 'suggestionCategoryId'> & {
  contactChecked: boolean;
};

export function suggestionDraftKey(respondent: DraftIdentity['respondent']): string {
  return draftKey({ kind: SUGGESTION_BOX_KIND, activeId: 0, cicleId: 0, subject: '', respondent });
}

/** The box has no closing day: the draft lasts as long as any draft may. */
export function suggestionDraftClosesOn(now = Date.now()): string {
  return mexicoCityDay(new Date(now + DRAFT_MAX_AGE_MS));
}

/** What is stored; empty when nothing was written or chosen yet. */
export function suggestionDraftAnswers(fields: Partial<SuggestionDraftFields>): Answers {
  const answers: Answers = {};
  if (fields.comment) answers.comment = fields.comment;
  if (typeof fields.commentCategoryId === 'number') answers.commentCategoryId = fields.commentCategoryId;
  if (typeof fields.suggestionCategoryId === 'number') answers.suggestionCategoryId = fields.suggestionCategoryId;
  if (fields.contactChecked) answers.contactChecked = 'yes';
  return answers;
}

/** The form's fields from a stored draft (anything malformed left out). */
export function suggestionDraftFields(answers: Answers): Partial<SuggestionDraftFields> {
  const fields: Partial<SuggestionDraftFields> = {};
  if (typeof answers.comment === 'string') fields.comment = answers.comment;
  if (typeof answers.commentCategoryId === 'number') fields.commentCategoryId = answers.commentCategoryId;
  if (typeof answers.suggestionCategoryId === 'number') fields.suggestionCategoryId = answers.suggestionCategoryId;
  if (answers.contactChecked === 'yes') fields.contactChecked = true;
  return fields;
}
