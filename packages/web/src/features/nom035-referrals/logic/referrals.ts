import type { ChipColor } from '@encuestas/core/api/suggestions';
import { formatInstantEsMx, formatIsoDay } from '../../../components/dates/day-format';
import type { Nom035Referral, ReferralsPageQuery, UpdateReferralRequest } from '../api/nom035-referrals-api';
import { pagingQuery, type Paging } from '../../../components/paging/paging';

export type AttendedFilter = 'all' | 'pending' | 'attended';

export const ATTENDED_FILTER_LABELS: Record<AttendedFilter, string> = {
  all: 'Todas',
  pending: 'Pendientes',
  attended: 'Atendidas',
};

export interface ReferralFilters {
  campusId: number | null;
  attended: AttendedFilter;
}

/** The list starts on what still needs attention. */
export const INITIAL_REFERRAL_FILTERS: ReferralFilters = { campusId: null, attended: 'pending' };

/** The GET /nom035/referrals query: the UI's zero-based page plus one, 'all' choices left out. */
export function referralsPageQuery(
  filters: ReferralFilters,
  paging: Paging,
): ReferralsPageQuery {
  return {
    ...pagingQuery(paging),
    ...(filters.campusId != null ? { campusId: filters.campusId } : {}),
    ...(filters.attended === 'all' ? {} : { attended: filters.attended === 'attended' ? 'true' : 'false' }),
  };
}

export interface ReferralStatus {
  /** 'Pendiente' or 'Atendida el 15/03/2026'. */
  label: string;
  /** The chip: 'Pendiente' or 'Atendida'. */
  chip: string;
  /** The attention day (DD/MM/YYYY, Mexico City), or ''. */
  day: string;
  color: ChipColor;
}

/** 'Pendiente' (warning) or 'Atendida el 15/03/2026' (success). */
export function referralStatus(referral: Pick<Nom035Referral, 'attended_at'>): ReferralStatus {
  if (!referral.attended_at) return { label: 'Pendiente', chip: 'Pendiente', day: '', color: 'warning' };
  const day = formatInstantEsMx(referral.attended_at);
  return { label: day ? `Atendida el ${day}` : 'Atendida', chip: 'Atendida', day, color: 'success' };
}

/** An e-mail split where a line may break: after '@' and before each '.'. */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

export const NOTES_MAX_LENGTH = 1000;

export interface ReferralForm {
  attended: boolean;
  notes: string;
}

export function referralForm(referral: Pick<Nom035Referral, 'attended_at' | 'notes'>): ReferralForm {
  return { attended: referral.attended_at != null, notes: referral.notes ?? '' };
}

/** The PUT body: notes trimmed. */
export function toUpdateReferralRequest(form: ReferralForm): UpdateReferralRequest {
  return { attended: form.attended, notes: form.notes.trim() };
}

/** Whether saving would change anything. */
export function isReferralFormChanged(referral: Pick<Nom035Referral, 'attended_at' | 'notes'>, form: ReferralForm): boolean {
  const current = referralForm(referral);
  return current.attended !== form.attended || current.notes.trim() !== form.notes.trim();
}

export const REFERRAL_SAVED_MESSAGE = 'Seguimiento guardado';

/** When the referral arose: its application's window, '01/03/2026 – 15/04/2026' (referrals keep no day of their own). */
export function applicationWindow(referral: Pick<Nom035Referral, 'active'>): string {
  return `${formatIsoDay(referral.active.start_active)} – ${formatIsoDay(referral.active.end_active)}`;
}
