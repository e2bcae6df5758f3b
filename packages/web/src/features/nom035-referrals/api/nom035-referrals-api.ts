import { apiRequest } from '../../../api/client';

/** A worker whom NOM-035 Guía I refers to clinical evaluation (the only person-linked NOM-035 data). */
export interface Nom035Referral {
  id: number;
  /** ISO instant, or null while pending. */
  attended_at: string | null;
  notes: string;
  staff: { id: number; pc_id: string; full_name: string; email: string | null; puesto: string | null };
  campus: { id: number; nombre: string };
  /** The application the referral arose in; its window (YYYY-MM-DD) is the only date kept (docs/privacy.md). */
  active: { id: number; periodo: string; start_active: string; end_active: string };
}

export interface ReferralsPageQuery {
  /** 1-based (the UI's zero-based page plus one). */
  page: number;
  perPage: number;
  campusId?: number;
  attended?: 'true' | 'false';
}

export interface ReferralsPage {
  referrals: Nom035Referral[];
  total: number;
}

export interface UpdateReferralRequest {
  attended: boolean;
  notes: string;
}

/** GET /nom035/referrals, one page (only the user's campuses). */
export function fetchReferralsPage(query: ReferralsPageQuery, signal?: AbortSignal): Promise<ReferralsPage> {
  return apiRequest<ReferralsPage>('/nom035/referrals', { query: { ...query }, signal });
}

/** PUT /nom035/referrals/{id}: attended or not, and the follow-up notes. */
export async function updateReferral(id: number, request: UpdateReferralRequest): Promise<Nom035Referral> {
  const { referral } = await apiRequest<{ referral: Nom035Referral }>(`/nom035/referrals/${id}`, {
    method: 'PUT',
    body: request,
  });
  return referral;
}
