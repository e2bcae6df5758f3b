import type {
  DirectoryFilter,
  MissingAudience,
  MissingFilterValues,
  MissingReport,
  missingStudentsQuerySchema,
  ReminderJob,
  ReminderJobAnswer,
  ReminderRecipients,
} from '@encuestas/core/api/missing';
import type { QueryInput } from '@encuestas/core/api/common';
import { apiRequest } from '../../../api/client';

/** Whose list: the audience and cycle (the path) and the scope every list's query takes. */
export type MissingScope = { audience: MissingAudience; cicleId: number } & Pick<QueryInput<typeof missingStudentsQuerySchema>, 'periodoId' | 'campusId'>;

const scopeQuery = (scope: MissingScope, filter: DirectoryFilter) => ({ periodoId: scope.periodoId, campusId: scope.campusId, ...filter });

/** GET /ciclo/{id}/missing/{audience}: figures, chart data and one page of the list. */
export function fetchMissingReport(
  scope: MissingScope,
  filter: DirectoryFilter,
  page: { page: number; perPage: number },
  signal?: AbortSignal,
): Promise<MissingReport> {
  return apiRequest<MissingReport>(`/ciclo/${scope.cicleId}/missing/${scope.audience}`, { query: { ...scopeQuery(scope, filter), ...page }, signal });
}

/** GET /ciclo/{id}/missing/{audience}/values: what the filter's pickers offer (directory values, granted campuses). */
export function fetchMissingFilterValues(scope: MissingScope, signal?: AbortSignal): Promise<MissingFilterValues> {
  return apiRequest<MissingFilterValues>(`/ciclo/${scope.cicleId}/missing/${scope.audience}/values`, {
    query: { periodoId: scope.periodoId, campusId: scope.campusId },
    signal,
  });
}

/** GET …/reminders/recipients: how many a reminder would reach now. */
export function fetchReminderRecipients(scope: MissingScope, filter: DirectoryFilter, signal?: AbortSignal): Promise<ReminderRecipients> {
  return apiRequest<ReminderRecipients>(`/ciclo/${scope.cicleId}/missing/${scope.audience}/reminders/recipients`, {
    query: scopeQuery(scope, filter),
    signal,
  });
}

/** POST …/reminders: starts the sending; the job is then polled. */
export async function startReminders(scope: MissingScope, filter: DirectoryFilter, template: { subject: string; text: string }): Promise<ReminderJob> {
  const { job } = await apiRequest<ReminderJobAnswer>(`/ciclo/${scope.cicleId}/missing/${scope.audience}/reminders`, {
    method: 'POST',
    body: { ...scopeQuery(scope, filter), ...template },
  });
  return job;
}

/** GET /reminders/{id}: the progress of one's own sending. */
export async function fetchReminderJob(id: string, signal?: AbortSignal): Promise<ReminderJob> {
  const { job } = await apiRequest<ReminderJobAnswer>(`/reminders/${id}`, { signal });
  return job;
}
