import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIRECTORY_ENTITIES, importRequestSchema } from '@encuestas/core/api/directory';
import { PERMISSIONS } from '@encuestas/core/permissions';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { AppError } from '../../http/errors';
import { audit } from '../audit/service';
import { importDirectory, parseCsv } from './import';

export function directoryRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/directory/import/:entity',
      {
        config: { auth: 'admin', permission: PERMISSIONS.importDirectory },
        bodyLimit: 12 * 1024 * 1024,
        schema: { tags: ['directory'], params: z.object({ entity: z.enum(DIRECTORY_ENTITIES) }), body: importRequestSchema },
      },
      async (request, reply) => {
        const principal = requireAdmin(request);
        const { entity } = request.params;
        const parsed = parseCsv(request.body.csv);
        // The import and its audit entry commit together (the import's own transaction nests as a savepoint).
        const report = parsed.errors.length
          ? { entity, imported: 0, created: 0, updated: 0, skipped: 0, errors: parsed.errors }
          : await db.transaction(async (tx) => {
              const imported = await importDirectory(tx, entity, parsed.records, { allowedCampusIds: new Set(principal.campusIds) });
              if (imported.errors.length === 0) {
                await audit(tx, { actorUserId: principal.user.id, action: 'import', entity: `directory:${entity}`, details: { ...imported } });
              }
              return imported;
            });
        if (report.errors.length) {
          const count = report.errors.length;
          const error = new AppError('VALIDATION_FAILED', `El archivo tiene ${count} ${count === 1 ? 'error' : 'errores'}; no se importó nada.`);
          return reply.status(422).send({ ...error.toBody(), report });
        }
        return { report };
      },
    );
  };
}
