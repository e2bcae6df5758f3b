import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Answers, Questionnaire } from '@encuestas/core/survey-engine/types';
import { stepState, visibleSections, type StepState } from './step-navigation';

/** Where the step lives in a history entry's state; tied to the questionnaire (NOM-035 guides share a route). */
const HISTORY_KEY = 'surveyStep';
/** The review before sending, as a step of its own in the history. */
const REVIEW_STEP = '#review';

function stepInHistory(state: unknown, form: string): string | null {
  const entry = (state as Record<string, { form?: string; sectionId?: string } | undefined> | null)?.[HISTORY_KEY];
  return entry?.form === form && typeof entry.sectionId === 'string' ? entry.sectionId : null;
}

/**
 * Writes the step into the history entry the form opened on, in place. A
 * router navigation (replace) would do the same and render the whole page a
 * second time while it opens: about half of a phone's longest task on the form
 * (Lighthouse). React Router keeps a page's state under `usr` in
 * history.state and reads it back on back, forward and reload, the moments
 * this step is for; the router's copy of the current entry does not need it.
 */
function nameStepOfOpeningEntry(step: { form: string; sectionId: string }) {
  const entry = (window.history.state ?? {}) as { usr?: unknown };
  const usr = typeof entry.usr === 'object' && entry.usr !== null ? entry.usr : {};
  window.history.replaceState({ ...entry, usr: { ...usr, [HISTORY_KEY]: step } }, '');
}

export interface StepHistory {
  /** The step shown; on the review, the last one (where the draft comes back to). */
  step: StepState;
  /** On the review of every answer, the step after the last. */
  reviewing: boolean;
  /** Siguiente: a new history entry for the next step, or for the review after the last. */
  forward: () => void;
  /** Anterior: the browser's back when this step was pushed on the one before, else that step in place. */
  back: () => void;
  /** A new history entry for the step (Cambiar, from the review). */
  goTo: (sectionId: string) => void;
  /** To a step with answers to fix: in place of the current entry, which stays if it is that step already. */
  jumpTo: (sectionId: string) => void;
}

/**
 * Which step of the form is shown. Each step is a history entry, so the
 * browser's back button goes back one step; answers stay in the runner's
 * state and the draft. Forward into the form again shows the entry's step;
 * otherwise the form opens where the draft left off (`startAt`).
 * `onStepChanged` runs when another step is shown: Siguiente, Anterior,
 * Cambiar, or back and forward in the browser (not `jumpTo`, which shows
 * answers to fix).
 */
export function useStepHistory(questionnaire: Questionnaire, answers: Answers, startAt: string | null, onStepChanged: () => void): StepHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const historyStep = stepInHistory(location.state, questionnaire.id);
  const shownStep = useRef(historyStep);
  const [sectionId, setSectionId] = useState<string | null>(historyStep ?? startAt);
  // The browser's back and forward reach the effect below, which must not rerun for a new callback.
  const latestOnStepChanged = useRef(onStepChanged);
  useEffect(() => {
    latestOnStepChanged.current = onStepChanged;
  });

  const reviewing = sectionId === REVIEW_STEP;
  const step = stepState(questionnaire, answers, reviewing ? (visibleSections(questionnaire, answers).at(-1)?.id ?? null) : sectionId);

  // Back or forward in the browser: show the step of that entry.
  useEffect(() => {
    if (shownStep.current === historyStep) return;
    shownStep.current = historyStep;
    setSectionId(historyStep ?? startAt);
    latestOnStepChanged.current();
  }, [historyStep, startAt]);

  // The entry the form opened on names its step too, so coming back to it after a reload shows that step.
  useEffect(() => {
    if (shownStep.current !== null) return;
    shownStep.current = step.section.id;
    nameStepOfOpeningEntry({ form: questionnaire.id, sectionId: step.section.id });
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A new history entry for the step, or the current one replaced. */
  const show = (id: string, replace: boolean) => {
    const state = { ...(location.state as object | null), [HISTORY_KEY]: { form: questionnaire.id, sectionId: id } };
    shownStep.current = id;
    void navigate({ pathname: location.pathname, search: location.search }, { state, replace });
    setSectionId(id);
  };
  const change = (id: string, replace = false) => {
    show(id, replace);
    onStepChanged();
  };

  return {
    step,
    reviewing,
    forward: () => change(step.sections[step.index + 1]?.id ?? REVIEW_STEP),
    back: () => {
      const before = reviewing ? step.section : step.sections[step.index - 1];
      if (!before) return;
      // The entry this step was pushed on is the step before: going back keeps Anterior and the browser's button alike.
      if (historyStep === sectionId) void navigate(-1);
      else change(before.id, true);
    },
    goTo: (id) => change(id),
    jumpTo: (id) => {
      if (id !== sectionId) show(id, true);
      else setSectionId(id);
    },
  };
}
