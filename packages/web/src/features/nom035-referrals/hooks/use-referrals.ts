import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchReferralsPage, type ReferralsPageQuery } from '../api/nom035-referrals-api';
import { nom035ReferralsKeys } from '../api/nom035-referrals-keys';

/** One page of referrals; the previous page stays on screen while the next loads. */
export function useReferralsPage(query: ReferralsPageQuery) {
  return useQuery({
    queryKey: nom035ReferralsKeys.list(query),
    queryFn: ({ signal }) => fetchReferralsPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
