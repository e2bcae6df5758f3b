/**
 * A teacher's reflections (issue 21), for the teacher signed in as a
 * respondent: the path carries their id, and any id but their own is refused
 * (403), as is any other kind of respondent (teacher-results' ownTeacher).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { teacherTermParamsSchema } from '@encuestas/core/api/teacher-results';
import {
  reflectionAnswerSchema,
  reflectionBodySchema,
  teacherClassParamsSchema,
  termReflectionsAnswerSchema,
} from '@encuestas/core/api/teacher-reflections';
import type { Database } from '../../db/client';
import { requireTokenSubject } from '../../http/auth';
import { ownTeacher } from '../teacher-results/service';
import { saveReflection, termReflections } from './service';

const respondent = { auth: 'respondent' as const };
const tags = ['teacher-reflections'];

export function teacherReflectionRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/respondents/teachers/:teacherId/results/:activeId/reflections',
      { config: respondent, schema: { tags, params: teacherTermParamsSchema, response: answers({ 200: termReflectionsAnswerSchema }) } },
      async (request) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        return termReflections(db, teacher.id, request.params.activeId);
      },
    );

    app.put(
      '/respondents/teachers/:teacherId/classes/:classId/reflection',
      { config: respondent, schema: { tags, params: teacherClassParamsSchema, body: reflectionBodySchema, response: answers({ 200: reflectionAnswerSchema }) } },
      async (request) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        return saveReflection(db, teacher.id, request.params.classId, request.body.text);
      },
    );
  };
}
