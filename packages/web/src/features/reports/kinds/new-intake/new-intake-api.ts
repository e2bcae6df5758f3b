import { INSTITUTE_OPINION_ENDPOINT } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-constants';
import type { InstituteOpinionReport } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import { apiRequest } from '../../../../api/client';
import { scopeQuery } from '../../api/reports-api';
import type { ReportFilters } from '../../logic/report-filters';

/** GET /reports/new-intake/institutes: students' opinion by school of origin (whole period, never by days). */
export function fetchInstituteOpinion(filters: ReportFilters, signal?: AbortSignal) {
  return apiRequest<InstituteOpinionReport>(INSTITUTE_OPINION_ENDPOINT, { query: scopeQuery(filters), signal });
}
