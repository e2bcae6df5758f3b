import { queryOptions } from '@tanstack/react-query';
import type { TeacherOwnResults, TeacherProgressAnswer, TeacherTermsAnswer } from '@encuestas/core/api/teacher-results';
import { apiRequest } from '../../../api/client';

const base = (teacherId: number) => `/respondents/teachers/${teacherId}`;

/** «Mis grupos»: answered and expected students per class of the open applications. */
export const teacherProgressQuery = (teacherId: number) =>
  queryOptions({
    queryKey: ['respondent', 'teacher', teacherId, 'classes'],
    queryFn: ({ signal }) => apiRequest<TeacherProgressAnswer>(`${base(teacherId)}/classes`, { auth: 'student', signal }),
    staleTime: 30_000,
  });

/** «Mis resultados»: the terms, released or not. */
export const teacherTermsQuery = (teacherId: number) =>
  queryOptions({
    queryKey: ['respondent', 'teacher', teacherId, 'results'],
    queryFn: ({ signal }) => apiRequest<TeacherTermsAnswer>(`${base(teacherId)}/results`, { auth: 'student', signal }),
    staleTime: 60_000,
  });

export const teacherResultsQuery = (teacherId: number, activeId: number) =>
  queryOptions({
    queryKey: ['respondent', 'teacher', teacherId, 'results', activeId],
    queryFn: ({ signal }) => apiRequest<TeacherOwnResults>(`${base(teacherId)}/results/${activeId}`, { auth: 'student', signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The PDF, its download code loaded on the first tap (it is shared with the back office's files). */
export async function downloadTeacherResultsPdf(teacherId: number, activeId: number): Promise<void> {
  const { fetchFile, saveFile } = await import('../../../api/download');
  saveFile(await fetchFile(`${base(teacherId)}/results/${activeId}/pdf`, { auth: 'student', fallbackName: 'mis-resultados.pdf' }));
}
