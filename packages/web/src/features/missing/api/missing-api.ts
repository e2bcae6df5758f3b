import type {
  DirectoryFilter,
  MissingAudience,
  MissingFilterValues,
  MissingReport,
  missingStudentsQuerySchema,
  PeriodMissingReport,
  PeriodMissingValues,
  ReminderJob,
  ReminderJobAnswer,
  ReminderRecipients,
} from '@encuestas/core/api/missing';
import type { QueryInput } from '@encuestas/core/api/common';
import { apiRequest } from '../../../api/client';

/** Whose list: the audience and cycle (the path) and the scope every list's query takes. */
export type MissingScope = { audience: MissingAudience; cicleId: number } & Pick<QueryInput<typeof missingStudentsQuerySchema>, 'periodoId' | 'campusId'>;
/** The list over every survey type of the period (the period is the path's). */
export type AllTypesScope = Omit<MissingScope, 'cicleId'>;

const scopeQuery = (scope: MissingScope, filter: DirectoryFilter) => ({ periodoId: scope.periodoId, campusId: scope.campusId, ...filter });
/** Where a list's requests go: one type's (GET /ciclo/{id}/missing/…) or every type's (GET /periodos/{id}/missing/…). */
const listPath = (scope: MissingScope | AllTypesScope) =>
  'cicleId' in scope ? `/ciclo/${scope.cicleId}/missing/${scope.audience}` : `/periodos/${scope.periodoId}/missing/${scope.audience}`;
const listQuery = (scope: MissingScope | AllTypesScope, filter: DirectoryFilter) =>
  'cicleId' in scope ? scopeQuery(scope, filter) : { campusId: scope.campusId, ...filter };

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

/** GET /periodos/{id}/missing/{audience}: every type's figures and one page of the people with what each owes. */
export function fetchAllTypesReport(
  scope: AllTypesScope,
  filter: DirectoryFilter,
  page: { page: number; perPage: number },
  signal?: AbortSignal,
): Promise<PeriodMissingReport> {
  return apiRequest<PeriodMissingReport>(listPath(scope), { query: { ...listQuery(scope, filter), ...page }, signal });
}

/** GET /periodos/{id}/missing/{audience}/values: the survey types open to the audience, and the pickers' values. */
export function fetchAllTypesValues(scope: AllTypesScope, signal?: AbortSignal): Promise<PeriodMissingValues> {
  return apiRequest<PeriodMissingValues>(`${listPath(scope)}/values`, { query: { campusId: scope.campusId }, signal });
}

/** GET …/reminders/recipients: how many a reminder would reach now. */
export function fetchReminderRecipients(scope: MissingScope | AllTypesScope, filter: DirectoryFilter, signal?: AbortSignal): Promise<ReminderRecipients> {
  return apiRequest<ReminderRecipients>(`${listPath(scope)}/reminders/recipients`, { query: listQuery(scope, filter), signal });
}

/** POST …/reminders: starts the sending; the job is then polled. */
export async function startReminders(
  scope: MissingScope | AllTypesScope,
  filter: DirectoryFilter,
  template: { subject: string; text: string },
): Promise<ReminderJob> {
  const { job } = await apiRequest<ReminderJobAnswer>(`${listPath(scope)}/reminders`, { method: 'POST', body: { ...listQuery(scope, filter), ...template } });
  return job;
}

/** GET /reminders/{id}: the progress of one's own sending. */
export async function fetchReminderJob(id: string, signal?: AbortSignal): Promise<ReminderJob> {
  const { job } = await apiRequest<ReminderJobAnswer>(`/reminders/${id}`, { signal });
  return job;
}
