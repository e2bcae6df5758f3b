import { useQuery } from '@tanstack/react-query';
import { availabilityFlags } from '../availability';
import { fetchAvailability } from '../api/surveys-api';

export const AVAILABILITY_QUERY_KEY = ['respondent', 'availability'] as const;

/**
 * What the respondent may answer now, and the flags of spec §3 derived from
 * it (a non-empty list marks its kind active). Refetched after every
 * submission; the cache goes on logout.
 */
export function useAvailability() {
  const query = useQuery({
    queryKey: AVAILABILITY_QUERY_KEY,
    queryFn: ({ signal }) => fetchAvailability(signal),
    staleTime: 15_000,
  });
  return { ...query, flags: query.data ? availabilityFlags(query.data) : undefined };
}
