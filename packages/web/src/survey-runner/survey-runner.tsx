import { useId, useState, type ReactNode } from 'react';
import type { SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { AnswerValue, Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { dependentItems } from './catalog-options';
import { QuestionStep } from './components/question-step';
import { RestoredNotice } from './components/restored-notice';
import { ReviewStep } from './components/review-step';
import { RunnerProgress } from './components/runner-progress';
import { StepActions } from './components/step-actions';
import { SubmissionFailureAlert } from './components/submission-failure';
import { reviewSections } from './review';
import { answerProgress } from './step-navigation';
import { usePendingFocus } from './use-pending-focus';
import { useStepChecks } from './use-step-checks';
import { useStepHistory } from './use-step-history';
import { useSubmission, type ClosedFailure } from './use-submission';
import { useDraftAutosave, useDraftStart, type DraftPlace } from './use-survey-draft';
import { Box, Stack } from '../components/light-ui';

/** Sentences that follow the respondent's form of address (tú / usted). */
export interface RunnerTexts {
  restored: string;
  stepErrors: (count: number) => string;
}

export interface SurveyRunnerProps {
  questionnaire: Questionnaire;
  catalogs: Catalogs;
  /** Where the answers in progress are kept (localStorage) and the last day they may stay; null keeps nothing. */
  draft: DraftPlace;
  texts: RunnerTexts;
  /** Shown above the progress bar (the class and teacher evaluated). */
  header?: ReactNode;
  /** Sends the answers; throws the API's error. */
  onSubmit: (answers: Answers, idempotencyKey: string) => Promise<SubmitResponseResult>;
  /** Accepted (201, or 200 for a retry): the draft is gone. */
  onCompleted: (result: SubmitResponseResult) => void;
  /** Refused for good (409, 403): the page explains; after 'already answered' the draft is gone. */
  onClosed: (failure: ClosedFailure) => void;
}

/** The answers with one changed (undefined: unanswered), without those that depended on it. */
function withAnswer(questionnaire: Questionnaire, answers: Answers, itemId: string, value: AnswerValue | undefined): Answers {
  const next: Answers = { ...answers };
  if (value === undefined) delete next[itemId];
  else next[itemId] = value;
  // A new state makes the municipio chosen for the old one meaningless.
  for (const dependent of dependentItems(questionnaire, itemId)) delete next[dependent];
  return next;
}

/**
 * Any questionnaire as a phone form: one section per step with a progress
 * bar, gates applied live, each step checked with core's sectionErrors on
 * 'Siguiente', the whole answer set with core's schema on 'Enviar', answers
 * kept in localStorage (with the idempotency key) until the server accepts
 * them. The parts: the draft (use-survey-draft), the step in the browser's
 * history (use-step-history), the step's messages (use-step-checks), the
 * focus (use-pending-focus), sending (use-submission), and the step, review,
 * progress and action components.
 */
export function SurveyRunner({ questionnaire, catalogs, draft, texts, header, onSubmit, onCompleted, onClosed }: SurveyRunnerProps) {
  const baseId = useId();
  const start = useDraftStart(draft, questionnaire, catalogs);
  const [answers, setAnswers] = useState<Answers>(start.answers);
  const { focusAfterRender, stepHeadingRef, failureRef } = usePendingFocus();
  const checks = useStepChecks(questionnaire, catalogs, texts.stepErrors, focusAfterRender);
  const { step, reviewing, forward, back, goTo, jumpTo } = useStepHistory(questionnaire, answers, start.sectionId, () => {
    checks.clear();
    focusAfterRender({ type: 'step' });
  });
  // The review is the step after the last; the draft keeps the last step as where to come back.
  useDraftAutosave(draft, questionnaire, answers, step.section.id, start.idempotencyKey);
  const { submit, submitting, failure, clearFailure } = useSubmission({
    questionnaire, catalogs, answers, draft, onSubmit, onCompleted, onClosed, focusAfterRender,
    section: step.section,
    idempotencyKey: start.idempotencyKey,
    showErrorsOn: (sectionId, itemErrors, withAlert) => {
      jumpTo(sectionId);
      checks.mark(questionnaire.sections.find((s) => s.id === sectionId) ?? step.section, itemErrors, withAlert);
    },
  });

  const setAnswer = (itemId: string, value: AnswerValue | undefined) => {
    const next = withAnswer(questionnaire, answers, itemId, value);
    setAnswers(next);
    clearFailure();
    checks.recheck(step.section, next);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${baseId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (submitting || !checks.passes(step.section, answers)) return;
        if (reviewing) void submit();
        else forward();
      }}
    >
      <Stack spacing={2}>
        {header}
        <RunnerProgress
          title={questionnaire.title}
          titleId={`${baseId}-title`}
          stepLabel={reviewing ? 'Revisión final' : `Paso ${step.index + 1} de ${step.total}`}
          {...answerProgress(questionnaire, answers)}
        />
        {start.restored ? <RestoredNotice text={texts.restored} /> : null}
        {reviewing ? (
          <ReviewStep
            sections={reviewSections(questionnaire, answers, catalogs)}
            headingRef={stepHeadingRef}
            alert={checks.alert}
            onChange={(sectionId, itemId) => {
              goTo(sectionId);
              focusAfterRender({ type: 'item', id: itemId });
            }}
          />
        ) : (
          <QuestionStep
            questionnaire={questionnaire}
            step={step}
            baseId={baseId}
            answers={answers}
            catalogs={catalogs}
            headingRef={stepHeadingRef}
            errors={checks.errors}
            alert={checks.alert}
            onChange={setAnswer}
          />
        )}
        {failure ? <SubmissionFailureAlert failure={failure} alertRef={failureRef} submitting={submitting} onRetry={() => void submit()} /> : null}
      </Stack>
      <StepActions canGoBack={!step.isFirst || reviewing} onBack={back} reviewing={reviewing} isLast={step.isLast} submitting={submitting} />
    </Box>
  );
}
