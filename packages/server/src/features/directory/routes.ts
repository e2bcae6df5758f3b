import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '@encuestas/core/api/common';
import {
  DIRECTORY_ENTITIES,
  importAnswerSchema,
  importProgressAnswerSchema,
  importProgressIdSchema,
  importRejectedSchema,
  importRequestSchema,
  type ImportProgress,
} from '@encuestas/core/api/directory';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { audit } from '../audit/service';
import { importDirectoryCsv } from './import';

/** `emailDomains`: RESPONDENT_EMAIL_DOMAINS (an e-mail outside them is a row error). */
export function directoryRoutes(db: Database, emailDomains?: readonly string[]): FastifyPluginAsyncZod {
  /**
   * Progress of the imports running in this process, by user and the id the
   * browser chose; an entry lives only while its import runs.
   */
  const running = new Map<string, ImportProgress>();
  const progressKey = (userId: number, progressId: string) => `${userId}:${progressId}`;

  return async (app) => {
    app.post(
      '/directory/import/:entity',
      {
        config: { auth: 'admin', permission: PERMISSIONS.importDirectory },
        bodyLimit: 12 * 1024 * 1024,
        schema: {
          tags: ['directory'],
          params: z.object({ entity: z.enum(DIRECTORY_ENTITIES) }),
          body: importRequestSchema,
          response: { ...answers({ 200: importAnswerSchema }), 422: importRejectedSchema },
        },
      },
      async (request, reply) => {
        const principal = requireAdmin(request);
        const { entity } = request.params;
        const { csv, progressId } = request.body;
        const key = progressId === undefined ? undefined : progressKey(principal.user.id, progressId);
        let report;
        try {
          report = await importDirectoryCsv(db, entity, csv, {
            allowedCampusIds: new Set(principal.campusIds),
            emailDomains,
            onProgress: key === undefined ? undefined : (progress) => running.set(key, progress),
            recordImport: (tx, rows) =>
              audit(tx, { actorUserId: principal.user.id, action: 'import', entity: `directory:${entity}`, details: { rows } }),
          });
        } finally {
          if (key !== undefined) running.delete(key);
        }
        if (report.errors.length) {
          const count = report.errors.length;
          const error = new AppError('VALIDATION_FAILED', `El archivo tiene ${count} ${count === 1 ? 'error' : 'errores'}; no se importó nada.`);
          return reply.status(422).send({ ...error.toBody(), report });
        }
        return { report };
      },
    );

    app.get(
      '/directory/import/progress/:progressId',
      {
        config: { auth: 'admin', permission: PERMISSIONS.importDirectory },
        schema: { tags: ['directory'], params: z.object({ progressId: importProgressIdSchema }), response: answers({ 200: importProgressAnswerSchema }) },
      },
      async (request) => {
        const principal = requireAdmin(request);
        // null: not started yet (the browser polls while still uploading), finished, someone else's,
        // or running in another server process. Not a 404: polling for it is the normal case.
        return { progress: running.get(progressKey(principal.user.id, request.params.progressId)) ?? null };
      },
    );
  };
}
