/**
 * Plausible answer sets for any questionnaire, for the demo seed and the
 * report benchmarks: every item a respondent is shown gets the kind of answer
 * people give (ratings leaning to one respondent's mood, the first options of
 * a list chosen more often, optional texts now and then), gates are followed
 * in order, and the result passes the questionnaire's own answer schema.
 * Deterministic for a given random source, so demo data is reproducible.
 */
import { gateOpen } from './answer-rules';
import { questionType } from './question-types/registry';
import type { RandomSource, SyntheticOptions } from './question-types/synthetic';
import type { Answers, Catalogs, Questionnaire } from './types';

export type { RandomSource, SyntheticOptions } from './question-types/synthetic';

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
      const value = questionType(item).syntheticAnswer(item, { catalogs, answers, random, options: o });
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
