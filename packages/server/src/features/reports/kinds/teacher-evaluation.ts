/**
 * Teacher-evaluation reports (docs/reports.md, "Kind-specific reports"):
 * the evaluated teachers and their result groups, one teacher's results
 * beside the campus and institution norms, and the teachers' comments. Read
 * from agg_teacher_score, agg_answer_count and response_text only, for the
 * whole period (never crossed with days). A teacher, a class or a comment
 * list below MIN_GROUP_SIZE is withheld.
 */
import { formatAverage } from '@encuestas/core/format';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  defaultSortOrder,
  NOT_TEACHER_EVALUATION_MESSAGE,
  type SortOrder,
  TEACHER_NOT_FOUND_MESSAGE,
  TEACHERS_PAGE_SIZE,
  type TeacherClassResult,
  type TeacherCommentsReport,
  type TeacherGroupCount,
  type TeacherGroupsSetting,
  type TeacherItemResult,
  type TeacherListFilter,
  type TeacherReport,
  type TeacherRow,
  type TeacherSortKey,
  type TeachersReport,
  type TeacherTextsReport,
} from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
import { unlistedTextsNote, withheldExplanation } from '@encuestas/core/api/reports';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import { RATING_LABELS, RATING_VALUES } from '@encuestas/core/survey-engine/types';
import { TEACHER_EVALUATION_QUESTIONNAIRE } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/questionnaire';
import { fullName } from '@encuestas/core/directory';
import {
  ALL_TEACHERS_LABEL,
  isApproved,
  TEACHER_RESULT_GROUPS,
  teacherResultGroup,
  type TeacherGroupThresholds,
} from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/results';
import type { ReadDatabase } from '../../../db/client';
import { activeCycles, actives, campuses, classes, periods, teachers } from '../../../db/schema';
import { foldedContains } from '../../../db/search';
import { sharedAnswer, sharedRows } from '../../../db/shared-read';
import { idArray } from '../../../db/sql-list';
import { AppError, fieldError } from '../../../http/errors';
import { assertCampusGranted } from '../../../http/grants';
import {
  countTexts,
  textListSize,
  itemAverages,
  itemDistribution,
  isReportable,
  suppressWithComplement,
  teacherGroupScores,
  teacherRanking,
  textCountsByTeacher,
  textsPage,
  type ReportScope,
  type TeacherResult,
} from '../../aggregates';
import type { AdminPrincipal } from '../../users/service';
import { assertTeacherInReach, reportKey, resolveReportScope, teachersInReach, type ResolvedReport, type ReportScopeFilter } from '../scope';

export interface TeacherReportSettings {
  minGroupSize: number;
  thresholds: TeacherGroupThresholds;
}

export const TEACHER_EVALUATION: SurveyKindId = 'alumnos/evaluacionDocente';
const questionItems = TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items);
const RATING_ITEMS = questionItems.filter((item) => item.type === 'rating');
const COMMENT_ITEM_IDS = questionItems.filter((item) => item.type === 'text').map((item) => item.id);

export function teacherGroupsSetting({ outstandingMin, sufficientMin }: TeacherGroupThresholds): TeacherGroupsSetting {
  return {
    outstandingMin,
    sufficientMin,
    rule:
      `Destacados: promedio de ${formatAverage(outstandingMin)} o más; Suficientes: de ${formatAverage(sufficientMin)} a menos de ${formatAverage(outstandingMin)}; ` +
      `Insuficientes: menos de ${formatAverage(sufficientMin)} (escala de 1 a 5). Aprobados: Destacados y Suficientes.`,
  };
}

/** The scope of a teacher-evaluation report, after scope.ts's permission and grant checks. */
async function resolveTeacherScope(db: ReadDatabase, principal: AdminPrincipal, filter: ReportScopeFilter): Promise<ResolvedReport> {
  // Teacher figures cover the whole period: no date range, whatever the query says.
  const resolved = await resolveReportScope(db, principal, { cicleId: filter.cicleId, periodoId: filter.periodoId, campusId: filter.campusId });
  if (resolved.kind.id !== TEACHER_EVALUATION) throw fieldError('cicleId', NOT_TEACHER_EVALUATION_MESSAGE);
  return resolved;
}

export type TeacherInfo = { id: number; name: string; campusId: number };

export async function teacherInfos(db: ReadDatabase, ids: readonly number[]): Promise<Map<number, TeacherInfo>> {
  return new Map([...(await teachersWithCampus(db, ids))].map(([id, { teacher }]) => [id, teacher]));
}

/**
 * Teachers from the directory, with the name of their campus. Shared while in progress (a whole cycle's
 * ranking names 1,291 teachers: twenty readers at once parse them once).
 */
async function teachersWithCampus(db: ReadDatabase, ids: readonly number[]): Promise<Map<number, { teacher: TeacherInfo; campus: { id: number; nombre: string } }>> {
  if (ids.length === 0) return new Map();
  const rows = await sharedRows<{ id: number; name: string; last_name: string; maternal_sur_name: string; campus_id: number; campus_name: string }>(
    db,
    sql`select t.id, t.name, t.last_name, t.maternal_sur_name, t.campus_id, k.nombre as campus_name
      from ${teachers} t join ${campuses} k on k.id = t.campus_id where t.id = any(${idArray(ids)})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        teacher: { id: row.id, name: fullName(row.name, row.last_name, row.maternal_sur_name), campusId: row.campus_id },
        campus: { id: row.campus_id, nombre: row.campus_name },
      },
    ]),
  );
}

/** Of `ids`, the teachers whose full name holds every word of `search`, accents and case aside («jose» finds «José»). */
async function teachersNamed(db: ReadDatabase, ids: readonly number[], search: string): Promise<Set<number>> {
  const words = search.split(/\s+/).filter(Boolean);
  if (ids.length === 0) return new Set();
  const fullNameColumn = sql`concat_ws(' ', ${teachers.name}, ${teachers.lastName}, ${teachers.maternalSurName})`;
  const rows = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(sql`${teachers.id} = any(${idArray(ids)})`, ...words.map((word) => foldedContains(fullNameColumn, word))));
  return new Set(rows.map((row) => row.id));
}

/** The campuses of the report (those with an application in its period). */
const scopeCampusIds = (resolved: ResolvedReport) => resolved.info.campuses.map((campus) => campus.id);

/**
 * The period compared with: the last one (by start) before the report's with
 * an application of the same survey type at any of the scope's campuses.
 */
async function previousPeriodOf(db: ReadDatabase, resolved: ResolvedReport): Promise<{ id: number; nombre: string } | null> {
  const campusIds = scopeCampusIds(resolved);
  if (campusIds.length === 0) return null;
  const [previous] = await db
    .selectDistinct({ id: periods.id, nombre: periods.nombre, fechaInicio: periods.fechaInicio })
    .from(periods)
    .innerJoin(actives, eq(actives.periodoId, periods.id))
    .innerJoin(activeCycles, and(eq(activeCycles.activeId, actives.id), eq(activeCycles.cycleId, resolved.scope.cycleId)))
    .where(and(inArray(actives.campusId, campusIds), lt(periods.fechaInicio, resolved.periodo.fechaInicio)))
    .orderBy(desc(periods.fechaInicio), asc(periods.id))
    .limit(1);
  return previous ? { id: previous.id, nombre: previous.nombre } : null;
}

/** Two decimals, as a mean is shown: a change is the difference of the shown means, so the screen adds up. */
const shownMean = (value: number) => Math.round(value * 100);
const changeOf = (mean: number, previousMean: number | null) => (previousMean === null ? null : (shownMean(mean) - shownMean(previousMean)) / 100);

/**
 * The term compared with and each teacher's mean then at the report's
 * campuses, only where it passes the small-group rule (a mean or a change
 * beside a shown one would give a hidden mean back).
 */
async function previousTerm(db: ReadDatabase, resolved: ResolvedReport, minGroupSize: number) {
  const previousPeriodo = await previousPeriodOf(db, resolved);
  const previous = previousPeriodo
    ? await teacherRanking(db, { cycleId: resolved.scope.cycleId, periodoId: previousPeriodo.id, campusIds: scopeCampusIds(resolved) })
    : [];
  const previousMeans = new Map(previous.filter((row) => isReportable(row.n, minGroupSize)).map((row) => [row.teacherId, row.mean]));
  return { previousPeriodo, previousMeans };
}

/**
 * Every teacher the report may show, best first (`rank`), with their group,
 * campus and the previous term's mean at the same campuses. The small-group
 * rule applies to each term alike: a teacher below it now is not listed; below
 * it then has no previous mean and no change (a change beside a shown mean
 * would give the hidden one back).
 */
async function rankedTeachers(db: ReadDatabase, principal: AdminPrincipal, resolved: ResolvedReport, settings: TeacherReportSettings) {
  if (resolved.info.empty) return { withheld: 0, ranked: [] as TeacherRow[], previousPeriodo: null };
  const [all, { previousPeriodo, previousMeans }, reach] = await Promise.all([
    teacherRanking(db, resolved.scope),
    previousTerm(db, resolved, settings.minGroupSize),
    teachersInReach(db, principal, resolved.periodo.id),
  ]);
  // A coordinator's ranking holds only their plans' teachers (ranks and counts among them).
  const ranking = reach ? all.filter((row) => reach.has(row.teacherId)) : all;
  const shown = ranking.filter((teacher) => isReportable(teacher.n, settings.minGroupSize));
  const infos = await teachersWithCampus(db, shown.map((row) => row.teacherId));
  const ranked = shown.map((row, index): TeacherRow => {
    const group = teacherResultGroup(row.mean, settings.thresholds);
    const info = infos.get(row.teacherId);
    const previousMean = previousMeans.get(row.teacherId) ?? null;
    return {
      teacher: info?.teacher ?? { id: row.teacherId, name: '', campusId: 0 },
      rank: index + 1,
      n: row.n,
      mean: row.mean,
      sd: row.sd,
      group,
      approved: isApproved(group),
      campus: info?.campus ?? { id: 0, nombre: '' },
      previousMean,
      change: changeOf(row.mean, previousMean),
    };
  });
  return { withheld: ranking.length - shown.length, ranked, previousPeriodo };
}

function matchesFilter(row: { group: TeacherRow['group']; approved: boolean }, filter: TeacherListFilter): boolean {
  if (filter === 'docentes') return true;
  if (filter === 'aprobados') return row.approved;
  return row.group === filter;
}

const byName = new Intl.Collator('es-MX', { sensitivity: 'base' });
const GROUP_ORDER: Record<TeacherRow['group'], number> = { insuficientes: 0, suficientes: 1, destacados: 2 };

/** How two rows compare by a column, ascending; null figures are sorted apart (see sortTeachers). */
const SORT_VALUES: Record<TeacherSortKey, (row: TeacherRow) => string | number | null> = {
  rank: (row) => row.rank,
  name: (row) => row.teacher.name,
  campus: (row) => row.campus.nombre,
  n: (row) => row.n,
  mean: (row) => row.mean,
  sd: (row) => row.sd,
  group: (row) => GROUP_ORDER[row.group],
  previousMean: (row) => row.previousMean,
  change: (row) => row.change,
};

/** Sorted by a column, ties by place in the ranking (stable whatever the order); rows with no figure last either way. */
export function sortTeachers(rows: readonly TeacherRow[], sort: TeacherSortKey, order: SortOrder): TeacherRow[] {
  const valueOf = SORT_VALUES[sort];
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    const compared = typeof x === 'string' && typeof y === 'string' ? byName.compare(x, y) : (x as number) - (y as number);
    return compared * sign || a.rank - b.rank;
  });
}

export interface TeacherListQuery extends ReportScopeFilter {
  group: TeacherListFilter;
  search?: string | undefined;
  sort: TeacherSortKey;
  order?: SortOrder | undefined;
}

/** The list of the screen and of its file: one group's teachers matching the search, sorted. */
async function teacherList(db: ReadDatabase, principal: AdminPrincipal, settings: TeacherReportSettings, query: TeacherListQuery) {
  const resolved = await resolveTeacherScope(db, principal, query);
  const all = await rankedTeachers(db, principal, resolved, settings);
  const search = query.search?.trim() || null;
  const order = query.order ?? defaultSortOrder(query.sort);
  const inGroup = all.ranked.filter((row) => matchesFilter(row, query.group));
  const named = search ? await teachersNamed(db, inGroup.map((row) => row.teacher.id), search) : null;
  const listed = sortTeachers(named ? inGroup.filter((row) => named.has(row.teacher.id)) : inGroup, query.sort, order);
  return { resolved, ...all, listed, search, order };
}

/** Every teacher of the list `group` matching the search, in the screen's order (the teachers table as a file: features/files). */
export async function allTeacherRows(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: TeacherListQuery,
): Promise<{ rows: TeacherRow[]; previousPeriodo: { id: number; nombre: string } | null; search: string | null; order: SortOrder }> {
  const { listed, previousPeriodo, search, order } = await teacherList(db, principal, settings, query);
  return { rows: listed, previousPeriodo, search, order };
}

export async function teachersReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: TeacherListQuery & { page: number },
): Promise<TeachersReport> {
  const { resolved, ranked, withheld, listed, previousPeriodo, search, order } = await teacherList(db, principal, settings, query);
  const countOf = (filter: TeacherListFilter) => ranked.filter((row) => matchesFilter(row, filter)).length;
  const groups: TeacherGroupCount[] = [
    { key: 'docentes', label: ALL_TEACHERS_LABEL, n: ranked.length },
    ...TEACHER_RESULT_GROUPS.map((g) => ({ key: g.key, label: g.label, n: countOf(g.key) })),
    { key: 'aprobados', label: 'Aprobados', n: countOf('aprobados') },
  ];
  return {
    scope: resolved.info,
    setting: teacherGroupsSetting(settings.thresholds),
    minGroupSize: settings.minGroupSize,
    withheldExplanation: withheldExplanation(settings.minGroupSize),
    groups,
    withheldTeachers: withheld,
    group: query.group,
    search,
    sort: query.sort,
    order,
    previousPeriodo,
    teachers: listed.slice((query.page - 1) * TEACHERS_PAGE_SIZE, query.page * TEACHERS_PAGE_SIZE),
    total: listed.length,
    page: query.page,
    perPage: TEACHERS_PAGE_SIZE,
  };
}

/** A teacher of a campus the user holds, within a coordinator's plans in the report's period, or 404 / 403. */
async function grantedTeacher(db: ReadDatabase, principal: AdminPrincipal, resolved: ResolvedReport, teacherId: number): Promise<TeacherInfo> {
  const info = (await teacherInfos(db, [teacherId])).get(teacherId);
  if (!info) throw new AppError('NOT_FOUND', TEACHER_NOT_FOUND_MESSAGE);
  assertCampusGranted(principal, info.campusId);
  assertTeacherInReach(await teachersInReach(db, principal, resolved.periodo.id), teacherId);
  return info;
}

/**
 * A norm: the mean of every evaluation in a ranking (each evaluation weighs
 * the same) and their number; the mean is withheld below the small-group rule
 * (a campus whose evaluations are all of one withheld teacher would give that
 * teacher's mean away).
 */
function norm<K extends 'campus' | 'institution'>(key: K, ranking: readonly TeacherResult[], minGroupSize: number) {
  const n = ranking.reduce((sum, row) => sum + row.n, 0);
  const mean = n && isReportable(n, minGroupSize) ? ranking.reduce((sum, row) => sum + row.mean * row.n, 0) / n : null;
  return { [`${key}Mean`]: mean, [`${key}N`]: n } as Record<`${K}Mean`, number | null> & Record<`${K}N`, number>;
}

export async function teacherReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { teacherId: number },
): Promise<TeacherReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const teacher = await grantedTeacher(db, principal, resolved, query.teacherId);
  return teacherResults(db, settings, resolved, teacher);
}

/**
 * One teacher's results in a checked scope: what GET /reports/teachers/{id}
 * answers, and what a teacher reads of their own (teacher-results), with the
 * same small-group rule and complementary suppression.
 */
export function teacherResults(db: ReadDatabase, settings: TeacherReportSettings, resolved: ResolvedReport, teacher: TeacherInfo): Promise<TeacherReport> {
  // Shared by identical requests in progress (db/shared-read.ts): the scope, the teacher and the settings are all it depends on.
  const key = JSON.stringify([settings.minGroupSize, settings.thresholds, teacher]);
  return sharedAnswer(db, `teacher:${key}:${reportKey(resolved)}`, () => readTeacherResults(db, settings, resolved, teacher));
}

async function readTeacherResults(db: ReadDatabase, settings: TeacherReportSettings, resolved: ResolvedReport, teacher: TeacherInfo): Promise<TeacherReport> {
  if (resolved.kind.id !== TEACHER_EVALUATION) throw fieldError('cicleId', NOT_TEACHER_EVALUATION_MESSAGE);
  const { cycleId, periodoId } = { cycleId: resolved.info.cycle.id, periodoId: resolved.info.periodo.id };
  const campusScope: ReportScope = { cycleId, periodoId, campusIds: [teacher.campusId] };
  // The institution's norm covers every campus: a mean of thousands of evaluations, shown to every campus's coordinators.
  const institutionScope: ReportScope = { cycleId, periodoId };
  const [ranking, campusRanking, institutionRanking, previous] = await Promise.all([
    resolved.info.empty ? [] : teacherRanking(db, resolved.scope),
    teacherRanking(db, campusScope),
    teacherRanking(db, institutionScope),
    resolved.info.empty ? { previousPeriodo: null, previousMeans: new Map<number, number>() } : previousTerm(db, resolved, settings.minGroupSize),
  ]);
  const own = ranking.find((row) => row.teacherId === teacher.id);
  const commentCount = own
    ? (await textListSize(db, { scope: resolved.scope, itemIds: COMMENT_ITEM_IDS, teacherId: teacher.id, minGroupSize: settings.minGroupSize })).readable
    : 0;
  const base = {
    scope: resolved.info,
    setting: teacherGroupsSetting(settings.thresholds),
    minGroupSize: settings.minGroupSize,
    withheldExplanation: withheldExplanation(settings.minGroupSize),
    teacher,
    ...norm('campus', campusRanking, settings.minGroupSize),
    ...norm('institution', institutionRanking, settings.minGroupSize),
    comments: commentCount,
    commentsWithheld: !isReportable(commentCount, settings.minGroupSize),
    previousPeriodo: previous.previousPeriodo,
  };
  if (!own || own.n === 0 || !isReportable(own.n, settings.minGroupSize)) {
    return { ...base, withheld: true, n: null, mean: null, sd: null, group: null, approved: null, previousMean: null, change: null, items: [], classes: [], commentsWithheld: true };
  }
  const previousMean = previous.previousMeans.get(teacher.id) ?? null;
  const [items, classResults] = await Promise.all([
    teacherItemResults(db, { teacher: resolved.scope, campus: campusScope, institution: institutionScope }, teacher.id),
    teacherClassResults(db, resolved.scope, settings, own),
  ]);
  const group = teacherResultGroup(own.mean, settings.thresholds);
  return {
    ...base,
    withheld: false,
    n: own.n,
    mean: own.mean,
    sd: own.sd,
    group,
    approved: isApproved(group),
    previousMean,
    change: changeOf(own.mean, previousMean),
    items,
    classes: classResults,
  };
}

/** Each rating item's distribution and average for the teacher, beside the campus's and the institution's averages. */
async function teacherItemResults(
  db: ReadDatabase,
  scopes: { teacher: ReportScope; campus: ReportScope; institution: ReportScope },
  teacherId: number,
): Promise<TeacherItemResult[]> {
  const [cells, campusCells, institutionCells] = await Promise.all([
    itemDistribution(db, scopes.teacher, 'teacher', String(teacherId)),
    itemDistribution(db, scopes.campus, 'all'),
    itemDistribution(db, scopes.institution, 'all'),
  ]);
  const averagesById = (list: typeof cells) => new Map(itemAverages(list).map((row) => [row.itemId, row.average]));
  const [teacherAverages, campus, institution] = [averagesById(cells), averagesById(campusCells), averagesById(institutionCells)];
  return RATING_ITEMS.map((item) => ({
    id: item.id,
    text: item.text,
    distribution: RATING_VALUES.map((value) => ({
      value,
      label: RATING_LABELS[value],
      n: cells.find((cell) => cell.itemId === item.id && cell.value === value)?.n ?? 0,
    })),
    average: teacherAverages.get(item.id) ?? null,
    campusAverage: campus.get(item.id) ?? null,
    institutionAverage: institution.get(item.id) ?? null,
  }));
}

/** The teacher's classes (groups), each shown only where the small-group rule and complementary suppression allow. */
async function teacherClassResults(db: ReadDatabase, scope: ReportScope, settings: TeacherReportSettings, own: TeacherResult): Promise<TeacherClassResult[]> {
  const classRows = await teacherGroupScores(db, scope, own.teacherId);
  const classNames = new Map(
    classRows.length
      ? (await db.select({ id: classes.id, name: classes.name }).from(classes).where(sql`${classes.id} = any(${idArray(classRows.map((row) => row.classId))})`)).map(
          (row) => [row.id, row.name],
        )
      : [],
  );
  // The teacher's total is shown, so a lone small class is hidden with the next smallest (small-groups.ts);
  // evaluations of classes the mover cleared (OTHER_CLASSES) are in the total and in no class row.
  const unlisted = own.n - classRows.reduce((sum, row) => sum + row.n, 0);
  const shownClasses = new Set(suppressWithComplement(classRows, settings.minGroupSize, (row) => row.n, unlisted).shown);
  return classRows.map((row) => {
    const shown = shownClasses.has(row);
    return {
      classId: row.classId,
      name: classNames.get(row.classId) ?? '',
      plan: row.plan,
      grupo: row.grupo,
      n: shown ? row.n : null,
      mean: shown ? row.mean : null,
      sd: shown ? row.sd : null,
      group: shown ? teacherResultGroup(row.mean, settings.thresholds) : null,
      withheld: !shown,
    };
  });
}

export async function teacherCommentsReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { page: number },
): Promise<TeacherCommentsReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const [allCounts, reach] = await Promise.all([
    resolved.info.empty ? [] : textCountsByTeacher(db, { scope: resolved.scope, itemIds: COMMENT_ITEM_IDS, minGroupSize: settings.minGroupSize }),
    teachersInReach(db, principal, resolved.periodo.id),
  ]);
  const counts = reach ? allCounts.filter((row) => reach.has(row.teacherId)) : allCounts;
  const shown = counts.filter((row) => isReportable(row.n, settings.minGroupSize));
  const infos = await teacherInfos(db, shown.map((row) => row.teacherId));
  const listed = shown
    .map((row) => ({ teacher: infos.get(row.teacherId) ?? { id: row.teacherId, name: '', campusId: 0 }, comments: row.n }))
    .sort((a, b) => a.teacher.name.localeCompare(b.teacher.name, 'es') || a.teacher.id - b.teacher.id);
  return {
    scope: resolved.info,
    minGroupSize: settings.minGroupSize,
    withheldExplanation: withheldExplanation(settings.minGroupSize),
    teachers: listed.slice((query.page - 1) * TEACHERS_PAGE_SIZE, query.page * TEACHERS_PAGE_SIZE),
    withheldTeachers: counts.length - shown.length,
    total: listed.length,
    page: query.page,
    perPage: TEACHERS_PAGE_SIZE,
  };
}

export async function teacherTextsReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { teacherId: number; search?: string | undefined; after?: string | undefined; limit: number },
): Promise<TeacherTextsReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const teacher = await grantedTeacher(db, principal, resolved, query.teacherId);
  const filter = { scope: resolved.scope, itemIds: COMMENT_ITEM_IDS, teacherId: teacher.id, minGroupSize: settings.minGroupSize };
  // The rule looks at the whole list; a search only narrows what may already be read.
  const { readable: all, unlisted } = resolved.info.empty ? { readable: 0, unlisted: 0 } : await textListSize(db, filter);
  const explanation = withheldExplanation(settings.minGroupSize);
  const unlistedNote = unlistedTextsNote(unlisted, settings.minGroupSize);
  if (!isReportable(all, settings.minGroupSize)) {
    return { teacher, total: all, unlisted, unlistedNote, withheld: true, withheldExplanation: explanation, texts: [], next: null };
  }
  const search = query.search?.trim() ? query.search : undefined;
  const [total, page] = await Promise.all([
    search ? countTexts(db, { ...filter, search }) : all,
    textsPage(db, { ...filter, search, limit: query.limit, after: query.after ? { itemId: COMMENT_ITEM_IDS[0]!, id: query.after } : null }),
  ]);
  return {
    teacher,
    total,
    unlisted,
    unlistedNote,
    withheld: false,
    withheldExplanation: explanation,
    texts: page.texts.map((text) => ({ id: text.id, text: text.text })),
    next: page.next?.id ?? null,
  };
}
