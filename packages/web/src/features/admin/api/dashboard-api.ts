import type { Dashboard } from '@encuestas/core/api/dashboard';
import { apiRequest } from '../../../api/client';

/** GET /dashboard: participation in the open applications the user may read. */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest<Dashboard>('/dashboard', { signal });
}
