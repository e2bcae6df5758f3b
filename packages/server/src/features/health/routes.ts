import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', { config: { auth: 'public' }, schema: { tags: ['health'] } }, async (request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        return reply.status(503).send({
          status: 'error',
          database: 'unreachable',
          error: { code: 'SERVICE_UNAVAILABLE', message: 'La base de datos no está disponible.' },
        });
      }
    });
  };
}
