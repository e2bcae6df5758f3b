/** A rating's answer rule and estimate (the rest of the type: ./rating.ts). */
import { RATING_VALUES, type RatingItem } from '../types';
import type { QuestionRule } from './question-type';
import { oneOf } from './scale';

/** The values the item offers: 'No aplica' unless the item says otherwise. */
export const offered = (item: RatingItem): readonly string[] => (item.allowNa === false ? RATING_VALUES.filter((v) => v !== 'na') : RATING_VALUES);

export const ratingRule: QuestionRule<RatingItem> = {
  answerErrors: (item, value) => oneOf(offered(item), value),
  estimateSeconds: () => 5,
};
