/**
 * The zod schema of an answer set, for the server: the shape of the JSON
 * (the zod part), then the rules of ./answer-rules, which the web applies
 * without zod.
 */
import { z } from 'zod';
import { answerSetIssues, cleanAnswers, tooManyAnswers } from './answer-rules';
import type { Catalogs, Questionnaire } from './types';

export * from './answer-rules';

// Numbers first: most answers are points on a scale, and a union stops at its first option that fits.
const answerValueSchema = z.union([z.number(), z.string().max(5000), z.array(z.string().max(500)).max(100)]);

/**
 * The schema of an answer set for a questionnaire (see answerSetIssues).
 * Text answers are trimmed; blank optional answers are dropped. An answer
 * set with more keys than the questionnaire has items is refused before any
 * per-answer work, so a flood of keys costs one count.
 */
export function buildAnswersSchema(questionnaire: Questionnaire, catalogs: Catalogs = {}) {
  const countWithinItems = (raw: unknown, ctx: z.RefinementCtx) => {
    const flood = tooManyAnswers(questionnaire, raw);
    if (!flood) return raw;
    ctx.addIssue({ code: 'custom', message: flood.message });
    return z.NEVER;
  };
  const answerSet = z
    .record(z.string().max(100), answerValueSchema)
    .transform(cleanAnswers)
    .superRefine((answers, ctx) => {
      for (const issue of answerSetIssues(questionnaire, answers, catalogs)) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    });
  return z.preprocess(countWithinItems, answerSet);
}
