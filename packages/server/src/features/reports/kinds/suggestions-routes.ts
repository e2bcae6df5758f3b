/** The suggestion box's counts (docs/reports.md); it reads `campusId`, `from` and `to` of the same filters, under its own permission. */
import { answers } from '@encuestas/core/api/common';
import { suggestionCountsQuerySchema, suggestionCountsSchema } from '@encuestas/core/survey-kinds/buzon/report-contract';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';
import { requireAdmin } from '../../../http/auth';
import type { KindReports } from '../registry';
import { suggestionCounts } from './suggestions';

export const SUGGESTION_BOX_REPORTS: KindReports = {
  kind: SUGGESTION_BOX_KIND,
  reports: [{ id: 'suggestion-counts', title: 'Sugerencias recibidas por día y por mes', endpoint: '/reports/suggestions' }],
  routes: (db) => async (app) => {
    app.get(
      '/reports/suggestions',
      { config: { auth: 'admin', permission: PERMISSIONS.viewSuggestions }, schema: { tags: ['reports'], querystring: suggestionCountsQuerySchema, response: answers({ 200: suggestionCountsSchema }) } },
      async (request) => suggestionCounts(db, requireAdmin(request), request.query),
    );
  },
};
