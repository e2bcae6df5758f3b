/** New intake's own report; permissions and grants as every report (resolveReportScope). */
import { INSTITUTE_OPINION_ENDPOINT, instituteOpinionQuerySchema, NEW_INTAKE_REPORT_LINKS } from '@encuestas/core/api/reports-new-intake';
import { requireAdmin } from '../../../http/auth';
import type { KindReports } from '../registry';
import { resolveReportScope } from '../scope';
import { buildInstituteOpinion } from './new-intake';

export const NEW_INTAKE_REPORTS: KindReports = {
  kind: 'alumnos/nuevoIngreso',
  reports: NEW_INTAKE_REPORT_LINKS,
  routes: (db, { minGroupSize }) => async (app) => {
    app.get(
      INSTITUTE_OPINION_ENDPOINT,
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: instituteOpinionQuerySchema } },
      async (request) => buildInstituteOpinion(db, await resolveReportScope(db, requireAdmin(request), request.query), minGroupSize),
    );
  },
};
