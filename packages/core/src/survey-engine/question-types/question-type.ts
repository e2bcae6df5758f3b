/**
 * What the engine knows of one question type, in two modules per type: what
 * the survey pages need (./<type>-rule.ts, listed in ./rules.ts: the answer
 * rule and the time estimate, so a phone loads nothing more) and the rest
 * (./<type>.ts, listed in ./registry.ts: the rule plus synthetic and test
 * answers, structural checks, and how the report aggregates and shows it).
 * The server's fold and generic report, the held answers' seal and the
 * questionnaire checks read the registry; the survey pages read the rules.
 * A new type adds both modules, a line in each list and (in the web) an
 * input component with its review text.
 */
import type { AnswerValue, Answers, Catalogs, Item } from '../types';
import type { RandomSource, SyntheticOptions } from './synthetic';

export const INVALID_OPTION_MESSAGE = 'La respuesta no es una de las opciones';

export interface AnswerContext {
  catalogs: Catalogs;
  /** The answers so far (a catalogue's entries may depend on an earlier answer). */
  answers: Answers;
}

export interface SyntheticContext extends AnswerContext {
  random: RandomSource;
  options: Required<SyntheticOptions>;
}

export interface StructureContext {
  /** Items before this one, by id. */
  earlier: ReadonlyMap<string, Item>;
  allowedCatalogs: ReadonlySet<string>;
}

/** One counted answer in the aggregates: the value (an option of a multiple choice each) and its points, if it has any. */
export interface Counted {
  value: string;
  points: number | null;
}

/**
 * The widest answer an item accepts, for the fixed-length seal of held
 * answers: a number, a string of at most `units` UTF-16 units, or strings of
 * these units at most (widest first); null units: bounded only by the answer
 * schema's caps (a catalogue the caller does not have).
 */
export type WidestAnswer =
  | { type: 'number' }
  | { type: 'string'; units: number | null }
  | { type: 'strings'; units: readonly number[] | null };

/** What the survey pages need of a type: its answer rule and time estimate. */
export interface QuestionRule<I extends Item> {
  /** Spanish messages for an answer to a shown item (empty when valid); blank and unsafe answers are checked before. */
  answerErrors(item: I, value: AnswerValue, context: AnswerContext): string[];
  /** Seconds a respondent on a phone spends on the item, reading it included. */
  estimateSeconds(item: I): number;
}

export interface QuestionType<I extends Item> extends QuestionRule<I> {
  /** An answer people give (demo seed, benchmarks); undefined when there is nothing to choose. */
  syntheticAnswer(item: I, context: SyntheticContext): AnswerValue | undefined;
  /** A plausible fixed answer for the questionnaire tests (core survey-kinds/testing.ts). */
  testAnswer(item: I, context: AnswerContext): AnswerValue;
  /** The values a gate may test the answer for; null when they come from a catalogue or are free. */
  gateValues(item: I): readonly (string | number)[] | null;
  /** Structural problems of the item as written (questionnaire-checks.ts), beyond those of every item. */
  structureProblems(item: I, context: StructureContext): string[];
  /**
   * How the report aggregates answers: 'counts' adds each answer to the
   * value counts and points of agg_answer_count (see counted); 'texts' lists
   * it among the free texts, apart from the item distributions.
   */
  aggregation: 'counts' | 'texts';
  /** What an answer adds to the value counts (aggregation 'counts'). */
  counted(item: I, answer: AnswerValue): Counted[];
  /**
   * The values the report shows for the item, in its order, with their labels:
   * null when only the values answered are listed (a catalogue), [] when the
   * item has no distribution (only an average).
   */
  reportValues(item: I): { value: string; label: string }[] | null;
  widestAnswer(item: I, catalogs: Catalogs): WidestAnswer;
}
