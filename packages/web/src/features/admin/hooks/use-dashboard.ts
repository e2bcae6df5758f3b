import { useQuery } from '@tanstack/react-query';
import { fetchDashboard } from '../api/dashboard-api';

export const dashboardKeys = { all: ['dashboard'] as const };

/** The start page's figures: read again every minute while the page is open, as participation moves during the day. */
export function useDashboard(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => fetchDashboard(signal), enabled, staleTime: 30_000, refetchInterval: 60_000 });
}
