/** The teacher evaluation's own reports (docs/reports.md, "Teacher evaluation"); permissions and grants in the service (scope.ts). */
import { answers } from '@encuestas/core/api/common';
import { teacherCommentsQuerySchema, teacherCommentsReportSchema, teacherParamsSchema, teacherReportSchema, teacherScopeQuerySchema, teachersQuerySchema, teachersReportSchema, teacherTextsQuerySchema, teacherTextsReportSchema } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { requireAdmin } from '../../../http/auth';
import type { KindReports } from '../registry';
import { TEACHER_EVALUATION, teacherCommentsReport, teacherReport, teachersReport, teacherTextsReport } from './teacher-evaluation';

export const TEACHER_EVALUATION_REPORTS: KindReports = {
  kind: TEACHER_EVALUATION,
  reports: [
    { id: 'teachers', title: 'Docentes evaluados', endpoint: '/reports/teachers' },
    { id: 'teacher-comments', title: 'Comentarios por docente', endpoint: '/reports/teacher-comments' },
  ],
  routes: (db, settings) => async (app) => {
    const admin = { auth: 'admin' as const };
    app.get('/reports/teachers', { config: admin, schema: { tags: ['reports'], querystring: teachersQuerySchema, response: answers({ 200: teachersReportSchema }) } }, async (request) =>
      teachersReport(db, requireAdmin(request), settings, request.query),
    );
    app.get(
      '/reports/teachers/:teacherId',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherScopeQuerySchema, response: answers({ 200: teacherReportSchema }) } },
      async (request) => teacherReport(db, requireAdmin(request), settings, { ...request.query, ...request.params }),
    );
    app.get(
      '/reports/teachers/:teacherId/comments',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherTextsQuerySchema, response: answers({ 200: teacherTextsReportSchema }) } },
      async (request) => teacherTextsReport(db, requireAdmin(request), settings, { ...request.query, ...request.params }),
    );
    app.get('/reports/teacher-comments', { config: admin, schema: { tags: ['reports'], querystring: teacherCommentsQuerySchema, response: answers({ 200: teacherCommentsReportSchema }) } }, async (request) =>
      teacherCommentsReport(db, requireAdmin(request), settings, request.query),
    );
  },
};
