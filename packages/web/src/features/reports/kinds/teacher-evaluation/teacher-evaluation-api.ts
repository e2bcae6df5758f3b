import type { TeacherCommentsReport, TeacherListFilter, TeacherReport, TeachersReport, TeacherTextsReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { apiRequest } from '../../../../api/client';
import { scopeQuery } from '../../api/reports-api';
import type { ReportFilters } from '../../logic/report-filters';

/** GET /reports/teachers: one page (12) of a group's teachers with every group's count. */
export function fetchTeachers(filters: ReportFilters, group: TeacherListFilter, page: number, signal?: AbortSignal) {
  return apiRequest<TeachersReport>('/reports/teachers', { query: { ...scopeQuery(filters), group, page }, signal });
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
