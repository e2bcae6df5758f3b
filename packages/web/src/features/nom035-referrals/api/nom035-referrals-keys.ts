import type { ReferralsPageQuery } from './nom035-referrals-api';

/** React Query keys of the NOM-035 referrals screen. */
export const nom035ReferralsKeys = {
  all: ['nom035-referrals'] as const,
  list: (query: ReferralsPageQuery) => ['nom035-referrals', 'list', query] as const,
};
