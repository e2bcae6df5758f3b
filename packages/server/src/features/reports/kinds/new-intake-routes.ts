import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '@encuestas/core/api/common';
import { INSTITUTE_OPINION_ENDPOINT, instituteOpinionQuerySchema, instituteOpinionReportSchema } from '@encuestas/core/api/reports-new-intake';
import type { ReadDatabase } from '../../../db/client';
import { requireAdmin } from '../../../http/auth';
import { resolveReportScope } from '../scope';
import { buildInstituteOpinion } from './new-intake';

/** New intake's own reports; permissions and grants as every report (resolveReportScope). */
export function newIntakeReportRoutes({ db, minGroupSize }: { db: ReadDatabase; minGroupSize: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      INSTITUTE_OPINION_ENDPOINT,
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: instituteOpinionQuerySchema, response: answers({ 200: instituteOpinionReportSchema }) } },
      async (request) => buildInstituteOpinion(db, await resolveReportScope(db, requireAdmin(request), request.query), minGroupSize),
    );
  };
}
