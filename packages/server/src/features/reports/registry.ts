/**
 * The kind-specific reports each survey kind adds to the generic one
 * (teacher results, NOM-035 risk levels, new intake's origins, the
 * suggestion box): one entry per kind, written in the kind's module under
 * kinds/ (its links and its routes) and listed here, so the overview tells
 * the web which extra reports to offer, app.ts registers every kind's routes
 * at once, and the engine never branches on a kind id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { KindReportLink } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import type { ReadDatabase } from '../../db/client';
import { NEW_INTAKE_REPORTS } from './kinds/new-intake-routes';
import { NOM035_REPORTS } from './kinds/nom035-routes';
import { SUGGESTION_BOX_REPORTS } from './kinds/suggestions-routes';
import type { TeacherReportSettings } from './kinds/teacher-evaluation';
import { TEACHER_EVALUATION_REPORTS } from './kinds/teacher-evaluation-routes';

/** What kind reports are given: the small-group rule, and the teacher groups' thresholds. */
export type KindReportSettings = TeacherReportSettings;

export interface KindReports {
  kind: SurveyKindId;
  /** Extra reports, each served by the kind's own routes under the same scope filters. */
  reports: readonly KindReportLink[];
  /** The endpoints of `reports` (handlers thin: the kind's service checks permissions and grants). */
  routes: (db: ReadDatabase, settings: KindReportSettings) => FastifyPluginAsyncZod;
}

/** Kind modules add their entry here (one line each). */
const REGISTERED: readonly KindReports[] = [TEACHER_EVALUATION_REPORTS, NOM035_REPORTS, SUGGESTION_BOX_REPORTS, NEW_INTAKE_REPORTS];

const BY_KIND = new Map<SurveyKindId, readonly KindReportLink[]>();
for (const entry of REGISTERED) {
  if (BY_KIND.has(entry.kind)) throw new Error(`Kind ${entry.kind} registers its reports twice`);
  BY_KIND.set(entry.kind, entry.reports);
}

/** The extra reports of a kind (none when it has only the generic report). */
export function kindReports(kind: SurveyKindId): readonly KindReportLink[] {
  return BY_KIND.get(kind) ?? [];
}

/** Every registered kind's report routes (docs/reports.md, "Kind-specific reports"; permissions in docs/permissions.md). */
export function kindReportRoutes(db: ReadDatabase, settings: KindReportSettings): FastifyPluginAsyncZod {
  return async (app) => {
    for (const entry of REGISTERED) await app.register(entry.routes(db, settings));
  };
}
