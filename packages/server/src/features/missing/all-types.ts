/**
 * The missing list over every survey type open to an audience in a period at
 * a campus (or every granted campus) at once (issue 20; docs/reports.md,
 * "Missing respondents and reminders"): each person once, with the types they
 * still owe. Each type is read as its own list is (resolveReportScope: the
 * same permission and grants; the type's done rule), and only the types the
 * user is granted are part of it.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  MISSING_LIST_NOT_PERMITTED,
  NO_OPEN_SURVEY_TYPES,
  type DirectoryFilter,
  type MissingAudience,
  type PeriodMissingReport,
  type PeriodMissingValues,
} from '@encuestas/core/api/missing';
import { fullName } from '@encuestas/core/directory';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { RespondentType, SurveyKindId } from '@encuestas/core/survey-kinds';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import type { ReadDatabase } from '../../db/client';
import { sharedAnswer } from '../../db/shared-read';
import { activeCycles, actives, campuses, cycles, periods } from '../../db/schema';
import { AppError } from '../../http/errors';
import { assertCampusGranted } from '../../http/grants';
import { assertReportPermission, CAMPUS_NOT_FOUND, expectedPeople, PERIOD_NOT_FOUND, resolveReportScope } from '../reports';
import type { AdminPrincipal } from '../users/service';
import { missingCounts, owedOfTypes, owingPeoplePage, typesCounts, type MissingRespondentsParams } from './queries';
import { applicationEndDays, audienceOf, missingFilterValues, type ResolvedMissing } from './service';

/** One survey type of the list, as its own list reads it. */
export interface ResolvedType {
  cycle: { id: number; name: string };
  surveyKind: SurveyKindId;
  /** The kind's title, as respondents see it. */
  title: string;
  respondentType: RespondentType;
  params: MissingRespondentsParams;
  /** Each campus's application's last day (YYYY-MM-DD), by campus id. */
  endDays: Record<string, string>;
}

export interface ResolvedAllTypes {
  audience: MissingAudience;
  periodo: { id: number; nombre: string };
  campusId: number | null;
  campuses: { id: number; nombre: string }[];
  types: ResolvedType[];
  /** For the pickers: the first type's resolved list (the campus and grants are the same for all). */
  first: ResolvedMissing | null;
}

const RESPONDENT_ORDER: readonly RespondentType[] = ['student', 'teacher', 'staff'];

/** The types by respondent type (academic: teachers, then staff), each group read against its own directory table. */
export function typeGroups(types: readonly ResolvedType[]): ResolvedType[][] {
  return RESPONDENT_ORDER.map((type) => types.filter((t) => t.respondentType === type)).filter((group) => group.length > 0);
}

/**
 * The period (404), the campus (404, or 403 when not granted) and the report
 * permission are checked as a single list's are; then every cycle the user is
 * granted with an application in the period at the campuses, whose kind the
 * audience answers, is resolved as its own list.
 */
export async function resolveAllTypes(
  db: ReadDatabase,
  principal: AdminPrincipal,
  periodoId: number,
  audience: MissingAudience,
  query: { campusId?: number | undefined; filter: DirectoryFilter },
): Promise<ResolvedAllTypes> {
  assertReportPermission(principal, query.campusId !== undefined);
  const [periodo] = await db.select({ id: periods.id, nombre: periods.nombre }).from(periods).where(eq(periods.id, periodoId)).limit(1);
  if (!periodo) throw new AppError('NOT_FOUND', PERIOD_NOT_FOUND);
  if (query.campusId !== undefined) {
    const [campus] = await db.select({ id: campuses.id }).from(campuses).where(eq(campuses.id, query.campusId)).limit(1);
    if (!campus) throw new AppError('NOT_FOUND', CAMPUS_NOT_FOUND);
    assertCampusGranted(principal, campus.id);
  }
  const campusIds = query.campusId === undefined ? principal.campusIds : [query.campusId];
  const open =
    campusIds.length && principal.cycleIds.length
      ? await db
          .selectDistinct({ id: cycles.id, surveyKind: cycles.surveyKind })
          .from(actives)
          .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
          .innerJoin(cycles, eq(cycles.id, activeCycles.cycleId))
          .where(and(eq(actives.periodoId, periodo.id), inArray(actives.campusId, campusIds), inArray(cycles.id, principal.cycleIds)))
          .orderBy(asc(cycles.id))
      : [];
  const answered = open.flatMap((cycle) => {
    const kind = SURVEY_KIND_DEFINITIONS[cycle.surveyKind as SurveyKindId];
    return kind && kind.respondent !== 'any' && audienceOf(kind.respondent) === audience ? [{ cycle, kind, respondent: kind.respondent }] : [];
  });
  // Each type resolved at once (in order of cycle): one after another, their round trips added up.
  const resolvedTypes = await Promise.all(
    answered.map(async ({ cycle, kind, respondent }) => {
      const report = await resolveReportScope(db, principal, { cicleId: cycle.id, periodoId: periodo.id, campusId: query.campusId });
      const params = expectedPeople(report, respondent, query.filter);
      const endDays = Object.fromEntries(applicationEndDays(report));
      return { report, respondent, type: { cycle: { id: report.info.cycle.id, name: report.info.cycle.name }, surveyKind: kind.id, title: kind.title, respondentType: respondent, params, endDays } };
    }),
  );
  const types: ResolvedType[] = resolvedTypes.map(({ type }) => type);
  const [head] = resolvedTypes;
  const first: ResolvedMissing | null = head ? { report: head.report, audience, respondentType: head.respondent, params: head.type.params } : null;
  const scopeCampuses = new Map<number, { id: number; nombre: string }>();
  for (const { report } of resolvedTypes) for (const campus of report.info.campuses) scopeCampuses.set(campus.id, campus);
  return {
    audience,
    periodo,
    campusId: query.campusId ?? null,
    campuses: [...scopeCampuses.values()].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es')),
    types,
    first,
  };
}

const latest = (endDays: Record<string, string>): string | null => Object.values(endDays).sort().at(-1) ?? null;

/** The figures over all the types, each type's own, and (with 'Ver Pendientes por Responder') one page of the people with what they owe. */
export function buildAllTypesReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  resolved: ResolvedAllTypes,
  page: { page: number; perPage: number },
): Promise<PeriodMissingReport> {
  const mayName = hasPermission(principal.permissions, PERMISSIONS.viewMissingRespondents);
  // Shared by identical requests in progress (db/shared-read.ts): `first` is the first type's, already in `types`.
  const key = JSON.stringify([mayName, page, { ...resolved, first: undefined }]);
  return sharedAnswer(db, `every survey:${key}`, () => readAllTypesReport(db, resolved, page, mayName));
}

async function readAllTypesReport(db: ReadDatabase, resolved: ResolvedAllTypes, page: { page: number; perPage: number }, mayName: boolean): Promise<PeriodMissingReport> {
  const groups = typeGroups(resolved.types);
  const [perType, perGroup, rows] = await Promise.all([
    Promise.all(resolved.types.map((type) => missingCounts(db, type.params))),
    Promise.all(groups.map((group) => typesCounts(db, group.map((type) => type.params)))),
    mayName
      ? owingPeoplePage(
          db,
          groups.map((group) => group.map((type) => type.params)),
          { offset: (page.page - 1) * page.perPage, limit: page.perPage },
        )
      : Promise.resolve([]),
  ]);
  // What each person of the page owes, type by type (each read against its own directory table).
  const owedByType = await owedOfTypes(
    db,
    resolved.types.map((type) => ({ params: type.params, ids: rows.filter((row) => row.respondent_type === type.respondentType).map((row) => row.id) })),
  );
  const owedDetail = resolved.types.map((type, index) => ({ type, owing: owedByType[index]! }));
  const expected = perGroup.reduce((sum, counts) => sum + counts.expected, 0);
  const answered = perGroup.reduce((sum, counts) => sum + counts.answered, 0);
  const people = rows.map((row) => ({
    id: row.id,
    pcId: row.pc_id,
    fullName: fullName(row.name, row.last_name, row.maternal_sur_name),
    email: row.email,
    campus: row.campus,
    plan: row.plan,
    grupo: row.grupo,
    puesto: row.puesto,
    subjects: null,
    respondentType: row.respondent_type,
    owed: owedDetail
      .filter(({ type, owing }) => type.respondentType === row.respondent_type && owing.has(row.id))
      .map(({ type, owing }) => ({
        cycleId: type.cycle.id,
        surveyKind: type.surveyKind,
        title: type.title,
        subjects: owing.get(row.id) ?? null,
        deadline: type.endDays[String(row.campus_id)] ?? null,
      })),
  }));
  const empty = resolved.types.length === 0;
  return {
    periodo: resolved.periodo,
    campusId: resolved.campusId,
    campuses: resolved.campuses,
    audience: resolved.audience,
    types: resolved.types.map((type, index) => ({
      cycle: type.cycle,
      surveyKind: type.surveyKind,
      title: type.title,
      respondentType: type.respondentType,
      expected: perType[index]!.expected,
      answered: perType[index]!.answered,
      deadline: latest(type.endDays),
    })),
    targetAmmount: expected,
    answered,
    missing: expected - answered,
    missingList: mayName ? { people, total: expected - answered, page: page.page, perPage: page.perPage } : null,
    missingListMessage: mayName ? null : MISSING_LIST_NOT_PERMITTED,
    empty,
    emptyMessage: empty ? NO_OPEN_SURVEY_TYPES : null,
  };
}

/** The pickers as a single type's list offers them (the first type's: same campuses and directory), and the types. */
export async function allTypesFilterValues(db: ReadDatabase, principal: AdminPrincipal, resolved: ResolvedAllTypes): Promise<PeriodMissingValues> {
  const types = resolved.types.map((type) => ({ cycleId: type.cycle.id, title: type.title }));
  if (!resolved.first) return { campuses: [], plans: [], groups: [], sessions: [], types };
  const values = await missingFilterValues(db, principal, resolved.first);
  // Campuses with an application of any of the types, not only the first's.
  const offered = principal.campusIds.length
    ? await db
        .selectDistinct({ id: campuses.id, nombre: campuses.nombre })
        .from(actives)
        .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
        .innerJoin(campuses, eq(campuses.id, actives.campusId))
        .where(
          and(
            eq(actives.periodoId, resolved.periodo.id),
            inArray(activeCycles.cycleId, types.map((type) => type.cycleId)),
            inArray(actives.campusId, principal.campusIds),
          ),
        )
        .orderBy(asc(campuses.nombre))
    : [];
  return { ...values, campuses: offered, types };
}
