/**
 * The kind-specific reports each survey kind adds to the generic one
 * (teacher results, NOM-035 risk levels, new intake's origins, the
 * suggestion box): one entry per kind, written in the kind's module under
 * kinds/ and listed here, so the overview tells the web which extra reports
 * to offer and the engine never branches on a kind id.
 */
import type { KindReportLink } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { NOM035_REPORTS } from './kinds/nom035';
import { SUGGESTION_BOX_REPORTS } from './kinds/suggestions';
import { TEACHER_EVALUATION_REPORTS } from './kinds/teacher-evaluation';

export interface KindReports {
  kind: SurveyKindId;
  /** Extra reports, each served by the kind's own route plugin under the same scope filters. */
  reports: readonly KindReportLink[];
}

/** Kind modules add their entry here (one line each). */
const REGISTERED: readonly KindReports[] = [TEACHER_EVALUATION_REPORTS, NOM035_REPORTS, SUGGESTION_BOX_REPORTS];

const BY_KIND = new Map<SurveyKindId, readonly KindReportLink[]>();
for (const entry of REGISTERED) {
  if (BY_KIND.has(entry.kind)) throw new Error(`Kind ${entry.kind} registers its reports twice`);
  BY_KIND.set(entry.kind, entry.reports);
}

/** The extra reports of a kind (none when it has only the generic report). */
export function kindReports(kind: SurveyKindId): readonly KindReportLink[] {
  return BY_KIND.get(kind) ?? [];
}
