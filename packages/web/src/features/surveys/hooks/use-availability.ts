import { useQuery } from '@tanstack/react-query';
import { availabilityFlags } from '../availability';
import { availabilityQuery } from '../respondent-queries';

/**
 * What the respondent may answer now, and the flags of spec §3 derived from
 * it (a non-empty list marks its kind active). Refetched after every
 * submission; the cache goes on logout.
 */
export function useAvailability() {
  const query = useQuery(availabilityQuery);
  return { ...query, flags: query.data ? availabilityFlags(query.data) : undefined };
}
