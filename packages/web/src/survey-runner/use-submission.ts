import { useState } from 'react';
import { ALREADY_ANSWERED_MESSAGE } from '@encuestas/core/api/availability';
import type { SubmitResponseResult } from '@encuestas/core/api/surveys';
import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import type { Answers, Catalogs, Questionnaire, Section } from '@encuestas/core/survey-engine/types';
import type { SubmissionFailureMessage } from './components/submission-failure';
import { clearDraft } from './draft-storage';
import { classifySubmissionError, type SubmissionFailure } from './server-errors';
import { firstSectionWithErrors, validateSubmission, type ItemErrors } from './step-navigation';
import type { FocusTarget } from './use-pending-focus';
import type { DraftPlace } from './use-survey-draft';

export type ClosedFailure = Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }>;

export interface SubmissionOptions {
  questionnaire: Questionnaire;
  catalogs: Catalogs;
  answers: Answers;
  /** The step shown (the last one on the review). */
  section: Section;
  draft: DraftPlace;
  idempotencyKey: string;
  onSubmit: (answers: Answers, idempotencyKey: string) => Promise<SubmitResponseResult>;
  onCompleted: (result: SubmitResponseResult) => void;
  onClosed: (failure: ClosedFailure) => void;
  /** Answers to fix, shown on their step; `withAlert` says how many. */
  showErrorsOn: (sectionId: string, itemErrors: ItemErrors, withAlert: boolean) => void;
  focusAfterRender: (target: FocusTarget) => void;
}

/**
 * Enviar: the whole answer set checked with core's schema, then sent with the
 * draft's idempotency key. Accepted, the draft goes; answers to fix go back to
 * their step; a failure worth retrying keeps the draft and offers Reintentar.
 */
export function useSubmission(options: SubmissionOptions) {
  const { questionnaire, catalogs, answers, section, draft, showErrorsOn, focusAfterRender } = options;
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SubmissionFailureMessage | null>(null);

  const submit = async () => {
    const check = validateSubmission(questionnaire, answers, catalogs);
    if (!check.ok) {
      const target = firstSectionWithErrors(questionnaire, answers, check.errors) ?? section.id;
      const itemIds = new Set((questionnaire.sections.find((s) => s.id === target) ?? section).items.map((item) => item.id));
      showErrorsOn(target, Object.fromEntries(Object.entries(check.errors).filter(([id]) => itemIds.has(id))), true);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await options.onSubmit(check.answers, options.idempotencyKey);
      if (draft) clearDraft(draft.key);
      options.onCompleted(result);
    } catch (error) {
      const outcome = classifySubmissionError(error, allItems(questionnaire).map((item) => item.id), ALREADY_ANSWERED_MESSAGE);
      if (outcome.type === 'retryable') {
        setFailure({ message: outcome.message, general: [], retry: true });
        focusAfterRender({ type: 'failure' });
      } else if (outcome.type === 'invalid') {
        setFailure({ message: outcome.message, general: outcome.errors.general, retry: false });
        const target = firstSectionWithErrors(questionnaire, answers, outcome.errors.items);
        if (target) showErrorsOn(target, outcome.errors.items, false);
        else focusAfterRender({ type: 'failure' });
      } else {
        // Refused for good; after 'already answered' the draft is of no use.
        if (outcome.type === 'alreadyAnswered' && draft) clearDraft(draft.key);
        options.onClosed(outcome);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting, failure, clearFailure: () => setFailure(null) };
}
