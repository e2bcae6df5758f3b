/**
 * Which items a respondent sees, and the rules an answer set must obey, with
 * no schema library: the survey pages check answers with these functions and
 * the server's zod schema (./answers) applies the very same ones, so every
 * rule and message lives here once.
 */
import type {
  AnswerValue,
  Answers,
  Catalogs,
  Condition,
  Gate,
  Item,
  Questionnaire,
  Section,
} from './types';
import { questionRule } from './question-types/rules';
import { hasUnsafeCharacters, unsafeTextMessage } from '../input-rules';

export const REQUIRED_ANSWER_MESSAGE = 'Falta responder esta pregunta';
export { INVALID_OPTION_MESSAGE } from './question-types/question-type';
export const NOT_APPLICABLE_MESSAGE = 'Esta pregunta no corresponde a las respuestas anteriores';
export const UNKNOWN_ITEM_MESSAGE = 'Pregunta desconocida';
export const tooManyAnswersMessage = (items: number) =>
  `Hay más respuestas que preguntas: este cuestionario tiene ${items} preguntas`;

function conditionHolds(condition: Condition, answers: Answers): boolean {
  const answer = answers[condition.item];
  if (answer === undefined) return false;
  if (Array.isArray(answer)) return answer.some((value) => condition.in.includes(value));
  return condition.in.includes(answer);
}

export function gateOpen(gate: Gate | undefined, answers: Answers): boolean {
  if (!gate) return true;
  return 'anyOf' in gate
    ? gate.anyOf.some((c) => conditionHolds(c, answers))
    : gate.allOf.every((c) => conditionHolds(c, answers));
}

/**
 * Items the respondent is asked, in order, given the answers so far. Gates
 * refer to earlier items, so one forward pass decides: an answer to an item
 * that is itself hidden never opens a gate.
 */
export function visibleItems(questionnaire: Questionnaire, answers: Answers): Item[] {
  return walkVisible(questionnaire, answers).items;
}

/** Sections shown for these answers, in order (the steps of the form). */
export function visibleSections(questionnaire: Questionnaire, answers: Answers): Section[] {
  return walkVisible(questionnaire, answers).sections;
}

function walkVisible(questionnaire: Questionnaire, answers: Answers): { sections: Section[]; items: Item[] } {
  const shown: Answers = {};
  const sections: Section[] = [];
  const items: Item[] = [];
  for (const section of questionnaire.sections) {
    if (!gateOpen(section.gate, shown)) continue;
    sections.push(section);
    for (const item of section.items) {
      if (!gateOpen(item.gate, shown)) continue;
      items.push(item);
      const answer = answers[item.id];
      if (answer !== undefined) shown[item.id] = answer;
    }
  }
  return { sections, items };
}

export function allItems(questionnaire: Questionnaire): Item[] {
  return questionnaire.sections.flatMap((section) => section.items);
}

function isBlank(value: AnswerValue | undefined): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}


const hasUnsafeText = (value: AnswerValue) =>
  typeof value === 'string' ? hasUnsafeCharacters(value) : Array.isArray(value) && value.some(hasUnsafeCharacters);

export interface AnswerIssue {
  /** The item id; empty for a problem of the whole set. */
  path: string[];
  message: string;
}

/** A flood of keys is refused before any per-answer work: one count. */
export function tooManyAnswers(questionnaire: Questionnaire, raw: unknown): AnswerIssue | null {
  const items = allItems(questionnaire).length;
  return typeof raw === 'object' && raw !== null && Object.keys(raw).length > items
    ? { path: [], message: tooManyAnswersMessage(items) }
    : null;
}

/** Text answers trimmed; blank answers dropped. */
export function cleanAnswers(raw: Answers): Answers {
  const cleaned: Answers = {};
  for (const [key, value] of Object.entries(raw)) {
    const trimmed = typeof value === 'string' ? value.trim() : value;
    if (!isBlank(trimmed)) cleaned[key] = trimmed;
  }
  return cleaned;
}

/**
 * What is wrong with a cleaned answer set: every visible required item
 * answered, every answer valid for its item, nothing for hidden or unknown
 * items. Empty when it may be stored.
 */
export function answerSetIssues(questionnaire: Questionnaire, answers: Answers, catalogs: Catalogs = {}): AnswerIssue[] {
  const known = new Map(allItems(questionnaire).map((item) => [item.id, item]));
  const issues: AnswerIssue[] = [];
  const visible = new Set(visibleItems(questionnaire, answers).map((item) => item.id));
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) issues.push({ path: [key], message: UNKNOWN_ITEM_MESSAGE });
    else if (!visible.has(key)) issues.push({ path: [key], message: NOT_APPLICABLE_MESSAGE });
  }
  for (const id of visible) {
    const item = known.get(id)!;
    const value = answers[id];
    if (value === undefined) {
      if (item.required !== false) issues.push({ path: [id], message: REQUIRED_ANSWER_MESSAGE });
      continue;
    }
    if (hasUnsafeText(value)) {
      issues.push({ path: [id], message: unsafeTextMessage([id]) });
      continue;
    }
    for (const message of questionRule(item).answerErrors(item, value, { catalogs, answers })) issues.push({ path: [id], message });
  }
  return issues;
}

export type AnswersCheck = { success: true; data: Answers } | { success: false; issues: AnswerIssue[] };

/**
 * An answer set the web built (values already of the right shape) checked as
 * the server will: on success the answers to send (trimmed, blanks dropped).
 */
export function checkAnswers(questionnaire: Questionnaire, raw: Answers, catalogs: Catalogs = {}): AnswersCheck {
  const flood = tooManyAnswers(questionnaire, raw);
  if (flood) return { success: false, issues: [flood] };
  const data = cleanAnswers(raw);
  const issues = answerSetIssues(questionnaire, data, catalogs);
  return issues.length === 0 ? { success: true, data } : { success: false, issues };
}

/** Messages of the items of one section, for validating a single step of the form. */
export function sectionErrors(
  questionnaire: Questionnaire,
  section: Section,
  answers: Answers,
  catalogs: Catalogs = {},
): Record<string, string[]> {
  const result = checkAnswers(questionnaire, answers, catalogs);
  if (result.success) return {};
  const ids = new Set(section.items.map((item) => item.id));
  const errors: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const id = String(issue.path[0]);
    if (ids.has(id) && issue.message !== NOT_APPLICABLE_MESSAGE) (errors[id] ??= []).push(issue.message);
  }
  return errors;
}

/** Drops answers of items that are no longer shown (a gate answered otherwise later). */
export function pruneHiddenAnswers(questionnaire: Questionnaire, answers: Answers): Answers {
  const visible = new Set(visibleItems(questionnaire, answers).map((item) => item.id));
  return Object.fromEntries(Object.entries(answers).filter(([key]) => visible.has(key)));
}
