import { useState } from 'react';
import type { Answers, Catalogs, Questionnaire, Section } from '@encuestas/core/survey-engine/types';
import { firstItemWithError, validateStep, type ItemErrors } from './step-navigation';
import type { FocusTarget } from './use-pending-focus';

/**
 * The messages of the step shown: each marked question's (`errors`) and how
 * many are missing (`alert`), with the focus on the first to fix.
 */
export function useStepChecks(
  questionnaire: Questionnaire,
  catalogs: Catalogs,
  alertText: (count: number) => string,
  focusAfterRender: (target: FocusTarget) => void,
) {
  const [errors, setErrors] = useState<ItemErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  /** Marks the questions to fix on the step shown (theirs), the focus on the first; `withAlert` says how many. */
  const mark = (section: Section, itemErrors: ItemErrors, withAlert: boolean) => {
    setErrors(itemErrors);
    if (withAlert) setAlert(alertText(Object.keys(itemErrors).length || 1));
    const first = firstItemWithError(section, itemErrors);
    focusAfterRender(first ? { type: 'item', id: first } : { type: 'step' });
  };

  return {
    errors,
    alert,
    mark,
    /** Another step shown: no messages from the one before. */
    clear: () => {
      setErrors({});
      setAlert(null);
    },
    /** Siguiente: whether the step's answers pass; if not, their messages, the focus on the first missing. */
    passes: (section: Section, answers: Answers) => {
      const stepErrors = validateStep(questionnaire, section, answers, catalogs);
      const count = Object.keys(stepErrors).length;
      if (count === 0) return true;
      setErrors(stepErrors);
      setAlert(alertText(count));
      const first = firstItemWithError(section, stepErrors);
      if (first) focusAfterRender({ type: 'item', id: first });
      return false;
    },
    /** An answer changed: messages only for questions already marked, the rest are not the respondent's fault yet. */
    recheck: (section: Section, answers: Answers) => {
      if (Object.keys(errors).length === 0) return;
      const remaining = validateStep(questionnaire, section, answers, catalogs);
      const kept: ItemErrors = {};
      for (const [id, messages] of Object.entries(remaining)) if (errors[id]) kept[id] = messages;
      setErrors(kept);
      setAlert(Object.keys(kept).length > 0 ? alertText(Object.keys(kept).length) : null);
    },
  };
}
