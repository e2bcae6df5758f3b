/**
 * Kind-specific report endpoints (docs/reports.md, "Kind-specific reports";
 * permissions in docs/permissions.md). Handlers are thin: the services check
 * permissions and grants through scope.ts (or the suggestion box's own
 * permission) and read the aggregates.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import {
  nom035ApplicationParamsSchema,
  nom035IndexQuerySchema,
  nom035IndexSchema,
  nom035ReportSchema,
  suggestionCountsQuerySchema,
  suggestionCountsSchema,
  teacherCommentsQuerySchema,
  teacherCommentsReportSchema,
  teacherParamsSchema,
  teacherReportSchema,
  teacherScopeQuerySchema,
  teachersQuerySchema,
  teachersReportSchema,
  teacherTextsQuerySchema,
  teacherTextsReportSchema,
} from '@encuestas/core/api/reports-kinds';
import { INSTITUTE_OPINION_ENDPOINT, instituteOpinionQuerySchema, instituteOpinionReportSchema } from '@encuestas/core/api/reports-new-intake';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { ReadDatabase } from '../../../db/client';
import { requireAdmin } from '../../../http/auth';
import { instituteOpinionReport } from './new-intake';
import { nom035Index, nom035Report } from './nom035';
import { suggestionCounts } from './suggestions';
import { teacherCommentsReport, teacherReport, teachersReport, teacherTextsReport, type TeacherReportSettings } from './teacher-evaluation';

export function kindReportRoutes(db: ReadDatabase, settings: TeacherReportSettings): FastifyPluginAsyncZod {
  const admin = { auth: 'admin' as const };
  return async (app) => {
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

    app.get('/reports/nom035/applications', { config: admin, schema: { tags: ['reports'], querystring: nom035IndexQuerySchema, response: answers({ 200: nom035IndexSchema }) } }, async (request) =>
      nom035Index(db, requireAdmin(request), settings.minGroupSize, request.query),
    );
    app.get(
      '/reports/nom035/applications/:id',
      { config: admin, schema: { tags: ['reports'], params: nom035ApplicationParamsSchema, response: answers({ 200: nom035ReportSchema }) } },
      async (request) => nom035Report(db, requireAdmin(request), settings.minGroupSize, request.params.id),
    );

    app.get(
      INSTITUTE_OPINION_ENDPOINT,
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: instituteOpinionQuerySchema, response: answers({ 200: instituteOpinionReportSchema }) } },
      async (request) => instituteOpinionReport(db, requireAdmin(request), settings.minGroupSize, request.query),
    );

    app.get(
      '/reports/suggestions',
      { config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions }, schema: { tags: ['reports'], querystring: suggestionCountsQuerySchema, response: answers({ 200: suggestionCountsSchema }) } },
      async (request) => suggestionCounts(db, requireAdmin(request), request.query),
    );
  };
}
