import type { Nom035Referral, ReferralAnswer, ReferralsPage, ReferralsPageQuery, UpdateReferralRequest } from '@encuestas/core/api/nom035-referrals';
import { apiRequest } from '../../../api/client';

export type { Nom035Referral, ReferralsPageQuery, UpdateReferralRequest };

/** GET /nom035/referrals, one page (only the user's campuses). */
export function fetchReferralsPage(query: ReferralsPageQuery, signal?: AbortSignal): Promise<ReferralsPage> {
  return apiRequest<ReferralsPage>('/nom035/referrals', { query: { ...query }, signal });
}

/** PUT /nom035/referrals/{id}: attended or not, and the follow-up notes. */
export async function updateReferral(id: number, request: UpdateReferralRequest): Promise<Nom035Referral> {
  const { referral } = await apiRequest<ReferralAnswer>(`/nom035/referrals/${id}`, {
    method: 'PUT',
    body: request,
  });
  return referral;
}
