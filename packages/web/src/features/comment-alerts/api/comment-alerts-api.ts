import type { AttendAlertBody, CommentAlert, CommentAlertsPage, commentAlertsQuerySchema } from '@encuestas/core/api/comment-alerts';
import type { QueryInput } from '@encuestas/core/api/common';
import { apiRequest } from '../../../api/client';

export type { CommentAlert, CommentAlertsPage };
export type AlertsQuery = QueryInput<typeof commentAlertsQuerySchema>;

/** React Query keys of the alerts screen. */
export const commentAlertsKeys = {
  all: ['comment-alerts'] as const,
  list: (query: AlertsQuery) => ['comment-alerts', 'list', query] as const,
};

/** GET /comment-alerts, one page (only the user's campuses and survey types). */
export function fetchAlertsPage(query: AlertsQuery, signal?: AbortSignal): Promise<CommentAlertsPage> {
  return apiRequest<CommentAlertsPage>('/comment-alerts', { query: { ...query }, signal });
}

/** PUT /comment-alerts/{activeId}/{key}: «Atendida», with a note of what was done. */
export async function attendAlert(alert: CommentAlert, body: AttendAlertBody): Promise<CommentAlert> {
  const answer = await apiRequest<{ message: string; alert: CommentAlert }>(`/comment-alerts/${alert.application.id}/${alert.key}`, { method: 'PUT', body });
  return answer.alert;
}
