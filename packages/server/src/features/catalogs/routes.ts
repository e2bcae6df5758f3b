import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogsAnswerSchema } from '@encuestas/core/api/catalogs';
import { answers } from '@encuestas/core/api/common';
import type { Database } from '../../db/client';
import { loadCatalogs } from './service';

export function catalogRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    // Reference lists of spec §3 (trip costs, marketing channels, …) without the INEGI ones, which the web has in core.
    app.get('/catalogs', { config: { auth: 'public' }, schema: { tags: ['catalogs'], response: answers({ 200: catalogsAnswerSchema }) } }, async (_request, reply) => {
      const { mxStates: _states, mxMunicipios: _municipios, ...catalogs } = await loadCatalogs(db);
      reply.header('cache-control', 'public, max-age=300');
      return { catalogs };
    });
  };
}
