/**
 * NOM-035 Guía I referrals (GET/PUT /nom035/referrals): the workers whom the
 * norm sends to clinical evaluation, the only person-linked NOM-035 data
 * (docs/permissions.md). Shared by the server's routes and the web's client.
 */
import { z } from 'zod';
import { textSchema } from '../validation';
import { optionalIdSchema, pageQuerySchema, type QueryInput } from './common';

/** GET /nom035/referrals: one page, at one campus or every campus the user holds, attended or not. */
export const referralsQuerySchema = pageQuerySchema.extend({
  campusId: optionalIdSchema,
  attended: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ReferralsPageQuery = QueryInput<typeof referralsQuerySchema>;

/** PUT /nom035/referrals/{id}: attended or not, and the follow-up notes. */
export const updateReferralSchema = z.object({
  attended: z.boolean({ error: 'Indica si ya se atendió' }),
  notes: textSchema().trim().max(1000, 'Máximo 1000 caracteres').default(''),
});
export type UpdateReferralRequest = z.input<typeof updateReferralSchema>;

/** A worker whom NOM-035 Guía I refers to clinical evaluation. */
export const nom035ReferralSchema = z.object({
  id: z.number(),
  /** ISO instant, or null while pending. */
  attended_at: z.string().nullable(),
  notes: z.string(),
  staff: z.object({ id: z.number(), pc_id: z.string(), full_name: z.string(), email: z.string().nullable(), puesto: z.string().nullable() }),
  campus: z.object({ id: z.number(), nombre: z.string() }),
  /** The application the referral arose in; its window (YYYY-MM-DD) is the only date kept (docs/privacy.md). */
  active: z.object({ id: z.number(), periodo: z.string(), start_active: z.string(), end_active: z.string() }),
});
export type Nom035Referral = z.infer<typeof nom035ReferralSchema>;

export const referralsPageSchema = z.object({ referrals: z.array(nom035ReferralSchema), total: z.number() });
export type ReferralsPage = z.infer<typeof referralsPageSchema>;

/** PUT /nom035/referrals/{id} */
export const referralAnswerSchema = z.object({ referral: nom035ReferralSchema });
export type ReferralAnswer = z.infer<typeof referralAnswerSchema>;
