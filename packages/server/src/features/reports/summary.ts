/**
 * The campus's survey types page in one read: per granted cycle applied at
 * the campus in the period, the overview's totals (published, held, expected,
 * respondents, response rate) without its distributions, days or trend.
 */
import { inArray } from 'drizzle-orm';
import type { CampusReportSummary, CycleSummary } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import type { ReadDatabase } from '../../db/client';
import { sharedAnswer } from '../../db/shared-read';
import { cycles } from '../../db/schema';
import { publishedByCycle } from '../aggregates';
import { missingCounts } from '../missing';
import { heldResponseCount } from '../responses';
import { expectedPeopleOf, type ResolvedCampusPeriod } from './scope';

/** Shared by identical requests in progress: the resolved campus, period and granted applications are all it depends on. */
export function buildCampusSummary(db: ReadDatabase, resolved: ResolvedCampusPeriod): Promise<CampusReportSummary> {
  return sharedAnswer(db, `campus summary:${JSON.stringify(resolved)}`, () => readCampusSummary(db, resolved));
}

async function readCampusSummary(db: ReadDatabase, resolved: ResolvedCampusPeriod): Promise<CampusReportSummary> {
  const { campus, periodo, applications } = resolved;
  const cycleIds = [...new Set(applications.map((a) => a.cycleId))];
  const [cycleRows, published] = await Promise.all([
    cycleIds.length ? db.select().from(cycles).where(inArray(cycles.id, cycleIds)) : Promise.resolve([]),
    publishedByCycle(db, { cycleIds, periodoId: periodo.id, campusId: campus.id }),
  ]);
  const summaries = await Promise.all(
    cycleRows.flatMap((cycle): Promise<CycleSummary>[] => {
      const kind = SURVEY_KIND_DEFINITIONS[cycle.surveyKind as SurveyKindId];
      if (!kind) return [];
      const activeIds = applications.filter((a) => a.cycleId === cycle.id).map((a) => a.id);
      return [
        (async () => {
          const [held, people] = await Promise.all([
            heldResponseCount(db, { activeIds, cycleId: cycle.id }),
            kind.respondent === 'any'
              ? Promise.resolve(null)
              : missingCounts(
                  db,
                  expectedPeopleOf({ kind: kind.id, periodoId: periodo.id, cycleId: cycle.id, activeIds, campusIds: [campus.id] }, kind.respondent),
                ),
          ]);
          return {
            cycle: { id: cycle.id, name: cycle.name, surveyKind: kind.id },
            kind: { title: kind.title },
            published: published.get(cycle.id) ?? 0,
            held,
            expected: people?.expected ?? null,
            respondents: people?.answered ?? null,
            responseRate: people?.expected ? people.answered / people.expected : null,
          };
        })(),
      ];
    }),
  );
  summaries.sort((a, b) => a.cycle.name.localeCompare(b.cycle.name, 'es') || a.cycle.id - b.cycle.id);
  return { campus, periodo, cycles: summaries };
}
