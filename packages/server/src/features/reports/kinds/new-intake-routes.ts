/** New intake's own report; permissions and grants as every report (resolveReportScope, in the service). */
import { answers } from '@encuestas/core/api/common';
import { INSTITUTE_OPINION_ENDPOINT, instituteOpinionQuerySchema, instituteOpinionReportSchema, NEW_INTAKE_REPORT_LINKS } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import { requireAdmin } from '../../../http/auth';
import type { KindReports } from '../registry';
import { instituteOpinionReport } from './new-intake';

export const NEW_INTAKE_REPORTS: KindReports = {
  kind: 'alumnos/nuevoIngreso',
  reports: NEW_INTAKE_REPORT_LINKS,
  routes: (db, { minGroupSize }) => async (app) => {
    app.get(
      INSTITUTE_OPINION_ENDPOINT,
      { config: { auth: 'admin' }, schema: { tags: ['reports'], querystring: instituteOpinionQuerySchema, response: answers({ 200: instituteOpinionReportSchema }) } },
      async (request) => instituteOpinionReport(db, requireAdmin(request), minGroupSize, request.query),
    );
  },
};
