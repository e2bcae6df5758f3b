/** A rating from 'Excelente' to 'Mala', with 'No aplica' unless the item says otherwise; its points (5 to 1) are averaged. */
import { RATING_LABELS, RATING_POINTS, RATING_VALUES, type RatingItem } from '../types';
import type { QuestionType } from './question-type';
import { offered, ratingRule } from './rating-rule';
import { labelled, longest } from './scale';
import { grade } from './synthetic';

export const rating: QuestionType<RatingItem> = {
  ...ratingRule,
  syntheticAnswer(item, { random, options }) {
    if (item.allowNa !== false && random() < 0.03) return 'na';
    return RATING_VALUES[grade(options.mood, random)];
  },
  testAnswer: () => 'muyBuena',
  gateValues: offered,
  structureProblems: () => [],
  aggregation: 'counts',
  counted: (_item, answer) =>
    typeof answer === 'string' ? [{ value: answer, points: RATING_POINTS[answer as keyof typeof RATING_POINTS] ?? null }] : [],
  reportValues: (item) => labelled(offered(item), RATING_LABELS),
  widestAnswer: () => ({ type: 'string', units: longest(RATING_VALUES) }),
};
