/**
 * NOM-035 reports (docs/reports.md, "Kind-specific reports"): the index of a
 * period's applications and one application's report (a campus and a period):
 * workers per risk level for the final score, each category and each domain,
 * with the DOF's action criteria. Read from agg_nom035_level only; never one
 * worker's answers, and nothing below MIN_GROUP_SIZE workers.
 */
import { and, eq } from 'drizzle-orm';
import { NOM035_APPLICATION_NOT_FOUND, NOT_NOM035_MESSAGE, type Nom035Application, type Nom035GroupResult, type Nom035Index, type Nom035Report } from '@encuestas/core/survey-kinds/nom035/report-contract';
import { withheldExplanation } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { GUIDE_DATA } from '@encuestas/core/survey-kinds/nom035/guides';
import { ACTION_CRITERIA, riskGroups, riskRanges } from '@encuestas/core/survey-kinds/nom035/results';
import { RISK_LEVELS, riskLevel } from '@encuestas/core/survey-kinds/nom035/scoring';
import type { ReadDatabase } from '../../../db/client';
import { sharedAnswer } from '../../../db/shared-read';
import { activeCycles, actives, campuses, cycles, periods } from '../../../db/schema';
import { AppError, fieldError } from '../../../http/errors';
import { isReportable, nom035Distribution, type Nom035LevelCell } from '../../aggregates';
import type { AdminPrincipal } from '../../users/service';
import { reportKey, resolveReportScope, type ReportScopeFilter, type ResolvedReport } from '../scope';

export const NOM035: SurveyKindId = 'administrativos/norma';
const GUIDES = ['II', 'III'] as const;

/** Shown where other kinds list comments (spec §3 lists them for NOM-035). */
export const NOM035_COMMENTS_NOTE =
  'La NOM-035 no incluye comentarios: los cuestionarios de la norma (Guías de referencia II y III del DOF) no tienen una pregunta abierta y se aplican sin modificaciones.';

/** Workers who answered a risk guide: each is counted once in the final score of their guide. */
const respondentsOf = (cells: readonly Nom035LevelCell[], guide?: string) =>
  cells.filter((cell) => cell.scope === 'final' && (guide === undefined || cell.guide === guide)).reduce((sum, cell) => sum + cell.n, 0);

export async function nom035Index(db: ReadDatabase, principal: AdminPrincipal, minGroupSize: number, filter: ReportScopeFilter): Promise<Nom035Index> {
  const resolved = await resolveReportScope(db, principal, { cicleId: filter.cicleId, periodoId: filter.periodoId, campusId: filter.campusId });
  if (resolved.kind.id !== NOM035) throw fieldError('cicleId', NOT_NOM035_MESSAGE);
  // Shared by identical requests in progress (db/shared-read.ts): the scope and the setting are all it depends on.
  return sharedAnswer(db, `nom035 index:${minGroupSize}:${reportKey(resolved)}`, () => readNom035Index(db, resolved, minGroupSize));
}

async function readNom035Index(db: ReadDatabase, resolved: ResolvedReport, minGroupSize: number): Promise<Nom035Index> {
  const cycleId = resolved.info.cycle.id;
  const applications = await Promise.all(
    resolved.applications.map(async (application) => {
      const [row] = await applicationRows(db, application.id, cycleId);
      const cells = await nom035Distribution(db, { cycleId, activeId: application.id });
      return toApplication(row!, respondentsOf(cells), minGroupSize);
    }),
  );
  return { scope: resolved.info, minGroupSize, applications, total: applications.length };
}

function applicationRows(db: ReadDatabase, activeId: number, cycleId?: number) {
  return db
    .select({
      id: actives.id,
      campusId: campuses.id,
      campusNombre: campuses.nombre,
      periodoId: periods.id,
      periodoNombre: periods.nombre,
      startActive: actives.startActive,
      endActive: actives.endActive,
      cycleId: cycles.id,
    })
    .from(actives)
    .innerJoin(campuses, eq(campuses.id, actives.campusId))
    .innerJoin(periods, eq(periods.id, actives.periodoId))
    .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
    .innerJoin(cycles, and(eq(cycles.id, activeCycles.cycleId), eq(cycles.surveyKind, NOM035)))
    .where(cycleId === undefined ? eq(actives.id, activeId) : and(eq(actives.id, activeId), eq(cycles.id, cycleId)))
    .limit(1);
}

type ApplicationRow = Awaited<ReturnType<typeof applicationRows>>[number];

function toApplication(row: ApplicationRow, respondents: number, minGroupSize: number): Nom035Application {
  return {
    id: row.id,
    campus: { id: row.campusId, nombre: row.campusNombre },
    periodo: { id: row.periodoId, nombre: row.periodoNombre },
    startActive: row.startActive,
    endActive: row.endActive,
    respondents,
    withheld: !isReportable(respondents, minGroupSize),
  };
}

function groupResults(guide: 'II' | 'III', cells: readonly Nom035LevelCell[]): Nom035GroupResult[] {
  return riskGroups(guide).map((group) => {
    const mine = cells.filter((cell) => cell.guide === guide && cell.scope === group.scope && cell.scopeKey === group.key);
    const workers = mine.reduce((sum, cell) => sum + cell.n, 0);
    const averageScore = workers ? mine.reduce((sum, cell) => sum + cell.scoreSum, 0) / workers : 0;
    const ranges = riskRanges(guide, group.scope, group.key);
    return {
      scope: group.scope,
      key: group.key,
      name: group.name,
      categoryId: group.categoryId ?? null,
      levels: ranges.map((range) => ({ level: range.level, min: range.min, max: range.max, n: mine.find((cell) => cell.level === range.level)?.n ?? 0 })),
      averageScore,
      averageLevel: riskLevel(averageScore, ranges.slice(1).map((range) => range.min)),
    };
  });
}

/**
 * The guides an application's workers answered, each with its respondents and, unless the small-group rule
 * withholds it, the final score, categories and domains (the report, and the campus's evidence file).
 */
export async function nom035Results(db: ReadDatabase, cycleId: number, activeId: number, minGroupSize: number): Promise<{ respondents: number; guides: Nom035Report['guides'] }> {
  const cells = await nom035Distribution(db, { cycleId, activeId });
  const guides = GUIDES.filter((guide) => cells.some((cell) => cell.guide === guide)).map((guide) => {
    const respondents = respondentsOf(cells, guide);
    const withheld = !isReportable(respondents, minGroupSize);
    return { guide, title: GUIDE_DATA[guide].title, respondents, withheld, groups: withheld ? [] : groupResults(guide, cells) };
  });
  return { respondents: respondentsOf(cells), guides };
}

/** One application's report (getReportById): the campus and period of application `id`. */
export async function nom035Report(db: ReadDatabase, principal: AdminPrincipal, minGroupSize: number, applicationId: number): Promise<Nom035Report> {
  const [row] = await applicationRows(db, applicationId);
  if (!row) throw new AppError('NOT_FOUND', NOM035_APPLICATION_NOT_FOUND);
  // The report by campus of the application's campus: scope.ts checks the permission, the campus and the cycle grants.
  await resolveReportScope(db, principal, { cicleId: row.cycleId, periodoId: row.periodoId, campusId: row.campusId });
  const { respondents, guides } = await nom035Results(db, row.cycleId, row.id, minGroupSize);
  return {
    application: toApplication(row, respondents, minGroupSize),
    minGroupSize,
    withheldExplanation: withheldExplanation(minGroupSize),
    levels: RISK_LEVELS.map((level) => ({ key: level.key, label: level.label, color: level.color, criteria: ACTION_CRITERIA[level.key] })),
    guides,
    commentsNote: NOM035_COMMENTS_NOTE,
  };
}
