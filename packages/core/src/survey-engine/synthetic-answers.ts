/**
 * Plausible answer sets for any questionnaire, for the demo seed and the
 * report benchmarks: every item a respondent is shown gets the kind of answer
 * people give (ratings leaning to one respondent's mood, the first options of
 * a list chosen more often, optional texts now and then), gates are followed
 * in order, and the result passes the questionnaire's own answer schema.
 * Deterministic for a given random source, so demo data is reproducible.
 */
import { gateOpen } from './answers';
import {
  FREQUENCY_VALUES,
  RATING_VALUES,
  type Answers,
  type AnswerValue,
  type Catalogs,
  type ChoiceItem,
  type Item,
  type Questionnaire,
} from './types';

/** A number in [0, 1), e.g. Math.random or a seeded generator. */
export type RandomSource = () => number;

export interface SyntheticOptions {
  /** 0 = unhappy, 1 = delighted; drawn per respondent when absent. */
  mood?: number;
  /** Chance that an optional text item is written. */
  commentRate?: number;
  /** Chance of a 'Sí' (NOM-035's Guía I gates open on it). */
  yesRate?: number;
  /** Chance of the 'Otro' option where an item offers one. */
  otherRate?: number;
}

/** Spanish texts a respondent might write; short ones first, for 100-character items. */
const COMMENTS = [
  'Todo bien.',
  'Muy buen servicio.',
  'Falta mejorar la atención en ventanilla.',
  'Los horarios no siempre se respetan.',
  'Me gustaría que hubiera más opciones en la cafetería.',
  'El profesor explica con claridad y resuelve dudas.',
  'La biblioteca necesita más computadoras y mejor internet.',
  'Excelente disposición del personal administrativo, siempre amables.',
  'Las instalaciones deportivas están descuidadas y faltan vestidores.',
  'Sugiero publicar con más anticipación las fechas de exámenes y trámites.',
] as const;
const OTHER_TEXTS = [
  'Recomendación de un familiar',
  'Feria vocacional',
  'Bicicleta',
  'Voluntariado',
  'Otro estado',
  'Bogotá, Colombia',
  'Preparatoria Federal por Cooperación, Tehuacán',
] as const;

function pick<T>(values: readonly T[], random: RandomSource): T {
  return values[Math.floor(random() * values.length)]!;
}

/** An index in [0, n) with weights n, n-1, …, 1: the first options of a list are chosen more often. */
function leaningToFirst(n: number, random: RandomSource): number {
  const total = (n * (n + 1)) / 2;
  let r = random() * total;
  for (let i = 0; i < n; i++) {
    r -= n - i;
    if (r < 0) return i;
  }
  return n - 1;
}

/** One of five ordered grades (best first), centred on the mood with some spread. */
function grade(mood: number, random: RandomSource): number {
  const centre = (1 - mood) * 4;
  const spread = (random() + random() + random()) / 3 - 0.5; // bell-shaped in [-0.5, 0.5)
  return Math.min(4, Math.max(0, Math.round(centre + spread * 3)));
}

function text(limit: number, random: RandomSource, bank: readonly string[] = COMMENTS): string {
  const fitting = bank.filter((t) => t.length <= limit);
  return pick(fitting.length ? fitting : [bank[0]!.slice(0, limit)], random);
}

function choiceValues(item: ChoiceItem, catalogs: Catalogs, answers: Answers): string[] {
  if (item.options) return item.options.map((o) => o.value);
  const parent = item.catalogParentItem ? String(answers[item.catalogParentItem]) : undefined;
  return (catalogs[item.catalog ?? ''] ?? []).filter((e) => parent === undefined || e.parent === parent).map((e) => e.value);
}

function choice(item: ChoiceItem, catalogs: Catalogs, answers: Answers, random: RandomSource, otherRate: number): AnswerValue | undefined {
  const values = choiceValues(item, catalogs, answers);
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

function answerFor(item: Item, catalogs: Catalogs, answers: Answers, random: RandomSource, o: Required<SyntheticOptions>): AnswerValue | undefined {
  switch (item.type) {
    case 'rating':
      if (item.allowNa !== false && random() < 0.03) return 'na';
      return RATING_VALUES[grade(o.mood, random)];
    case 'frequency':
      return FREQUENCY_VALUES[grade(o.mood, random)];
    case 'yesNo':
      return random() < o.yesRate ? 'yes' : 'no';
    case 'single':
    case 'multiple':
      return choice(item, catalogs, answers, random, o.otherRate);
    case 'text':
      return text(item.maxLength, random, item.gate ? OTHER_TEXTS : COMMENTS);
    case 'number': {
      const min = item.min ?? 0;
      const max = item.max ?? min + 100;
      const value = min + random() * (max - min);
      return item.integer === false ? Math.round(value * 10) / 10 : Math.round(value);
    }
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

/** An answer set a respondent could have sent for `questionnaire`. */
export function syntheticAnswers(
  questionnaire: Questionnaire,
  catalogs: Catalogs,
  random: RandomSource,
  options: SyntheticOptions = {},
): Answers {
  const o: Required<SyntheticOptions> = {
    mood: options.mood ?? 0.35 + 0.6 * random(),
    commentRate: options.commentRate ?? 0.3,
    yesRate: options.yesRate ?? 0.15,
    otherRate: options.otherRate ?? 0.05,
  };
  const answers: Answers = {};
  for (const section of questionnaire.sections) {
    if (!gateOpen(section.gate, answers)) continue;
    for (const item of section.items) {
      if (!gateOpen(item.gate, answers)) continue;
      const optional = item.required === false;
      // An optional text is written now and then; other optional items are mostly answered.
      if (optional && random() >= (item.type === 'text' ? o.commentRate : 0.9)) continue;
      const value = answerFor(item, catalogs, answers, random, o);
      if (value !== undefined) answers[item.id] = value;
    }
  }
  return answers;
}

/** A small seeded generator (mulberry32), so the same seed gives the same data on every machine. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
