/**
 * Kind-specific report endpoints (docs/reports.md, "Kind-specific reports";
 * permissions in docs/permissions.md). Handlers are thin: the services check
 * permissions and grants through scope.ts (or the suggestion box's own
 * permission) and read the aggregates.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  nom035ApplicationParamsSchema,
  nom035IndexQuerySchema,
  suggestionCountsQuerySchema,
  teacherCommentsQuerySchema,
  teacherParamsSchema,
  teacherScopeQuerySchema,
  teachersQuerySchema,
  teacherTextsQuerySchema,
} from '@encuestas/core/api/reports-kinds';
import { INSTITUTE_OPINION_ENDPOINT, instituteOpinionQuerySchema } from '@encuestas/core/api/reports-new-intake';
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
    app.get('/reports/teachers', { config: admin, schema: { tags: ['reports'], querystring: teachersQuerySchema } }, async (request) =>
      teachersReport(db, requireAdmin(request), settings, request.query),
    );
    app.get(
      '/reports/teachers/:teacherId',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherScopeQuerySchema } },
      async (request) => teacherReport(db, requireAdmin(request), settings, { ...request.query, ...request.params }),
    );
    app.get(
      '/reports/teachers/:teacherId/comments',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherTextsQuerySchema } },
      async (request) => teacherTextsReport(db, requireAdmin(request), settings, { ...request.query, ...request.params }),
    );
    app.get('/reports/teacher-comments', { config: admin, schema: { tags: ['reports'], querystring: teacherCommentsQuerySchema } }, async (request) =>
      teacherCommentsReport(db, requireAdmin(request), settings, request.query),
    );

    app.get('/reports/nom035/applications', { config: admin, schema: { tags: ['reports'], querystring: nom035IndexQuerySchema } }, async (request) =>
      nom035Index(db, requireAdmin(request), settings.minGroupSize, request.query),
    );
    app.get(
      '/reports/nom035/applications/:id',
      { config: admin, schema: { tags: ['reports'], params: nom035ApplicationParamsSchema } },
      async (request) => nom035Report(db, requireAdmin(request), settings.minGroupSize, request.params.id),
    );

    app.get(
      INSTITUTE_OPINION_ENDPOINT,
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: instituteOpinionQuerySchema } },
      async (request) => instituteOpinionReport(db, requireAdmin(request), settings.minGroupSize, request.query),
    );

    app.get(
      '/reports/suggestions',
      { config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions }, schema: { tags: ['reports'], querystring: suggestionCountsQuerySchema } },
      async (request) => suggestionCounts(db, requireAdmin(request), request.query),
    );
  };
}
