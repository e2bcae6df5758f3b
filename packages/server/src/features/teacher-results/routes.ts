/**
 * A teacher's own evaluation (issue 21), for the teacher signed in as a
 * respondent: the path carries their id so a client names whose results it
 * asks for, and any id but their own is refused (403), as is any other kind
 * of respondent. Back-office tokens never reach respondent routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import {
  teacherOwnResultsSchema,
  teacherProgressAnswerSchema,
  teacherSelfParamsSchema,
  teacherTermParamsSchema,
  teacherTermsAnswerSchema,
} from '@encuestas/core/api/teacher-results';
import type { ReadDatabase } from '../../db/client';
import { requireTokenSubject } from '../../http/auth';
import { fileAnswers } from '../../http/file-answers';
import { attachment, type Branding, type FileWorkers } from '../files';
import type { TeacherReportSettings } from '../reports';
import { ownTeacher, teacherOwnPdfSource, teacherOwnResults, teacherProgress, teacherTermList } from './service';

export interface TeacherResultsDeps {
  /** The primary: who is signed in (a replica may not have a new teacher yet), and the counts of a running application as they happen. */
  db: ReadDatabase;
  /** Where reports read (a replica when configured). */
  reportsDb: ReadDatabase;
  settings: TeacherReportSettings;
  files: FileWorkers;
  branding: Branding;
}

const respondent = { auth: 'respondent' as const };
const tags = ['teacher-results'];

export function teacherResultsRoutes({ db, reportsDb, settings, files, branding }: TeacherResultsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/respondents/teachers/:teacherId/classes',
      { config: respondent, schema: { tags, params: teacherSelfParamsSchema, response: answers({ 200: teacherProgressAnswerSchema }) } },
      async (request) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        return teacherProgress(db, teacher.id, settings.minGroupSize);
      },
    );

    app.get(
      '/respondents/teachers/:teacherId/results',
      { config: respondent, schema: { tags, params: teacherSelfParamsSchema, response: answers({ 200: teacherTermsAnswerSchema }) } },
      async (request) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        return teacherTermList(reportsDb, teacher.id);
      },
    );

    app.get(
      '/respondents/teachers/:teacherId/results/:activeId',
      { config: respondent, schema: { tags, params: teacherTermParamsSchema, response: answers({ 200: teacherOwnResultsSchema }) } },
      async (request) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        return teacherOwnResults(reportsDb, settings, teacher, request.params.activeId);
      },
    );

    app.get(
      '/respondents/teachers/:teacherId/results/:activeId/pdf',
      { config: respondent, schema: { tags, params: teacherTermParamsSchema, response: fileAnswers('The teacher’s own results as a PDF file', ['application/pdf']) } },
      async (request, reply) => {
        const teacher = await ownTeacher(db, requireTokenSubject(request), request.params.teacherId);
        // Teachers queue apart from back-office users (whose ids are positive) in the file workers' per-user bound.
        const { bytes, fileName } = await files.pdf(-teacher.id, branding, () => teacherOwnPdfSource(reportsDb, settings, teacher, request.params.activeId));
        return reply.header('content-type', 'application/pdf').header('content-disposition', attachment(fileName)).send(bytes);
      },
    );
  };
}
