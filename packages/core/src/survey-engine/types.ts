/**
 * Questionnaires are data: sections of typed items, optionally gated by
 * earlier answers. The engine knows these item types; each survey kind is a
 * folder of data built from them (survey-kinds/).
 */

export const RATING_VALUES = ['excelente', 'muyBuena', 'buena', 'regular', 'mala', 'na'] as const;
export type RatingValue = (typeof RATING_VALUES)[number];
export const RATING_LABELS: Record<RatingValue, string> = {
  excelente: 'Excelente',
  muyBuena: 'Muy buena',
  buena: 'Buena',
  regular: 'Regular',
  mala: 'Mala',
  na: 'No aplica',
};
/** Points of a rating for averages; 'na' (no aplica) is left out of them. */
export const RATING_POINTS: Record<Exclude<RatingValue, 'na'>, number> = {
  excelente: 5,
  muyBuena: 4,
  buena: 3,
  regular: 2,
  mala: 1,
};

export const FREQUENCY_VALUES = ['always', 'almostAlways', 'sometimes', 'almostNever', 'never'] as const;
export type FrequencyValue = (typeof FREQUENCY_VALUES)[number];
export const FREQUENCY_LABELS: Record<FrequencyValue, string> = {
  always: 'Siempre',
  almostAlways: 'Casi siempre',
  sometimes: 'Algunas veces',
  almostNever: 'Casi nunca',
  never: 'Nunca',
};

export const YES_NO_VALUES = ['yes', 'no'] as const;
export type YesNoValue = (typeof YES_NO_VALUES)[number];
export const YES_NO_LABELS: Record<YesNoValue, string> = { yes: 'Sí', no: 'No' };

/** Text limits the spec allows (§5). */
export const TEXT_LIMITS = [100, 255, 1000] as const;
export type TextLimit = (typeof TEXT_LIMITS)[number];

export type AnswerValue = string | number | string[];
export type Answers = Record<string, AnswerValue>;

/** True when the earlier item's answer is one of `in` (for multiple choice: includes one of them). */
export interface Condition {
  item: string;
  in: readonly (string | number)[];
}

/** Shown when any condition holds (`anyOf`) or when all hold (`allOf`). */
export type Gate = { anyOf: readonly Condition[] } | { allOf: readonly Condition[] };

interface BaseItem {
  /** Stable within the questionnaire version; the key of the answer. */
  id: string;
  text: string;
  /** Defaults to true. */
  required?: boolean;
  gate?: Gate;
  help?: string;
}

export interface RatingItem extends BaseItem {
  type: 'rating';
  /** Whether 'No aplica' is offered; defaults to true. */
  allowNa?: boolean;
}

export interface FrequencyItem extends BaseItem {
  type: 'frequency';
  /** Per-item scores (NOM-035 scales), absent where the item is not scored. */
  scores?: Record<FrequencyValue, number>;
}

export interface YesNoItem extends BaseItem {
  type: 'yesNo';
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/**
 * Segments of the report aggregates drawn from an answer rather than from the
 * directory: every answer of a response is also counted under this item's
 * answer (new intake: the school of origin, for "opinion by institute").
 */
export const ANSWER_SEGMENTS = ['institute'] as const;
export type AnswerSegment = (typeof ANSWER_SEGMENTS)[number];

export interface ChoiceItem extends BaseItem {
  type: 'single' | 'multiple';
  /** Inline options, or the name of a catalogue whose entries are the options. */
  options?: readonly ChoiceOption[];
  catalog?: string;
  /** For a catalogue whose entries depend on an earlier answer (municipios of a state). */
  catalogParentItem?: string;
  /**
   * An extra option after the inline or catalogue ones ('Otro'); a text item
   * gated on its value asks which. Catalogues need no 'Otro' entry of their own.
   */
  otherOption?: ChoiceOption;
  /** Makes the answer a segment of the aggregates (a required single choice only). */
  segment?: AnswerSegment;
  /** Multiple choice bounds. */
  minSelected?: number;
  maxSelected?: number;
}

export interface TextItem extends BaseItem {
  type: 'text';
  maxLength: TextLimit;
  multiline?: boolean;
}

export interface NumberItem extends BaseItem {
  type: 'number';
  min?: number;
  max?: number;
  integer?: boolean;
}

export type Item = RatingItem | FrequencyItem | YesNoItem | ChoiceItem | TextItem | NumberItem;
export type ItemType = Item['type'];
/** The item of one type (a choice item narrowed to 'single' or 'multiple'). */
export type ItemOf<T extends ItemType> = Item & { type: T };

export interface Section {
  id: string;
  title: string;
  description?: string;
  gate?: Gate;
  items: readonly Item[];
}

export interface Questionnaire {
  id: string;
  version: number;
  title: string;
  /** Shown on the survey's index page before starting. */
  instructions: readonly string[];
  sections: readonly Section[];
}

/** Catalogue entries by catalogue name; entries with a parent belong to that parent's value. */
export type Catalogs = Record<string, readonly { value: string; label: string; parent?: string }[]>;
