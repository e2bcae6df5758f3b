/**
 * Turns a report's filters into what the aggregates are read with, after the
 * server's own checks: the permission of the report asked for, the user's
 * campus and cycle grants (so changing an id in the URL reaches nothing more),
 * and ids that exist. Every report endpoint, generic or kind-specific, starts here.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { NO_APPLICATION_MESSAGE, type ReportScopeInfo } from '@encuestas/core/api/reports';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import type { DirectoryFilter } from '@encuestas/core/api/missing';
import { surveyKindInfo, type RespondentType, type SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS, type SurveyKindDefinition } from '@encuestas/core/survey-kinds/registry';
import { queryRowsOfShape, type ReadDatabase } from '../../db/client';
import { activeCycles, actives, campuses, classes, cycles, periods } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertCampusGranted, assertCyclesGranted, plansByCampus, type Grants } from '../../http/grants';
import type { AdminPrincipal } from '../users/service';
import type { ReportScope } from '../aggregates';
import type { DoneRule, MissingRespondentsParams } from '../missing';

export const CYCLE_NOT_FOUND = 'No se encontró el tipo de encuesta.';
export const PERIOD_NOT_FOUND = 'No se encontró el periodo.';
export const CAMPUS_NOT_FOUND = 'No se encontró el campus.';

const missingPermission = (...names: string[]) =>
  `No tienes el permiso ${names.map((name) => `«${name}»`).join(' ni ')}. Solicítalo a tu administrador.`;

/** The filters every report takes (core/api/reports.ts, already validated). */
export interface ReportScopeFilter {
  cicleId: number;
  periodoId: number;
  campusId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface ResolvedReport {
  /** What queries.ts reads: the cycle of the period at the scope's campuses. */
  scope: ReportScope;
  /** The same, as the response shows it. */
  info: ReportScopeInfo;
  kind: SurveyKindDefinition;
  /** The kind's questionnaires (NOM-035: its three guides; none for the suggestion box). */
  questionnaires: readonly Questionnaire[];
  periodo: { id: number; nombre: string; fechaInicio: string };
  /** Applications of the cycle in the period at the scope's campuses, with their last day (YYYY-MM-DD). */
  applications: { id: number; campusId: number; endActive: string }[];
  /** Inclusive range of Mexico City days, or null for the whole period. */
  days: { from: string; to: string } | null;
}

/** Everything a resolved report's answer depends on, as a key (db/shared-read.ts, sharedAnswer): who asked is not in it. */
export function reportKey(report: ResolvedReport): string {
  return JSON.stringify([report.kind.id, report.info, report.scope, report.periodo, report.applications, report.days]);
}

/** The report by campus takes either report permission; the report by cycle only 'Ver Reportes por Ciclo'. */
export function assertReportPermission(principal: AdminPrincipal, byCampus: boolean): void {
  const canCycle = hasPermission(principal.permissions, PERMISSIONS.viewCycleReports);
  if (!byCampus) {
    if (!canCycle) throw new AppError('FORBIDDEN', missingPermission(PERMISSIONS.viewCycleReports));
  } else if (!canCycle && !hasPermission(principal.permissions, PERMISSIONS.viewCampusReports)) {
    throw new AppError('FORBIDDEN', missingPermission(PERMISSIONS.viewCampusReports, PERMISSIONS.viewCycleReports));
  }
}

type ScopeValues = { cycleId: number; periodoId: number; campusId: number | null; campusIds: readonly number[] };

interface ScopeRow {
  cycle: { id: number; name: string; surveyKind: string } | null;
  periodo: { id: number; nombre: string; fechaInicio: string } | null;
  campus_found: boolean;
  /** The cycle's applications in the period at `campusIds`, by campus name. */
  applications: { id: number; campusId: number; nombre: string; endActive: string }[];
}

/**
 * What a report's scope needs in one statement, one round trip: each report request used to ask
 * for the cycle, the period, the campus and the applications one after another.
 */
function scopeStatement(v: Record<keyof ScopeValues, unknown>): SQL {
  return sql`select
      (select json_build_object('id', c.id, 'name', c.name, 'surveyKind', c.survey_kind) from ${cycles} c where c.id = ${v.cycleId}::int) as cycle,
      (select json_build_object('id', p.id, 'nombre', p.nombre, 'fechaInicio', p.fecha_inicio) from ${periods} p where p.id = ${v.periodoId}::int) as periodo,
      exists (select 1 from ${campuses} k where k.id = ${v.campusId}::int) as campus_found,
      coalesce((select json_agg(json_build_object('id', a.id, 'campusId', a.campus_id, 'nombre', k.nombre, 'endActive', a.end_active) order by k.nombre, a.id)
        from ${actives} a
        join ${activeCycles} ac on ac.active_id = a.id and ac.ciclo_id = ${v.cycleId}::int
        join ${campuses} k on k.id = a.campus_id
        where a.periodo_id = ${v.periodoId}::int and a.campus_id = any(${sql.param(v.campusIds)}::int[])), '[]'::json) as applications`;
}

/**
 * With `campusId`: the report by campus ('Ver Reportes por Campus' or 'Ver
 * Reportes por Ciclo', and a grant for the campus). Without: the report by
 * cycle ('Ver Reportes por Ciclo'), over the campuses the user is granted.
 * Either way the cycle must be granted. A campus and period with no
 * application is an empty report, not an error.
 */
export async function resolveReportScope(db: ReadDatabase, principal: AdminPrincipal, filter: ReportScopeFilter): Promise<ResolvedReport> {
  assertReportPermission(principal, filter.campusId !== undefined);
  return resolveGrantedScope(db, principal, filter);
}

/**
 * The same without the back-office permission: for a reader whose grants the
 * server makes itself (a teacher reading their own results: teacher-results).
 */
export async function resolveGrantedScope(db: ReadDatabase, principal: Grants, filter: ReportScopeFilter): Promise<ResolvedReport> {
  const campusIds = filter.campusId === undefined ? principal.campusIds : [filter.campusId];
  const [found] = await queryRowsOfShape<ScopeRow, ScopeValues>(db, 'report-scope', scopeStatement, {
    cycleId: filter.cicleId,
    periodoId: filter.periodoId,
    campusId: filter.campusId ?? null,
    campusIds,
  });
  // The checks in the order a reader meets them: the cycle, its grant, the period, the campus, its grant.
  const cycle = found?.cycle;
  if (!cycle) throw new AppError('NOT_FOUND', CYCLE_NOT_FOUND);
  assertCyclesGranted(principal, [cycle.id]);
  const periodo = found.periodo;
  if (!periodo) throw new AppError('NOT_FOUND', PERIOD_NOT_FOUND);
  if (filter.campusId !== undefined) {
    if (!found.campus_found) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
    assertCampusGranted(principal, filter.campusId);
  }
  const applicationRows = found.applications;
  const scopeCampuses = [...new Map(applicationRows.map((row) => [row.campusId, { id: row.campusId, nombre: row.nombre }])).values()];
  const kind = SURVEY_KIND_DEFINITIONS[cycle.surveyKind as SurveyKindId];
  if (!kind) throw new AppError('NOT_FOUND', CYCLE_NOT_FOUND);
  const empty = applicationRows.length === 0;
  const days = filter.from || filter.to ? { from: filter.from ?? '0000-01-01', to: filter.to ?? '9999-12-31' } : null;

  return {
    // Only campuses with an application: the aggregates hold nothing for the others.
    scope: { cycleId: cycle.id, periodoId: periodo.id, campusIds: scopeCampuses.map((campus) => campus.id) },
    info: {
      cycle: { id: cycle.id, name: cycle.name, surveyKind: kind.id },
      periodo: { id: periodo.id, nombre: periodo.nombre },
      campusId: filter.campusId ?? null,
      campuses: scopeCampuses,
      from: filter.from ?? null,
      to: filter.to ?? null,
      empty,
      emptyMessage: empty ? NO_APPLICATION_MESSAGE : null,
    },
    kind,
    questionnaires: kind.questionnaires,
    periodo: { id: periodo.id, nombre: periodo.nombre, fechaInicio: periodo.fechaInicio },
    applications: applicationRows.map(({ id, campusId, endActive }) => ({ id, campusId, endActive })),
    days,
  };
}

/**
 * Who a report's applications expect, as the response rate and the missing
 * lists count them (one definition for both): the active people of the kind's
 * respondent type at the campuses with an application, and for a kind with a
 * target list only the students on the period's list.
 */
export function expectedPeople(report: ResolvedReport, respondentType: RespondentType, filter?: DirectoryFilter): MissingRespondentsParams {
  return expectedPeopleOf(
    {
      kind: report.kind.id,
      periodoId: report.periodo.id,
      cycleId: report.scope.cycleId,
      activeIds: report.applications.map((application) => application.id),
      // Only campuses with an application expect anyone.
      campusIds: report.info.campuses.map((campus) => campus.id),
    },
    respondentType,
    filter,
  );
}

/** The same, from the applications' pieces (the campus's survey types page has no resolved report). */
export function expectedPeopleOf(
  applications: { kind: SurveyKindId; periodoId: number; cycleId: number; activeIds: readonly number[]; campusIds: readonly number[] },
  respondentType: RespondentType,
  filter?: DirectoryFilter,
): MissingRespondentsParams {
  const { kind, periodoId, cycleId, activeIds, campusIds } = applications;
  const { targetList, subjects } = surveyKindInfo(kind);
  const done: DoneRule = subjects === 'perClass' ? { subjects, periodoId } : { subjects };
  return { activeIds, cycleId, campusIds, respondentType, done, targetPeriodoId: targetList ? periodoId : undefined, filter };
}

export interface ResolvedCampusPeriod {
  campus: { id: number; nombre: string };
  periodo: { id: number; nombre: string };
  /** Applications at the campus in the period with the granted cycles attached to each (never an ungranted one). */
  applications: { id: number; cycleId: number }[];
}

/**
 * A campus and a period, checked as the report by campus is (either report
 * permission, a grant for the campus), with the applications of the cycles
 * the user is granted: what the campus's survey types page lists.
 */
export async function resolveCampusPeriod(db: ReadDatabase, principal: AdminPrincipal, filter: { periodoId: number; campusId: number }): Promise<ResolvedCampusPeriod> {
  assertReportPermission(principal, true);
  const [periodo] = await db.select({ id: periods.id, nombre: periods.nombre }).from(periods).where(eq(periods.id, filter.periodoId)).limit(1);
  if (!periodo) throw new AppError('NOT_FOUND', PERIOD_NOT_FOUND);
  const [campus] = await db.select({ id: campuses.id, nombre: campuses.nombre }).from(campuses).where(eq(campuses.id, filter.campusId)).limit(1);
  if (!campus) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
  assertCampusGranted(principal, campus.id);
  const applications = principal.cycleIds.length
    ? await db
        .select({ id: actives.id, cycleId: activeCycles.cycleId })
        .from(actives)
        .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
        .where(and(eq(actives.periodoId, periodo.id), eq(actives.campusId, campus.id), inArray(activeCycles.cycleId, principal.cycleIds)))
        .orderBy(asc(actives.id))
    : [];
  return { campus, periodo, applications };
}

export const TEACHER_OUTSIDE_PLANS = 'Solo puedes consultar a los docentes que imparten clases en tus planes de estudio.';

/**
 * The one rule of coordinators (plan grants, docs/permissions.md
 * "Coordinators"): the teachers a user may see by name in the teacher
 * reports of a period. At a campus where the user holds plans, those who
 * teach a class of one of those plans there in the period; at the user's
 * other campuses, those who teach any class there in the period. Null for a
 * user without plan grants: no limit (the campus grants apply as ever).
 */
export async function teachersInReach(
  db: ReadDatabase,
  principal: Pick<AdminPrincipal, 'campusIds' | 'planGrants'>,
  periodoId: number,
): Promise<ReadonlySet<number> | null> {
  if (principal.planGrants.length === 0) return null;
  const limited = plansByCampus(principal.planGrants);
  const open = principal.campusIds.filter((campusId) => !limited.has(campusId));
  const rows = await db
    .selectDistinct({ teacherId: classes.teacherId })
    .from(classes)
    .where(
      and(
        eq(classes.periodoId, periodoId),
        or(
          open.length ? inArray(classes.campusId, open) : undefined,
          ...principal.planGrants.map((grant) => and(eq(classes.campusId, grant.campusId), eq(classes.plan, grant.plan))),
        ),
      ),
    );
  return new Set(rows.map((row) => row.teacherId));
}

/** 403 for a teacher outside a coordinator's reach (teachersInReach). */
export function assertTeacherInReach(reach: ReadonlySet<number> | null, teacherId: number): void {
  if (reach && !reach.has(teacherId)) throw new AppError('FORBIDDEN', TEACHER_OUTSIDE_PLANS);
}
