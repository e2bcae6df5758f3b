/**
 * Missing respondents (docs/reports.md, "Missing respondents and
 * reminders"): the expected people of an application who have not answered,
 * from the directory and completions only. The scope and its checks are the
 * reports' (resolveReportScope); naming people needs one more permission.
 */
import {
  ACADEMIC_FILTER_MESSAGE,
  MISSING_AUDIENCE_MISMATCH,
  MISSING_CHART_LABELS,
  MISSING_LIST_NOT_PERMITTED,
  MISSING_NO_EXPECTED_LIST,
  NOT_LISTED_NOTE,
  type DirectoryFilter,
  type MissingAudience,
  type MissingFilterValues,
  type MissingPerson,
  type MissingReport,
} from '@encuestas/core/api/missing';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { RespondentType } from '@encuestas/core/survey-kinds';
import { fullName } from '@encuestas/core/directory';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ReadDatabase } from '../../db/client';
import { sharedAnswer, sharedRows } from '../../db/shared-read';
import { activeCycles, actives, campuses } from '../../db/schema';
import { sqlList } from '../../db/sql-list';
import { AppError } from '../../http/errors';
import { countsOfSegments, missingCountsBy, missingOrder, missingPeopleByIds, missingPeoplePage, notListedCount, type MissingPersonRow, type MissingRespondentsParams, type SegmentCount } from './queries';
import { expectedPeople, reportKey, resolveReportScope, type ResolvedReport } from '../reports';
import type { AdminPrincipal } from '../users/service';

export interface MissingQuery {
  periodoId: number;
  campusId?: number | undefined;
  filter: DirectoryFilter;
}

export interface ResolvedMissing {
  report: ResolvedReport;
  audience: MissingAudience;
  respondentType: RespondentType;
  /** What queries.ts reads: the scope's applications and campuses, the target list, the filter. */
  params: MissingRespondentsParams;
}

/** Which audience answers a respondent type: students, or teachers and staff ("academic"). */
export function audienceOf(type: RespondentType): MissingAudience {
  return type === 'student' ? 'students' : 'academic';
}

/**
 * The report scope (permissions, campus and cycle grants: resolveReportScope)
 * for the cycle of the path, checked against the audience asked for (none:
 * the kind's own, as a report's file of its missing list asks).
 */
export async function resolveMissing(
  db: ReadDatabase,
  principal: AdminPrincipal,
  cycleId: number,
  audience: MissingAudience | undefined,
  query: MissingQuery,
): Promise<ResolvedMissing> {
  const report = await resolveReportScope(db, principal, { cicleId: cycleId, periodoId: query.periodoId, campusId: query.campusId });
  const respondent = report.kind.respondent;
  if (respondent === 'any') throw new AppError('VALIDATION_FAILED', MISSING_NO_EXPECTED_LIST);
  if (audience !== undefined && audienceOf(respondent) !== audience) throw new AppError('VALIDATION_FAILED', MISSING_AUDIENCE_MISMATCH[audience]);
  if (audience === undefined) audience = audienceOf(respondent);
  // The academic routes drop the student fields by schema; a report's file sends whatever it was given.
  if (audience === 'academic' && Object.entries(query.filter).some(([key, value]) => key !== 'pc_id' && value !== undefined))
    throw new AppError('VALIDATION_FAILED', ACADEMIC_FILTER_MESSAGE);
  return {
    report,
    audience,
    respondentType: respondent,
    params: expectedPeople(report, respondent, query.filter),
  };
}

const toPerson = (row: MissingPersonRow): MissingPerson => ({
  id: row.id,
  pcId: row.pc_id,
  fullName: fullName(row.name, row.last_name, row.maternal_sur_name),
  email: row.email,
  campus: row.campus,
  plan: row.plan,
  grupo: row.grupo,
  puesto: row.puesto,
  subjects: row.subjects_total === null || row.subjects_done === null ? null : { done: row.subjects_done, total: row.subjects_total },
});

/** The last day (YYYY-MM-DD) of each campus's application in the report: a reminder's deadline. */
export function applicationEndDays(report: ResolvedReport): Map<number, string> {
  const ends = new Map<number, string>();
  for (const { campusId, endActive } of report.applications) if ((ends.get(campusId) ?? '') < endActive) ends.set(campusId, endActive);
  return ends;
}

/** People whose names are read per query while the list is written to a file. */
const FILE_PAGE = 1000;

/**
 * The whole missing list, for a file: refused (403) without 'Ver Pendientes
 * por Responder', as the screen shows no names without it. The list's
 * order comes first, so a list too big is refused before a byte; then the
 * names in pages, in the screen's order.
 */
export async function missingPeopleForFile(
  db: ReadDatabase,
  principal: AdminPrincipal,
  resolved: ResolvedMissing,
): Promise<{ total: number; people(): AsyncIterable<MissingPerson> }> {
  if (!hasPermission(principal.permissions, PERMISSIONS.viewMissingRespondents)) throw new AppError('FORBIDDEN', MISSING_LIST_NOT_PERMITTED);
  const { params } = resolved;
  // The list's order first (ids and what each has left, a slice of groups at a time), its names a page at
  // a time: each OFFSET page read the whole list again, which for a per-class kind is every enrolment of the campus.
  const order = await missingOrder(db, params);
  return {
    total: order.length,
    async *people() {
      for (let start = 0; start < order.length; start += FILE_PAGE) {
        const rows = await missingPeopleByIds(db, params, order.slice(start, start + FILE_PAGE));
        yield* rows.map(toPerson);
      }
    },
  };
}

/** The segments with their campus's name and rate, lowest rate first (then by campus, plan and group). */
function breakdownOf(segments: SegmentCount[], campuses: readonly { id: number; nombre: string }[]): MissingReport['breakdown'] {
  const names = new Map(campuses.map((campus) => [campus.id, campus.nombre]));
  return segments
    .map((segment) => ({
      campus: { id: segment.campusId, nombre: names.get(segment.campusId) ?? '' },
      plan: segment.plan,
      grupo: segment.grupo,
      expected: segment.expected,
      answered: segment.answered,
      rate: segment.expected ? segment.answered / segment.expected : null,
    }))
    .sort((a, b) => (a.rate ?? 1) - (b.rate ?? 1) || a.campus.nombre.localeCompare(b.campus.nombre, 'es') || (a.plan ?? '').localeCompare(b.plan ?? '', 'es') || (a.grupo ?? '').localeCompare(b.grupo ?? '', 'es'));
}

export function buildMissingReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  resolved: ResolvedMissing,
  page: { page: number; perPage: number },
): Promise<MissingReport> {
  const mayName = hasPermission(principal.permissions, PERMISSIONS.viewMissingRespondents);
  // Shared by identical requests in progress (db/shared-read.ts): who asks matters only through mayName.
  const key = JSON.stringify([mayName, page, resolved.audience, resolved.respondentType, resolved.params]);
  return sharedAnswer(db, `missing:${key}:${reportKey(resolved.report)}`, () => readMissingReport(db, resolved, page, mayName));
}

async function readMissingReport(db: ReadDatabase, resolved: ResolvedMissing, page: { page: number; perPage: number }, mayName: boolean): Promise<MissingReport> {
  const { params } = resolved;
  // The totals are the breakdown's sums: one read of the people instead of two (at a campus of a
  // million teacher evaluations each took about 300 ms, docs/benchmarks.md).
  const [notListed, segments, rows] = await Promise.all([
    notListedCount(db, params),
    missingCountsBy(db, params, 'group'),
    mayName ? missingPeoplePage(db, { ...params, offset: (page.page - 1) * page.perPage, limit: page.perPage }) : Promise.resolve([]),
  ]);
  const endDays = applicationEndDays(resolved.report);
  const counts = countsOfSegments(segments, params);
  const missing = counts.expected - counts.answered;
  const people = rows.map(toPerson);
  return {
    scope: resolved.report.info,
    audience: resolved.audience,
    respondentType: resolved.respondentType,
    targetAmmount: counts.expected,
    answered: counts.answered,
    missing,
    evaluations: counts.evaluations,
    breakdown: breakdownOf(segments, resolved.report.info.campuses),
    missingChartData: [
      { key: 'answered', label: MISSING_CHART_LABELS.answered, value: counts.answered },
      { key: 'missing', label: MISSING_CHART_LABELS.missing, value: missing },
    ],
    missingList: mayName ? { people, total: missing, page: page.page, perPage: page.perPage } : null,
    missingListMessage: mayName ? null : MISSING_LIST_NOT_PERMITTED,
    deadline: [...endDays.values()].sort().at(-1) ?? null,
    notListed,
    notListedNote: NOT_LISTED_NOTE,
  };
}

/**
 * The student filter's pickers (missingFilterValuesSchema): distinct plans,
 * groups and sessions of the active students at the scope's campuses (the
 * grants are resolveMissing's), and the granted campuses with an application
 * of the cycle in the period. Each read is shared with the same read in
 * progress (coordinators opening the same list at a deadline).
 */
export async function missingFilterValues(db: ReadDatabase, principal: AdminPrincipal, resolved: ResolvedMissing): Promise<MissingFilterValues> {
  const { campusIds } = resolved.params;
  const distinct = async (column: 'plan' | 'grupo' | 'sesion'): Promise<string[]> => {
    // Teachers and staff are filtered by pc_id only: no plan, group or session to offer.
    if (campusIds.length === 0 || resolved.audience !== 'students') return [];
    const rows = await sharedRows<{ value: string }>(
      db,
      sql`select distinct ${sql.raw(column)} as value from student where active and campus_id in (${sqlList(campusIds)})
        and ${sql.raw(column)} is not null and ${sql.raw(column)} <> '' order by 1`,
    );
    return rows.map((row) => row.value);
  };
  const offeredCampuses = async (): Promise<{ id: number; nombre: string }[]> => {
    if (principal.campusIds.length === 0) return [];
    const rows = await sharedRows<{ id: number; nombre: string }>(
      db,
      db
        .selectDistinct({ id: campuses.id, nombre: campuses.nombre })
        .from(actives)
        .innerJoin(activeCycles, eq(activeCycles.activeId, actives.id))
        .innerJoin(campuses, eq(campuses.id, actives.campusId))
        .where(
          and(eq(actives.periodoId, resolved.report.periodo.id), eq(activeCycles.cycleId, resolved.params.cycleId), inArray(actives.campusId, principal.campusIds)),
        )
        .orderBy(asc(campuses.nombre))
        .getSQL(),
    );
    return rows.map(({ id, nombre }) => ({ id, nombre }));
  };
  const [plans, groups, sessions, offered] = await Promise.all([distinct('plan'), distinct('grupo'), distinct('sesion'), offeredCampuses()]);
  return { campuses: offered, plans, groups, sessions };
}

/** Splits a validated query into its scope, filter and page. */
export function splitMissingQuery(query: {
  periodoId: number;
  campusId?: number | undefined;
  page?: number;
  perPage?: number;
} & DirectoryFilter): { scope: MissingQuery; page: { page: number; perPage: number } } {
  const { periodoId, campusId, page = 1, perPage = 10, ...filter } = query;
  return { scope: { periodoId, campusId, filter }, page: { page, perPage } };
}
