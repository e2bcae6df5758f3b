import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@encuestas/core/api/auth';
import { getStoredAdminUser, storeAdminUser } from '../api/session-storage';
import { fetchAdminMe } from '../features/admin-auth';

export const ADMIN_ME_QUERY_KEY = ['admin', 'me'] as const;

/**
 * The signed-in back-office user. Starts from the copy stored at login (so the
 * layout draws at once) and refreshes from GET /admin/me, which carries the
 * current permission list; the fresh copy is stored again.
 */
export function useAdminUser() {
  const query = useQuery<AdminUser>({
    queryKey: ADMIN_ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const user = await fetchAdminMe(signal);
      storeAdminUser(user);
      return user;
    },
    initialData: () => getStoredAdminUser() ?? undefined,
    // The stored copy may be old: always confirm it once with the server.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
  return {
    user: query.data ?? null,
    permissions: query.data?.permissions ?? [],
    /** True once the server has answered (the stored copy alone does not count). */
    permissionsConfirmed: query.isFetched,
    error: query.error,
    refetch: query.refetch,
  };
}
