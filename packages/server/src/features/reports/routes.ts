import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import {
  breakdownItemsQuerySchema,
  breakdownItemsReportSchema,
  breakdownReportSchema,
  campusReportSummarySchema,
  reportOverviewSchema,
  textsReportSchema,
  breakdownQuerySchema,
  reportQuerySchema,
  reportsFreshnessSchema,
  summaryQuerySchema,
  textsQuerySchema,
  type ReportsFreshness,
} from '@encuestas/core/api/reports';
import type { ReadDatabase } from '../../db/client';
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
export function reportRoutes({
  db,
  minGroupSize,
  freshness,
}: {
  db: ReadDatabase;
  minGroupSize: number;
  /** Where the figures are read and how current they are (db/reports-replica.ts). */
  freshness: () => Promise<ReportsFreshness>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // Any back-office user may ask: it tells a time, no figure.
    app.get('/reports/freshness', { config: { auth: 'admin' }, schema: { tags: ['reports'], response: answers({ 200: reportsFreshnessSchema }) } }, async () => freshness());

    app.get('/reports/overview', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: reportQuerySchema, response: answers({ 200: reportOverviewSchema }) } }, async (request) =>
      buildOverview(db, await resolveReportScope(db, requireAdmin(request), request.query), minGroupSize),
    );

    app.get('/reports/summary', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: summaryQuerySchema, response: answers({ 200: campusReportSummarySchema }) } }, async (request) =>
      buildCampusSummary(db, await resolveCampusPeriod(db, requireAdmin(request), request.query)),
    );

    app.get('/reports/breakdown', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: breakdownQuerySchema, response: answers({ 200: breakdownReportSchema }) } }, async (request) =>
      buildBreakdown(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query.segment, minGroupSize),
    );

    app.get(
      '/reports/breakdown/items',
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: breakdownItemsQuerySchema, response: answers({ 200: breakdownItemsReportSchema }) } },
      async (request) =>
        buildBreakdownItems(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query.segment, request.query.value, minGroupSize),
    );

    app.get('/reports/texts', { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: textsQuerySchema, response: answers({ 200: textsReportSchema }) } }, async (request) =>
      buildTexts(db, await resolveReportScope(db, requireAdmin(request), request.query), request.query, minGroupSize),
    );
  };
}
