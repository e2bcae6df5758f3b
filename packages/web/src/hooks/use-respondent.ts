import { useQuery } from '@tanstack/react-query';
import type { Respondent } from '@encuestas/core/api/respondents';
import { fetchRespondentMe, getStoredRespondent, storeRespondent } from '../features/student-auth';

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
