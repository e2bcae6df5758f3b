import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import {
  actionBodySchema,
  actionNoteBodySchema,
  actionParamsSchema,
  applicationParamsSchema,
  campusFileParamsSchema,
  campusFileSchema,
  noticeBodySchema,
  noticeParamsSchema,
  policyBodySchema,
  reportBodySchema,
} from '@encuestas/core/api/nom035-file';
import { nextEvaluationsSchema } from '@encuestas/core/api/nom035-results';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { fileAnswers } from '../../http/file-answers';
import { attachment, CONTENT_TYPES, PDF_CONTENT_TYPE, type Branding, type FileWorkers } from '../files';
import { campusFilePdfSource, programTable } from './documents';
import type { AdminPrincipal } from '../users/service';
import { nextEvaluations } from './next-evaluations';
import { addActionNote, campusFile, saveAction, saveNotice, savePolicy, saveReport, setPublication, type FileSettings } from './service';

export interface Nom035FileDeps {
  db: Database;
  settings: FileSettings;
  /** The report files' worker threads and their bounds: the PDF and the XLSX are laid out there. */
  files: FileWorkers;
  branding: Branding;
}

/**
 * A campus's NOM-035 evidence file (issue 22) for 'Gestionar NOM-035' with
 * the campus granted (another campus is 403). Every change answers the whole
 * file again, its states recomputed. Reads and writes the primary: a change
 * must show at once. The file's PDF and the program's XLSX (documents.ts)
 * are laid out by the report files' workers, every check made first.
 */
// Over 80 lines because it is the file's table of thirteen routes, each a few lines long: split, they would only be scattered.
export function nom035FileRoutes({ db, settings, files, branding }: Nom035FileDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'admin' as const, permission: PERMISSIONS.manageNom035 };
    const tags = ['nom035'];
    const ok = answers({ 200: campusFileSchema });
    const created = answers({ 201: campusFileSchema });
    /** An update: the change (the service checks and audits it), then the whole file again. */
    const updated = async (request: FastifyRequest & { params: { campusId: number } }, change: (principal: AdminPrincipal) => Promise<unknown>) => {
      const principal = requireAdmin(request);
      await change(principal);
      return campusFile(db, principal, settings, request.params.campusId);
    };

    app.get('/nom035/campus/:campusId/file', { config, schema: { tags, params: campusFileParamsSchema, response: ok } }, async (request) =>
      campusFile(db, requireAdmin(request), settings, request.params.campusId),
    );

    app.get(
      '/nom035/campus/:campusId/file/pdf',
      { config, schema: { tags, params: campusFileParamsSchema, response: fileAnswers('The campus’s NOM-035 file as a PDF for an inspector', [PDF_CONTENT_TYPE]) } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        const { bytes, fileName } = await files.pdf(principal.user.id, branding, () => campusFilePdfSource(db, principal, settings, request.params.campusId));
        return reply.header('content-type', PDF_CONTENT_TYPE).header('content-disposition', attachment(fileName)).send(bytes);
      },
    );

    app.get(
      '/nom035/campus/:campusId/program/xlsx',
      { config, schema: { tags, params: campusFileParamsSchema, response: fileAnswers('The campus’s NOM-035 action program (8.4) as XLSX', [CONTENT_TYPES.xlsx]) } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        const { table, download } = await files.table(principal.user.id, 'xlsx', () => programTable(db, principal, settings, request.params.campusId));
        return reply.header('content-type', CONTENT_TYPES.xlsx).header('content-disposition', attachment(`${table.fileName}.xlsx`)).send(download);
      },
    );

    app.put('/nom035/campus/:campusId/policy', { config, schema: { tags, params: campusFileParamsSchema, body: policyBodySchema, response: ok } }, async (request) =>
      updated(request, (principal) => savePolicy(db, principal, request.params.campusId, request.body)),
    );

    app.post(
      '/nom035/campus/:campusId/notices',
      { config, schema: { tags, params: campusFileParamsSchema, body: noticeBodySchema, response: created } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        await saveNotice(db, principal, request.params.campusId, null, request.body);
        return reply.code(201).send(await campusFile(db, principal, settings, request.params.campusId));
      },
    );

    app.put('/nom035/campus/:campusId/notices/:id', { config, schema: { tags, params: noticeParamsSchema, body: noticeBodySchema, response: ok } }, async (request) =>
      updated(request, (principal) => saveNotice(db, principal, request.params.campusId, request.params.id, request.body)),
    );

    app.put(
      '/nom035/campus/:campusId/applications/:activeId/report',
      { config, schema: { tags, params: applicationParamsSchema, body: reportBodySchema, response: ok } },
      async (request) => updated(request, (principal) => saveReport(db, principal, request.params.campusId, request.params.activeId, request.body)),
    );

    // 7.8: the application's results published to the campus's staff, or withdrawn (409 while open or under the small-group rule).
    app.put(
      '/nom035/campus/:campusId/applications/:activeId/publication',
      { config, schema: { tags, params: applicationParamsSchema, response: ok } },
      async (request) => updated(request, (principal) => setPublication(db, principal, settings, request.params.campusId, request.params.activeId, true)),
    );

    app.delete(
      '/nom035/campus/:campusId/applications/:activeId/publication',
      { config, schema: { tags, params: applicationParamsSchema, response: ok } },
      async (request) => updated(request, (principal) => setPublication(db, principal, settings, request.params.campusId, request.params.activeId, false)),
    );

    // The start page's warning before 7.9 is due, over the user's campuses.
    app.get('/nom035/next-evaluations', { config, schema: { tags, response: answers({ 200: nextEvaluationsSchema }) } }, async (request) =>
      nextEvaluations(db, requireAdmin(request)),
    );

    app.post(
      '/nom035/campus/:campusId/applications/:activeId/actions',
      { config, schema: { tags, params: applicationParamsSchema, body: actionBodySchema, response: created } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        await saveAction(db, principal, request.params.campusId, { activeId: request.params.activeId }, request.body);
        return reply.code(201).send(await campusFile(db, principal, settings, request.params.campusId));
      },
    );

    app.put('/nom035/campus/:campusId/actions/:id', { config, schema: { tags, params: actionParamsSchema, body: actionBodySchema, response: ok } }, async (request) =>
      updated(request, (principal) => saveAction(db, principal, request.params.campusId, { actionId: request.params.id }, request.body)),
    );

    app.post(
      '/nom035/campus/:campusId/actions/:id/notes',
      { config, schema: { tags, params: actionParamsSchema, body: actionNoteBodySchema, response: created } },
      async (request, reply) => {
        const principal = requireAdmin(request);
        await addActionNote(db, principal, request.params.campusId, request.params.id, request.body);
        return reply.code(201).send(await campusFile(db, principal, settings, request.params.campusId));
      },
    );
  };
}
