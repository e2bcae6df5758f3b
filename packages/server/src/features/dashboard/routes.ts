import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { dashboardSchema } from '@encuestas/core/api/dashboard';
import type { ReadDatabase } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { buildDashboard } from './service';

/**
 * GET /dashboard: the start page's participation figures. Either report
 * permission, checked in the service (as the reports check theirs), and only
 * the campuses and survey types the user is granted.
 */
export function dashboardRoutes(db: ReadDatabase): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dashboard', { config: { auth: 'admin' }, schema: { tags: ['reports'], response: answers({ 200: dashboardSchema }) } }, async (request) =>
      buildDashboard(db, requireAdmin(request)),
    );
  };
}
