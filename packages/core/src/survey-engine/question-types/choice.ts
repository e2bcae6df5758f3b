/**
 * Single and multiple choice: inline options or a catalogue's entries (which
 * may depend on an earlier answer, municipios of a state), with an optional
 * 'Otro'. A required single choice may be a segment of the aggregates.
 */
import type { AnswerValue, Catalogs, ChoiceItem, ItemOf } from '../types';
import { multipleRule, singleRule } from './choice-rule';
import type { AnswerContext, QuestionType, StructureContext } from './question-type';
import { leaningToFirst, type RandomSource } from './synthetic';

/** The inline or catalogue values under the parent already answered ('Otro' apart). */
function listedValues(item: ChoiceItem, { catalogs, answers }: AnswerContext): string[] {
  if (item.options) return item.options.map((o) => o.value);
  const parent = item.catalogParentItem ? String(answers[item.catalogParentItem]) : undefined;
  return (catalogs[item.catalog ?? ''] ?? []).filter((e) => parent === undefined || e.parent === parent).map((e) => e.value);
}

function syntheticChoice(item: ChoiceItem, context: AnswerContext, random: RandomSource, otherRate: number): AnswerValue | undefined {
  const values = listedValues(item, context);
  if (item.otherOption && (values.length === 0 || random() < otherRate)) values.splice(0, values.length, item.otherOption.value);
  if (values.length === 0) return undefined;
  if (item.type === 'single') return values[leaningToFirst(values.length, random)];
  const min = Math.max(1, item.minSelected ?? 1);
  const max = Math.min(values.length, item.maxSelected ?? 3, 3);
  const count = min + Math.floor(random() * (Math.max(min, max) - min + 1));
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, values.length)) chosen.add(values[leaningToFirst(values.length, random)]!);
  return [...chosen];
}

function firstValue(item: ChoiceItem, context: AnswerContext): string {
  const first = listedValues(item, context)[0];
  if (first === undefined) throw new Error(`no option to answer ${item.id}`);
  return first;
}

function choiceProblems(item: ChoiceItem, { earlier, allowedCatalogs }: StructureContext): string[] {
  const problems: string[] = [];
  if (Boolean(item.options) === Boolean(item.catalog)) problems.push('give either options or a catalog');
  if (item.options) {
    const values = item.options.map((o) => o.value);
    if (values.length < 2) problems.push('fewer than two options');
    if (new Set(values).size !== values.length) problems.push('duplicate option values');
  }
  if (item.segment !== undefined && (item.type !== 'single' || item.required === false || item.gate)) {
    problems.push('a segment must be a required single choice asked of everyone');
  }
  if (item.catalog && !allowedCatalogs.has(item.catalog)) problems.push(`unknown catalog ${item.catalog}`);
  if (item.catalogParentItem !== undefined) {
    const parent = earlier.get(item.catalogParentItem);
    if (!item.catalog) problems.push('catalogParentItem without catalog');
    if (!parent || parent.type !== 'single') problems.push(`catalogParentItem ${item.catalogParentItem} is not an earlier single choice`);
  }
  return problems;
}

/** Inline options and 'Otro' in their order; null for a catalogue (only the values answered are listed). */
function reportValues(item: ChoiceItem): { value: string; label: string }[] | null {
  if (item.catalog) return null;
  return [...(item.options ?? []), ...(item.otherOption ? [item.otherOption] : [])];
}

/** Every value the item may hold ('Otro' included), or null for a catalogue the caller does not have. */
function everyValue(item: ChoiceItem, catalogs: Catalogs): string[] | null {
  const entries = item.options ?? (item.catalog ? catalogs[item.catalog] : []);
  if (!entries) return null;
  return [...entries.map((e) => e.value), ...(item.otherOption ? [item.otherOption.value] : [])];
}

const gateValues = (item: ChoiceItem) => (item.options ? item.options.map((o) => o.value) : null);

export const single: QuestionType<ItemOf<'single'>> = {
  ...singleRule,
  syntheticAnswer: (item, context) => syntheticChoice(item, context, context.random, context.options.otherRate),
  testAnswer: firstValue,
  gateValues,
  structureProblems: choiceProblems,
  aggregation: 'counts',
  counted: (_item, answer) => (typeof answer === 'string' ? [{ value: answer, points: null }] : []),
  reportValues,
  widestAnswer(item, catalogs) {
    const values = everyValue(item, catalogs);
    return { type: 'string', units: values && values.reduce((max, value) => Math.max(max, value.length), 0) };
  },
};

export const multiple: QuestionType<ItemOf<'multiple'>> = {
  ...multipleRule,
  syntheticAnswer: (item, context) => syntheticChoice(item, context, context.random, context.options.otherRate),
  testAnswer: (item, context) => [firstValue(item, context)],
  gateValues,
  structureProblems: choiceProblems,
  aggregation: 'counts',
  counted: (_item, answer) => (Array.isArray(answer) ? [...new Set(answer)].map((value) => ({ value, points: null })) : []),
  reportValues,
  widestAnswer(item, catalogs) {
    const values = everyValue(item, catalogs);
    const units = values && values.map((value) => value.length).sort((a, b) => b - a);
    return { type: 'strings', units: units && units.slice(0, item.maxSelected ?? units.length) };
  },
};
