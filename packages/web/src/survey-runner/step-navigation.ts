import {
  checkAnswers,
  pruneHiddenAnswers,
  sectionErrors,
  visibleItems,
  visibleSections as coreVisibleSections,
} from '@encuestas/core/survey-engine/answer-rules';
import type { Answers, Catalogs, Item, Questionnaire, Section } from '@encuestas/core/survey-engine/types';

/** Item id → Spanish messages. */
export type ItemErrors = Record<string, string[]>;

/**
 * The answers that count: those of items still shown. Hidden answers stay in
 * the form state (re-opening a gate brings them back) but never decide
 * another gate, are validated or are sent.
 */
export function effectiveAnswers(questionnaire: Questionnaire, answers: Answers): Answers {
  return pruneHiddenAnswers(questionnaire, answers);
}

/** The steps of the form: one per section shown for these answers. */
export function visibleSections(questionnaire: Questionnaire, answers: Answers): Section[] {
  return coreVisibleSections(questionnaire, answers);
}

/** Items of a section shown for these answers, in order. */
export function sectionVisibleItems(questionnaire: Questionnaire, section: Section, answers: Answers): Item[] {
  const shown = new Set(visibleItems(questionnaire, answers).map((item) => item.id));
  return section.items.filter((item) => shown.has(item.id));
}

export interface StepState {
  sections: Section[];
  section: Section;
  /** 0-based position among the visible sections. */
  index: number;
  total: number;
  isFirst: boolean;
  isLast: boolean;
}

/**
 * Where the respondent is. A section that is no longer shown (an earlier
 * answer closed its gate) falls back to the nearest shown one before it.
 */
export function stepState(questionnaire: Questionnaire, answers: Answers, sectionId: string | null): StepState {
  const sections = visibleSections(questionnaire, answers);
  // A questionnaire always shows its first section (no kind gates it).
  const fallback = sections[0] ?? questionnaire.sections[0]!;
  let index = sectionId ? sections.findIndex((s) => s.id === sectionId) : 0;
  if (index < 0) {
    const order = questionnaire.sections.findIndex((s) => s.id === sectionId);
    const before = sections.filter((s) => questionnaire.sections.indexOf(s) < order);
    index = before.length > 0 ? sections.indexOf(before[before.length - 1]!) : 0;
  }
  const list = sections.length > 0 ? sections : [fallback];
  const section = list[index] ?? fallback;
  return {
    sections: list,
    section,
    index,
    total: list.length,
    isFirst: index === 0,
    isLast: index === list.length - 1,
  };
}

/** The section after the current one, or null on the last step. */
export function nextSectionId(questionnaire: Questionnaire, answers: Answers, sectionId: string | null): string | null {
  const state = stepState(questionnaire, answers, sectionId);
  return state.sections[state.index + 1]?.id ?? null;
}

/** The section before the current one, or null on the first step. */
export function previousSectionId(questionnaire: Questionnaire, answers: Answers, sectionId: string | null): string | null {
  const state = stepState(questionnaire, answers, sectionId);
  return state.index > 0 ? (state.sections[state.index - 1]?.id ?? null) : null;
}

/** 'Siguiente': the messages of the items of this step (empty when it may be left). */
export function validateStep(questionnaire: Questionnaire, section: Section, answers: Answers, catalogs: Catalogs): ItemErrors {
  return sectionErrors(questionnaire, section, effectiveAnswers(questionnaire, answers), catalogs);
}

export type SubmissionCheck = { ok: true; answers: Answers } | { ok: false; errors: ItemErrors };

/**
 * 'Enviar': every step at once with the server's own rules, on the shown
 * answers only. On success, the answers to send (trimmed, blanks dropped).
 */
export function validateSubmission(questionnaire: Questionnaire, answers: Answers, catalogs: Catalogs): SubmissionCheck {
  const result = checkAnswers(questionnaire, effectiveAnswers(questionnaire, answers), catalogs);
  if (result.success) return { ok: true, answers: result.data };
  const errors: ItemErrors = {};
  for (const issue of result.issues) {
    const id = String(issue.path[0] ?? '');
    (errors[id] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** The first shown section holding one of these items (to send the respondent there), or null. */
export function firstSectionWithErrors(questionnaire: Questionnaire, answers: Answers, errors: ItemErrors): string | null {
  const ids = new Set(Object.keys(errors).filter((id) => (errors[id]?.length ?? 0) > 0));
  if (ids.size === 0) return null;
  const sections = visibleSections(questionnaire, answers);
  return (sections.find((s) => s.items.some((item) => ids.has(item.id))) ?? null)?.id ?? null;
}

/** The first item of the section (in order) with a message: the one to scroll to and focus. */
export function firstItemWithError(section: Section, errors: ItemErrors): string | null {
  return section.items.find((item) => (errors[item.id]?.length ?? 0) > 0)?.id ?? null;
}

export interface AnswerProgress {
  answered: number;
  /** Questions shown for these answers, across every step. */
  total: number;
}

/** Progress by question: how many of the questions shown now have an answer. */
export function answerProgress(questionnaire: Questionnaire, answers: Answers): AnswerProgress {
  const shown = visibleItems(questionnaire, answers);
  const answered = shown.filter((item) => {
    const value = answers[item.id];
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
  }).length;
  return { answered, total: shown.length };
}
