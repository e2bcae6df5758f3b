import { useQuery } from '@tanstack/react-query';
import type { Respondent } from '@encuestas/core/api/respondents';
import { fetchRespondentMe } from '../api/respondent-auth-api';
import { getStoredRespondent, storeRespondent } from '../respondent-session';

export const RESPONDENT_QUERY_KEY = ['respondent', 'me'] as const;

/**
 * The logged-in respondent: the one stored at login (no wait), fetched from
 * GET /respondents/me only when the stored copy is missing or unreadable.
 */
export function useRespondent() {
  return useQuery<Respondent>({
    queryKey: RESPONDENT_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const respondent = await fetchRespondentMe(signal);
      storeRespondent(respondent);
      return respondent;
    },
    initialData: () => getStoredRespondent() ?? undefined,
    staleTime: Infinity,
  });
}
