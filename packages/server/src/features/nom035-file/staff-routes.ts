/**
 * NOM-035 numeral 7.8 in the respondent area: the results summaries the
 * worker's campus published (staff-results.ts). Staff and teachers only;
 * back-office tokens never reach respondent routes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { staffPublicationsSchema, staffResultsParamsSchema, staffResultsSchema } from '@encuestas/core/api/nom035-results';
import type { Database, ReadDatabase } from '../../db/client';
import { requireTokenSubject } from '../../http/auth';
import { staffPublications, staffResults } from './staff-results';

export interface StaffResultsDeps {
  /** The primary: who is signed in, and what is published now. */
  db: Database;
  /** Where reports read (a replica when configured). */
  reportsDb: ReadDatabase;
  minGroupSize: number;
}

export function nom035StaffRoutes({ db, reportsDb, minGroupSize }: StaffResultsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { auth: 'respondent' as const };
    const tags = ['nom035'];
    app.get('/respondents/nom035/results', { config, schema: { tags, response: answers({ 200: staffPublicationsSchema }) } }, async (request) =>
      staffPublications(db, requireTokenSubject(request)),
    );
    app.get(
      '/respondents/nom035/results/:activeId',
      { config, schema: { tags, params: staffResultsParamsSchema, response: answers({ 200: staffResultsSchema }) } },
      async (request) => staffResults(db, reportsDb, minGroupSize, requireTokenSubject(request), request.params.activeId),
    );
  };
}
