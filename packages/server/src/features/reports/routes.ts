import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { breakdownItemsQuerySchema, breakdownQuerySchema, reportQuerySchema, summaryQuerySchema, textsQuerySchema } from '@encuestas/core/api/reports';
import type { Database } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { buildBreakdown, buildBreakdownItems, buildOverview, buildTexts } from './generic';
import { resolveCampusPeriod, resolveReportScope } from './scope';
import { buildCampusSummary } from './summary';

/**
 * The generic report of every kind (docs/reports.md, "Report API"). Each
 * handler's permission depends on the scope asked for (by campus or by
 * cycle), so resolveReportScope checks it with the grants instead of the
 * route's config.
 */
export function reportRoutes({ db, minGroupSize }: { db: Database; minGroupSize: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/reports/overview', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: reportQuerySchema } }, async (request) =>
      buildOverview(db, await resolveReportScope(db, requireAdmin(request), request.query), minGroupSize),
    );

    app.get('/reports/summary', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: summaryQuerySchema } }, async (request) =>
      buildCampusSummary(db, await resolveCampusPeriod(db, requireAdmin(request), request.query)),
    );

    app.get('/reports/breakdown', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: breakdownQuerySchema } }, async (request) =>
      buildBreakdown(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query.segment, minGroupSize),
    );

    app.get(
      '/reports/breakdown/items',
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: breakdownItemsQuerySchema } },
      async (request) =>
        buildBreakdownItems(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query.segment, request.query.value, minGroupSize),
    );

    app.get('/reports/texts', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: textsQuerySchema } }, async (request) =>
      buildTexts(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query, minGroupSize),
    );
  };
}
