import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearDraftsAtLogout } from '../survey-runner/draft-storage';
import { clearRespondentSession, getStoredRespondent, logoutRespondent } from '../features/student-auth';

/**
 * 'Cerrar sesión': revokes the token (best effort), clears the session keys,
 * this person's unsent drafts and anyone's stale ones (the next person on a
 * shared device finds none), forgets cached data and opens the login page.
 */
export function useRespondentLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = useCallback(async () => {
    setPending(true);
    const respondent = getStoredRespondent();
    try {
      await logoutRespondent();
    } catch {
      // The session ends here whatever the server says.
    }
    clearRespondentSession();
    clearDraftsAtLogout(respondent ? { type: respondent.type, id: respondent.id } : null);
    // Leave first: cleared while the list is still mounted, its queries would refetch without a token.
    await navigate('/login', { replace: true });
    queryClient.removeQueries({ queryKey: ['respondent'] });
    setPending(false);
  }, [navigate, queryClient]);

  return { logout, pending };
}
