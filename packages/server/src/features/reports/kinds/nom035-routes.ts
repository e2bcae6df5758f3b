/** NOM-035's own report (docs/reports.md, "NOM-035"); permissions and grants in the service (scope.ts). */
import { answers } from '@encuestas/core/api/common';
import { nom035ApplicationParamsSchema, nom035IndexQuerySchema, nom035IndexSchema, nom035ReportSchema } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { requireAdmin } from '../../../http/auth';
import type { KindReports } from '../registry';
import { NOM035, nom035Index, nom035Report } from './nom035';

export const NOM035_REPORTS: KindReports = {
  kind: NOM035,
  reports: [{ id: 'nom035-applications', title: 'Niveles de riesgo por aplicación', endpoint: '/reports/nom035/applications' }],
  routes: (db, settings) => async (app) => {
    const admin = { auth: 'admin' as const };
    app.get('/reports/nom035/applications', { config: admin, schema: { tags: ['reports'], querystring: nom035IndexQuerySchema, response: answers({ 200: nom035IndexSchema }) } }, async (request) =>
      nom035Index(db, requireAdmin(request), settings.minGroupSize, request.query),
    );
    app.get(
      '/reports/nom035/applications/:id',
      { config: admin, schema: { tags: ['reports'], params: nom035ApplicationParamsSchema, response: answers({ 200: nom035ReportSchema }) } },
      async (request) => nom035Report(db, requireAdmin(request), settings.minGroupSize, request.params.id),
    );
  },
};
