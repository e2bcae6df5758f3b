import type {
  SortOrder,
  TeacherCommentsReport,
  TeacherListFilter,
  TeacherReport,
  TeacherSortKey,
  TeachersReport,
  TeacherTextsReport,
} from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../api/client';
import { scopeQuery } from '../../api/reports-api';
import { wholePeriod, type ReportFilters } from '../../logic/report-filters';

/** What the ranking lists: a group, a search of names, a column to sort by and its order. */
export interface TeacherListView {
  group: TeacherListFilter;
  search: string;
  sort: TeacherSortKey;
  order: SortOrder;
}

/** The ranking as the panel opens: every teacher, by place. */
export const FIRST_TEACHER_VIEW: TeacherListView = { group: 'docentes', search: '', sort: 'rank', order: 'asc' };

/** The ranking's page as a query (the panel's and the prefetch's: one key, one request). */
export function teachersQuery(filters: ReportFilters, view: TeacherListView, page: number) {
  const scope = wholePeriod(filters);
  return queryOptions({
    queryKey: ['reports', 'teachers', scope, view, page],
    queryFn: ({ signal }) => fetchTeachers(scope, view, page, signal),
    retry: false,
  });
}

/** The page of teachers with comments as a query (the comments section's and the prefetch's). */
export function teachersWithCommentsQuery(filters: ReportFilters, page: number) {
  const scope = wholePeriod(filters);
  return queryOptions({
    queryKey: ['reports', 'teachers-with-comments', scope, page],
    queryFn: ({ signal }) => fetchTeachersWithComments(scope, page, signal),
    retry: false,
  });
}

/**
 * The panel's first calls, started as soon as the overview names the kind
 * (hooks/use-reports.ts): beside the report's own calls instead of a wave
 * later, once the panel's code has loaded.
 */
export function prefetchTeacherEvaluation(client: QueryClient, filters: ReportFilters): void {
  void client.prefetchQuery(teachersQuery(filters, FIRST_TEACHER_VIEW, 1));
  void client.prefetchQuery(teachersWithCommentsQuery(filters, 1));
}

/** The view as query parameters (the screen's and its file's): no empty search. */
export function teacherListQuery(view: TeacherListView): Record<string, string | undefined> {
  return { group: view.group, search: view.search.trim() || undefined, sort: view.sort, order: view.order };
}

/** GET /reports/teachers: one page (12) of a group's teachers matching the search, sorted, with every group's count. */
export function fetchTeachers(filters: ReportFilters, view: TeacherListView, page: number, signal?: AbortSignal) {
  return apiRequest<TeachersReport>('/reports/teachers', { query: { ...scopeQuery(filters), ...teacherListQuery(view), page }, signal });
}

/** GET /reports/teachers/:teacherId: one teacher beside the campus and institution norms. */
export function fetchTeacher(filters: ReportFilters, teacherId: number, signal?: AbortSignal) {
  return apiRequest<TeacherReport>(`/reports/teachers/${teacherId}`, { query: scopeQuery(filters), signal });
}

/** GET /reports/teachers/:teacherId/comments: one keyset page of a teacher's comments. */
export function fetchTeacherComments(filters: ReportFilters, teacherId: number, after: string | null, signal?: AbortSignal) {
  return apiRequest<TeacherTextsReport>(`/reports/teachers/${teacherId}/comments`, {
    query: { ...scopeQuery(filters), after },
    signal,
  });
}

/** GET /reports/teacher-comments: one page (12) of the teachers with comments to read, by name. */
export function fetchTeachersWithComments(filters: ReportFilters, page: number, signal?: AbortSignal) {
  return apiRequest<TeacherCommentsReport>('/reports/teacher-comments', { query: { ...scopeQuery(filters), page }, signal });
}
