import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Send from '@mui/icons-material/Send';
import { ALREADY_ANSWERED_MESSAGE } from '@encuestas/core/api/availability';
import type { SubmitResponseResult } from '@encuestas/core/api/surveys';
import { allItems } from '@encuestas/core/survey-engine/answer-rules';
import type { AnswerValue, Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { SubmitButton } from '../components/forms/submit-button';
import { dependentItems, withoutUnofferedChoices } from './catalog-options';
import { ITEM_INPUTS, usesFieldLabel, type ItemInputProps } from './components/item-inputs';
import { QuestionBlock } from './components/question-block';
import { ReviewList } from './components/review-list';
import { reviewSections } from './review';
import { ScaleMatrix } from './components/scale-matrix';
import { answerBlocks } from './answer-blocks';
import { useWideScreen } from './use-wide-screen';
import { clearDraft, loadDraft, newIdempotencyKey, saveDraftNow } from './draft-storage';
import { classifySubmissionError, type SubmissionFailure } from './server-errors';
import {
  answerProgress,
  firstItemWithError,
  firstSectionWithErrors,
  sectionVisibleItems,
  stepState,
  validateStep,
  validateSubmission,
  visibleSections,
  type ItemErrors,
} from './step-navigation';

/** Sentences that follow the respondent's form of address (tú / usted). */
export interface RunnerTexts {
  restored: string;
  stepErrors: (count: number) => string;
}

export interface SurveyRunnerProps {
  questionnaire: Questionnaire;
  catalogs: Catalogs;
  /** Where the answers in progress are kept (localStorage) and the last day they may stay; null keeps nothing. */
  draft: { key: string; closesOn: string } | null;
  texts: RunnerTexts;
  /** Shown above the progress bar (the class and teacher evaluated). */
  header?: ReactNode;
  /** Sends the answers; throws the API's error. */
  onSubmit: (answers: Answers, idempotencyKey: string) => Promise<SubmitResponseResult>;
  /** Accepted (201, or 200 for a retry): the draft is gone. */
  onCompleted: (result: SubmitResponseResult) => void;
  /** Refused for good (409, 403): the page explains; after 'already answered' the draft is gone. */
  onClosed: (failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }>) => void;
}

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

type FocusTarget = { type: 'step' } | { type: 'item'; id: string } | { type: 'failure' } | null;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The first answer control of a question (the chosen option of a radio group, if any). */
function focusItem(itemId: string): void {
  const block = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(itemId)}"]`);
  if (!block) return;
  const control =
    block.querySelector<HTMLElement>('input:checked') ??
    block.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])');
  block.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  control?.focus({ preventScroll: true });
}

/**
 * Any questionnaire as a phone form: one section per step with a progress
 * bar, gates applied live, each step checked with core's sectionErrors on
 * 'Siguiente', the whole answer set with core's schema on 'Enviar', answers
 * kept in localStorage (with the idempotency key) until the server accepts
 * them.
 */
export function SurveyRunner({
  questionnaire,
  catalogs,
  draft: draftPlace,
  texts,
  header,
  onSubmit,
  onCompleted,
  onClosed,
}: SurveyRunnerProps) {
  const baseId = useId();
  // Primitives, so the saving effect does not rerun for a new object of the same place.
  const draftKey = draftPlace?.key ?? null;
  const draftClosesOn = draftPlace?.closesOn ?? null;
  const [initial] = useState(() => {
    const draft = draftKey ? loadDraft(draftKey, questionnaire) : null;
    const answers = draft ? withoutUnofferedChoices(questionnaire, catalogs, draft.answers) : {};
    return {
      answers,
      sectionId: draft?.sectionId ?? null,
      idempotencyKey: draft?.idempotencyKey ?? newIdempotencyKey(),
      restored: Object.keys(answers).length > 0,
    };
  });
  // Each step is a history entry, so the browser's back button goes back one step; answers stay in state and the draft.
  const location = useLocation();
  const navigate = useNavigate();
  const historyStep = stepInHistory(location.state, questionnaire.id);
  const shownStep = useRef(historyStep);
  const [answers, setAnswers] = useState<Answers>(initial.answers);
  // Forward into the form again: the entry's step; otherwise where the draft left off.
  const [sectionId, setSectionId] = useState<string | null>(historyStep ?? initial.sectionId);
  const [showRestored, setShowRestored] = useState(initial.restored);
  const [errors, setErrors] = useState<ItemErrors>({});
  const [stepAlert, setStepAlert] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; general: string[]; retry: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Where the focus goes after the render that a step change or a failed check causes.
  const pendingFocus = useRef<FocusTarget>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const idempotencyKey = initial.idempotencyKey;

  // The review is the step after the last one; the draft keeps the last step as where to come back.
  const reviewing = sectionId === REVIEW_STEP;
  const step = stepState(questionnaire, answers, reviewing ? (visibleSections(questionnaire, answers).at(-1)?.id ?? null) : sectionId);
  const shownItems = sectionVisibleItems(questionnaire, step.section, answers);
  const wide = useWideScreen();
  const idsOf = (itemId: string) => ({
    inputId: `${baseId}-${itemId}-input`,
    labelId: `${baseId}-${itemId}-label`,
    helpId: `${baseId}-${itemId}-help`,
    errorId: `${baseId}-${itemId}-error`,
  });
  const itemIds = allItems(questionnaire).map((item) => item.id);
  // Numbers follow the questions shown so far, across steps.
  let firstNumber = 1;
  for (const section of step.sections.slice(0, step.index)) {
    firstNumber += sectionVisibleItems(questionnaire, section, answers).length;
  }

  // Every change is kept on this device until the server has the answers.
  useEffect(() => {
    if (!draftKey || !draftClosesOn || Object.keys(answers).length === 0) return;
    saveDraftNow(draftKey, {
      questionnaireId: questionnaire.id,
      questionnaireVersion: questionnaire.version,
      answers,
      sectionId: step.section.id,
      idempotencyKey,
      closesOn: draftClosesOn,
    });
  }, [draftKey, draftClosesOn, questionnaire, answers, step.section.id, idempotencyKey]);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target.type === 'item') {
      focusItem(target.id);
    } else if (target.type === 'failure') {
      failureRef.current?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else {
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      stepHeadingRef.current?.focus({ preventScroll: true });
    }
  });

  const setFocus = (target: FocusTarget) => {
    pendingFocus.current = target;
  };

  // Back or forward in the browser: show the step of that entry.
  useEffect(() => {
    if (shownStep.current === historyStep) return;
    shownStep.current = historyStep;
    setSectionId(historyStep ?? initial.sectionId);
    setErrors({});
    setStepAlert(null);
    pendingFocus.current = { type: 'step' };
  }, [historyStep, initial.sectionId]);

  /** A new history entry for the step (Siguiente), or the current one replaced (a jump to the answers to fix). */
  const recordStep = (id: string, replace: boolean) => {
    const state = { ...(location.state as object | null), [HISTORY_KEY]: { form: questionnaire.id, sectionId: id } };
    shownStep.current = id;
    void navigate({ pathname: location.pathname, search: location.search }, { state, replace });
  };

  // The entry the form opened on names its step too, so coming back to it after a reload shows that step.
  useEffect(() => {
    if (shownStep.current !== null) return;
    shownStep.current = step.section.id;
    nameStepOfOpeningEntry({ form: questionnaire.id, sectionId: step.section.id });
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setAnswer = (itemId: string, value: AnswerValue | undefined) => {
    const next: Answers = { ...answers };
    if (value === undefined) delete next[itemId];
    else next[itemId] = value;
    // A new state makes the municipio chosen for the old one meaningless.
    for (const dependent of dependentItems(questionnaire, itemId)) delete next[dependent];
    setAnswers(next);
    setFailure(null);
    if (Object.keys(errors).length > 0) {
      const remaining = validateStep(questionnaire, step.section, next, catalogs);
      // Messages only for questions already marked: the rest are not the respondent's fault yet.
      const kept: ItemErrors = {};
      for (const [id, messages] of Object.entries(remaining)) if (errors[id]) kept[id] = messages;
      setErrors(kept);
      setStepAlert(Object.keys(kept).length > 0 ? texts.stepErrors(Object.keys(kept).length) : null);
    }
  };

  const goToStep = (id: string, replace = false) => {
    recordStep(id, replace);
    setSectionId(id);
    setErrors({});
    setStepAlert(null);
    setFocus({ type: 'step' });
  };

  const submit = async () => {
    const check = validateSubmission(questionnaire, answers, catalogs);
    if (!check.ok) {
      const target = firstSectionWithErrors(questionnaire, answers, check.errors) ?? step.section.id;
      const targetSection = questionnaire.sections.find((s) => s.id === target) ?? step.section;
      const sectionIds = new Set(targetSection.items.map((item) => item.id));
      const inSection = Object.fromEntries(Object.entries(check.errors).filter(([id]) => sectionIds.has(id)));
      if (target !== sectionId) recordStep(target, true);
      setSectionId(target);
      setErrors(inSection);
      setStepAlert(texts.stepErrors(Object.keys(inSection).length || 1));
      const first = firstItemWithError(targetSection, inSection);
      setFocus(first ? { type: 'item', id: first } : { type: 'step' });
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await onSubmit(check.answers, idempotencyKey);
      if (draftKey) clearDraft(draftKey);
      onCompleted(result);
    } catch (error) {
      const classified = classifySubmissionError(error, itemIds, ALREADY_ANSWERED_MESSAGE);
      switch (classified.type) {
        case 'alreadyAnswered':
          if (draftKey) clearDraft(draftKey);
          onClosed(classified);
          break;
        case 'conflict':
        case 'notAvailable':
          onClosed(classified);
          break;
        case 'invalid': {
          const target = firstSectionWithErrors(questionnaire, answers, classified.errors.items);
          setFailure({ message: classified.message, general: classified.errors.general, retry: false });
          if (!target) setFocus({ type: 'failure' });
          if (target) {
            const targetSection = questionnaire.sections.find((s) => s.id === target)!;
            if (target !== sectionId) recordStep(target, true);
            setSectionId(target);
            setErrors(classified.errors.items);
            const first = firstItemWithError(targetSection, classified.errors.items);
            setFocus(first ? { type: 'item', id: first } : { type: 'step' });
          }
          break;
        }
        case 'retryable':
          setFailure({ message: classified.message, general: [], retry: true });
          setFocus({ type: 'failure' });
          break;
        default: {
          const unreachable: never = classified;
          return unreachable;
        }
      }
    } finally {
      setSubmitting(false);
    }
  };

  const next = () => {
    const stepErrors = validateStep(questionnaire, step.section, answers, catalogs);
    const count = Object.keys(stepErrors).length;
    if (count > 0) {
      setErrors(stepErrors);
      setStepAlert(texts.stepErrors(count));
      const first = firstItemWithError(step.section, stepErrors);
      if (first) setFocus({ type: 'item', id: first });
      return;
    }
    if (reviewing) {
      void submit();
      return;
    }
    goToStep(step.sections[step.index + 1]?.id ?? REVIEW_STEP);
  };

  const previous = () => {
    const before = reviewing ? step.section : step.sections[step.index - 1];
    if (!before) return;
    // The entry this step was pushed on is the step before: going back keeps Anterior and the browser's button alike.
    if (historyStep === sectionId) void navigate(-1);
    else goToStep(before.id, true);
  };

  const changeAnswer = (id: string, itemId: string) => {
    goToStep(id);
    setFocus({ type: 'item', id: itemId });
  };

  const progress = answerProgress(questionnaire, answers);
  const progressLabel = reviewing ? 'Revisión final' : `Paso ${step.index + 1} de ${step.total}`;
  const questionsLabel = `${progress.answered} de ${progress.total} preguntas respondidas`;

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={`${baseId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!submitting) next();
      }}
    >
      <Stack spacing={2}>
        {header}
        <Box>
          <Typography id={`${baseId}-title`} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {questionnaire.title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mt: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }} aria-live="polite">
              {progressLabel}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {questionsLabel}
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={progress.total > 0 ? (progress.answered / progress.total) * 100 : 0}
            color="secondary"
            aria-label={questionsLabel}
            sx={{ mt: 0.75, height: 8, borderRadius: 4, bgcolor: 'grey.300', '& .MuiLinearProgress-bar': { borderRadius: 4 } }}
          />
        </Box>

        {showRestored ? (
          <Alert severity="info" onClose={() => setShowRestored(false)} slotProps={{ closeButton: { title: 'Cerrar aviso', sx: { minWidth: 44, minHeight: 44 } } }}>
            {texts.restored}
          </Alert>
        ) : null}

        <Box>
          <Typography
            ref={stepHeadingRef}
            tabIndex={-1}
            variant="h2"
            component="h2"
            sx={{ fontSize: '1.35rem', outline: 'none' }}
          >
            {reviewing ? 'Antes de enviar' : step.section.title}
          </Typography>
          {reviewing ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              Con «Cambiar» se vuelve a cualquier respuesta para corregirla.
            </Typography>
          ) : step.section.description ? (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {step.section.description}
            </Typography>
          ) : null}
        </Box>

        {stepAlert ? (
          <Alert severity="error" role="alert">
            {stepAlert}
          </Alert>
        ) : null}

        {reviewing ? <ReviewList sections={reviewSections(questionnaire, answers, catalogs)} onChange={changeAnswer} /> : null}

        {(reviewing ? [] : answerBlocks(shownItems, firstNumber)).map((block) => {
          if (block.type === 'matrix') {
            return (
              <ScaleMatrix
                key={block.items[0]!.id}
                items={block.items}
                firstNumber={block.firstNumber}
                wide={wide}
                ids={idsOf}
                answers={answers}
                errors={errors}
                onChange={setAnswer}
              />
            );
          }
          const { item } = block;
          const ids = idsOf(item.id);
          const itemErrors = errors[item.id] ?? [];
          const required = item.required !== false;
          const describedBy = [item.help ? ids.helpId : null, itemErrors.length > 0 ? ids.errorId : null].filter(Boolean).join(' ');
          const Input = ITEM_INPUTS[item.type] as ComponentType<ItemInputProps>;
          const labelled = usesFieldLabel(item, answers, catalogs);
          return (
            <QuestionBlock
              key={item.id}
              item={item}
              number={block.number}
              {...ids}
              inputId={labelled ? ids.inputId : undefined}
              errors={itemErrors}
              required={required}
            >
              <Input
                item={item}
                value={answers[item.id]}
                onChange={(value) => setAnswer(item.id, value)}
                answers={answers}
                catalogs={catalogs}
                inputId={ids.inputId}
                labelId={ids.labelId}
                describedBy={describedBy}
                invalid={itemErrors.length > 0}
                required={required}
              />
            </QuestionBlock>
          );
        })}

        {failure ? (
          <Alert severity="error" role="alert" ref={failureRef} sx={{ scrollMarginBottom: 96 }}>
            {failure.message}
            {failure.general.length > 0 ? ` ${failure.general.join(', ')}` : null}
            {failure.retry ? (
              <>
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  Las respuestas siguen guardadas en este dispositivo.
                </Box>
                <Button
                  variant="outlined"
                  color="inherit"
                  onClick={() => void submit()}
                  disabled={submitting}
                  sx={{ mt: 1, minHeight: 44, fontWeight: 700 }}
                >
                  Reintentar
                </Button>
              </>
            ) : null}
          </Alert>
        ) : null}
      </Stack>

      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          mx: -2,
          mt: 3,
          px: 2,
          pt: 1.5,
          pb: 'calc(12px + env(safe-area-inset-bottom))',
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          gap: 1.5,
        }}
      >
        {step.isFirst && !reviewing ? null : (
          <Button
            type="button"
            variant="outlined"
            size="large"
            onClick={previous}
            disabled={submitting}
            startIcon={<ArrowBack />}
            sx={{ flex: '0 0 auto', minHeight: 48 }}
          >
            Anterior
          </Button>
        )}
        {reviewing ? (
          <SubmitButton pending={submitting} endIcon={submitting ? undefined : <Send />} sx={{ flex: 1, minHeight: 48 }}>
            Enviar
          </SubmitButton>
        ) : (
          <Button type="submit" variant="contained" size="large" endIcon={<ArrowForward />} sx={{ flex: 1, minHeight: 48 }}>
            {step.isLast ? 'Revisar' : 'Siguiente'}
          </Button>
        )}
      </Box>
    </Box>
  );
}
