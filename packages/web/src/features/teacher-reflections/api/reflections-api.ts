import { queryOptions } from '@tanstack/react-query';
import type { ReflectionAnswer, TermReflectionsAnswer } from '@encuestas/core/api/teacher-reflections';
import { apiRequest } from '../../../api/client';

const base = (teacherId: number) => `/respondents/teachers/${teacherId}`;

/** The teacher's classes of a released term, each with what they wrote of it. */
export const termReflectionsQuery = (teacherId: number, activeId: number) =>
  queryOptions({
    queryKey: ['respondent', 'teacher', teacherId, 'reflections', activeId],
    queryFn: ({ signal }) => apiRequest<TermReflectionsAnswer>(`${base(teacherId)}/results/${activeId}/reflections`, { auth: 'student', signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** PUT …/classes/{classId}/reflection: an empty text deletes it. */
export function saveReflection(teacherId: number, classId: number, text: string): Promise<ReflectionAnswer> {
  return apiRequest<ReflectionAnswer>(`${base(teacherId)}/classes/${classId}/reflection`, { method: 'PUT', body: { text }, auth: 'student' });
}
