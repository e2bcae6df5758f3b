/**
 * Report files (docs/reports.md, "Files"; permissions in docs/permissions.md):
 * each file takes the filters and checks of the report it renders, and every
 * check (permission, grants, filters, the row cap) runs before the first
 * byte, so a refusal is the usual Spanish JSON error and never a half file.
 * The data is read here; a worker thread lays out the file (workers.ts).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { idParamSchema } from '@encuestas/core/api/common';
import { exportQuerySchema, studentsPdfQuerySchema, type ExportFormat } from '@encuestas/core/api/report-files';
import { teacherParamsSchema, teacherScopeQuerySchema } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { nom035ApplicationParamsSchema } from '@encuestas/core/survey-kinds/nom035/report-contract';
import type { ReadDatabase } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { fileAnswers } from '../../http/file-answers';
import { nom035PdfSource, studentsPdfSource, teacherPdfSource, type PdfSource } from './pdf/data';
// A type only: pdfkit is loaded by the worker threads alone.
import type { Branding } from './pdf/document';
import { exportTable, type ExportSettings } from './tables';
import type { FileWorkers } from './workers';

export const PDF_CONTENT_TYPE = 'application/pdf';
const MEDIA_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
};
/** What each table format is sent as. */
export const CONTENT_TYPES: Record<ExportFormat, string> = { xlsx: MEDIA_TYPES.xlsx, csv: `${MEDIA_TYPES.csv}; charset=utf-8` };

const pdfAnswers = fileAnswers('The report as a PDF file', [PDF_CONTENT_TYPE]);
const tableAnswers = fileAnswers('One report table as a spreadsheet: XLSX or CSV (UTF-8 with a BOM) by `format`', Object.values(MEDIA_TYPES));

/** content-disposition for a download: an ASCII name and the UTF-8 one (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(reply: FastifyReply, body: Readable | Buffer, contentType: string, fileName: string) {
  return reply.header('content-type', contentType).header('content-disposition', attachment(fileName)).send(body);
}

export function fileRoutes(db: ReadDatabase, files: FileWorkers, settings: ExportSettings & { branding: Branding }): FastifyPluginAsyncZod {
  const admin = { auth: 'admin' as const };
  return async (app) => {
    const sendPdf = async (reply: FastifyReply, userId: number, read: () => Promise<PdfSource>) => {
      const { bytes, fileName } = await files.pdf(userId, settings.branding, read);
      return sendFile(reply, bytes, PDF_CONTENT_TYPE, fileName);
    };

    app.get(
      '/ciclo/:id/pdf/students',
      { config: admin, schema: { tags: ['reports'], params: idParamSchema, querystring: studentsPdfQuerySchema, response: pdfAnswers } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        return sendPdf(reply, principal.user.id, () => studentsPdfSource(db, principal, settings.minGroupSize, { ...request.query, cicleId: request.params.id }));
      },
    );

    app.get(
      '/reports/teachers/:teacherId/pdf',
      { config: admin, schema: { tags: ['reports'], params: teacherParamsSchema, querystring: teacherScopeQuerySchema, response: pdfAnswers } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        return sendPdf(reply, principal.user.id, () => teacherPdfSource(db, principal, settings, { ...request.query, ...request.params }));
      },
    );

    app.get(
      '/reports/nom035/applications/:id/pdf',
      { config: admin, schema: { tags: ['reports'], params: nom035ApplicationParamsSchema, response: pdfAnswers } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        return sendPdf(reply, principal.user.id, () => nom035PdfSource(db, principal, settings.minGroupSize, request.params.id));
      },
    );

    app.get('/reports/export', { config: admin, schema: { tags: ['reports'], querystring: exportQuerySchema, response: tableAnswers } }, async (request, reply) => {
      const principal = requireAdmin(request);
      const { format } = request.query;
      const { table, download } = await files.table(principal.user.id, format, () => exportTable(db, principal, settings, request.query));
      return sendFile(reply, download, CONTENT_TYPES[format], `${table.fileName}.${format}`);
    });
  };
}
