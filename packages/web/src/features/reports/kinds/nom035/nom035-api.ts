import type { Nom035Index, Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { apiRequest } from '../../../../api/client';
import { scopeQuery } from '../../api/reports-api';
import type { ReportFilters } from '../../logic/report-filters';

/** GET /reports/nom035/applications: the NOM-035 applications in the report's scope (indexSurveys). */
export function fetchNom035Index(filters: ReportFilters, signal?: AbortSignal) {
  return apiRequest<Nom035Index>('/reports/nom035/applications', { query: scopeQuery(filters), signal });
}

/** GET /reports/nom035/applications/:id: one application's workers per level (never one worker). */
export function fetchNom035Report(applicationId: number, signal?: AbortSignal) {
  return apiRequest<Nom035Report>(`/reports/nom035/applications/${applicationId}`, { signal });
}
