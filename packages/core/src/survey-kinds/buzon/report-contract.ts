/**
 * The contract of the suggestion box's report (docs/reports.md, "Kind-specific reports"): counts
 * of suggestions received.
 */
import { z } from 'zod';
import { isIsoDay } from '../../dates';
import { INVALID_DAY_MESSAGE, optionalIdSchema } from '../../api/common';
import { dayCountSchema, monthCountSchema, namedCampusSchema, REPORT_RANGE_MESSAGE } from '../../api/reports';

/** GET /reports/suggestions: counts of suggestions received, at one campus or every campus the user holds. */
export const suggestionCountsQuerySchema = z
  .object({
    campusId: optionalIdSchema,
    from: z.string({ error: INVALID_DAY_MESSAGE }).refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true }).optional(),
    to: z.string({ error: INVALID_DAY_MESSAGE }).refine(isIsoDay, { message: INVALID_DAY_MESSAGE, abort: true }).optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to >= q.from, { path: ['to'], message: REPORT_RANGE_MESSAGE });
export type SuggestionCountsQuery = z.input<typeof suggestionCountsQuerySchema>;

/** GET /reports/suggestions */
export const suggestionCountsSchema = z.object({
  campuses: z.array(namedCampusSchema),
  from: z.string().nullable(),
  to: z.string().nullable(),
  total: z.number(),
  /** Mexico City days, oldest first; only days with suggestions. */
  daily: z.array(dayCountSchema),
  /** YYYY-MM, oldest first. */
  monthly: z.array(monthCountSchema),
});
export type SuggestionCounts = z.infer<typeof suggestionCountsSchema>;
