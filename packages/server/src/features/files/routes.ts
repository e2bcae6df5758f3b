/**
 * Report files (docs/reports.md, "Files"; permissions in docs/permissions.md):
 * each file takes the filters and checks of the report it renders, and every
 * check (permission, grants, filters, the row cap) runs before the first
 * byte, so a refusal is the usual Spanish JSON error and never a half file.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { idParamSchema } from '@encuestas/core/api/common';
import { exportQuerySchema, studentsPdfQuerySchema } from '@encuestas/core/api/report-files';
import { nom035ApplicationParamsSchema, teacherParamsSchema, teacherScopeQuerySchema } from '@encuestas/core/api/reports-kinds';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { attachment, PDF_CONTENT_TYPE, type Branding } from './pdf/document';
import { nom035Pdf } from './pdf/nom035';
import { studentsPdf } from './pdf/students';
import { teacherPdf } from './pdf/teacher';
import { CONTENT_TYPES, spreadsheetStream } from './spreadsheet';
import { exportTable, type ExportSettings } from './tables';

function sendFile(reply: FastifyReply, body: Readable, contentType: string, fileName: string) {
  return reply.header('content-type', contentType).header('content-disposition', attachment(fileName)).send(body);
}

export function fileRoutes(db: Database, settings: ExportSettings & { branding: Branding }): FastifyPluginAsyncZod {
  const admin = { auth: 'admin' as const };
  return async (app) => {
    app.get(
      '/ciclo/:id/pdf/students',
      { config: admin, schema: { tags: ['reports'], params: idParamSchema, querystring: studentsPdfQuerySchema } },
      async (request, reply) => {
        const { doc, fileName } = await studentsPdf(db, requireAdmin(request), settings.branding, settings.minGroupSize, {
          ...request.query,
          cicleId: request.params.id,
        });
        return sendFile(reply, doc, PDF_CONTENT_TYPE, fileName);
      },
    );

    app.get(
      '/reports/teachers/:teacherId/pdf',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherScopeQuerySchema } },
      async (request, reply) => {
        const { doc, fileName } = await teacherPdf(db, requireAdmin(request), settings.branding, settings, { ...request.query, ...request.params });
        return sendFile(reply, doc, PDF_CONTENT_TYPE, fileName);
      },
    );

    app.get(
      '/reports/nom035/applications/:id/pdf',
      { config: admin, schema: { tags: ['reports'], params: nom035ApplicationParamsSchema } },
      async (request, reply) => {
        const { doc, fileName } = await nom035Pdf(db, requireAdmin(request), settings.branding, settings.minGroupSize, request.params.id);
        return sendFile(reply, doc, PDF_CONTENT_TYPE, fileName);
      },
    );

    app.get('/reports/export', { config: admin, schema: { tags: ['reports'], querystring: exportQuerySchema } }, async (request, reply) => {
      const table = await exportTable(db, requireAdmin(request), settings, request.query);
      return sendFile(reply, spreadsheetStream(request.query.format, table), CONTENT_TYPES[request.query.format], `${table.fileName}.${request.query.format}`);
    });
  };
}
