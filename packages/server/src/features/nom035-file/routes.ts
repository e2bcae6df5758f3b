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
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import type { AdminPrincipal } from '../users/service';
import { addActionNote, campusFile, saveAction, saveNotice, savePolicy, saveReport, type FileSettings } from './service';

/**
 * A campus's NOM-035 evidence file (issue 22) for 'Gestionar NOM-035' with
 * the campus granted (another campus is 403). Every change answers the whole
 * file again, its states recomputed. Reads and writes the primary: a change
 * must show at once.
 */
export function nom035FileRoutes(db: Database, settings: FileSettings): FastifyPluginAsyncZod {
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
