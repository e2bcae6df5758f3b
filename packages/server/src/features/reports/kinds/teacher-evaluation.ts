/**
 * Teacher-evaluation reports (docs/reports.md, "Kind-specific reports"):
 * the evaluated teachers and their result groups, one teacher's results
 * beside the campus and institution norms, and the teachers' comments. Read
 * from agg_teacher_score, agg_answer_count and response_text only, for the
 * whole period (never crossed with days). A teacher, a class or a comment
 * list below MIN_GROUP_SIZE is withheld.
 */
import { inArray } from 'drizzle-orm';
import { NOT_TEACHER_EVALUATION_MESSAGE, TEACHER_NOT_FOUND_MESSAGE, TEACHERS_PAGE_SIZE, type TeacherClassResult, type TeacherCommentsReport, type TeacherGroupCount, type TeacherGroupsSetting, type TeacherItemResult, type TeacherListFilter, type TeacherReport, type TeacherRow, type TeachersReport, type TeacherTextsReport } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/report-contract';
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
import { classes, teachers } from '../../../db/schema';
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
import { resolveReportScope, type ResolvedReport, type ReportScopeFilter } from '../scope';

export interface TeacherReportSettings {
  minGroupSize: number;
  thresholds: TeacherGroupThresholds;
}

export const TEACHER_EVALUATION: SurveyKindId = 'alumnos/evaluacionDocente';
const questionItems = TEACHER_EVALUATION_QUESTIONNAIRE.sections.flatMap((section) => section.items);
const RATING_ITEMS = questionItems.filter((item) => item.type === 'rating');
const COMMENT_ITEM_IDS = questionItems.filter((item) => item.type === 'text').map((item) => item.id);

const formatMean = (value: number) => value.toLocaleString('es-MX', { maximumFractionDigits: 2 });

export function teacherGroupsSetting({ outstandingMin, sufficientMin }: TeacherGroupThresholds): TeacherGroupsSetting {
  return {
    outstandingMin,
    sufficientMin,
    rule:
      `Destacados: promedio de ${formatMean(outstandingMin)} o más; Suficientes: de ${formatMean(sufficientMin)} a menos de ${formatMean(outstandingMin)}; ` +
      `Insuficientes: menos de ${formatMean(sufficientMin)} (escala de 1 a 5). Aprobados: Destacados y Suficientes.`,
  };
}

/** The scope of a teacher-evaluation report, after scope.ts's permission and grant checks. */
async function resolveTeacherScope(db: ReadDatabase, principal: AdminPrincipal, filter: ReportScopeFilter): Promise<ResolvedReport> {
  // Teacher figures cover the whole period: no date range, whatever the query says.
  const resolved = await resolveReportScope(db, principal, { cicleId: filter.cicleId, periodoId: filter.periodoId, campusId: filter.campusId });
  if (resolved.kind.id !== TEACHER_EVALUATION) throw fieldError('cicleId', NOT_TEACHER_EVALUATION_MESSAGE);
  return resolved;
}

type TeacherInfo = { id: number; name: string; campusId: number };

async function teacherInfos(db: ReadDatabase, ids: readonly number[]): Promise<Map<number, TeacherInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, lastName: teachers.lastName, maternalSurName: teachers.maternalSurName, campusId: teachers.campusId })
    .from(teachers)
    .where(inArray(teachers.id, [...ids]));
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: fullName(row.name, row.lastName, row.maternalSurName), campusId: row.campusId }]),
  );
}

/** Teachers with enough evaluations, best first, each with its group; and how many were withheld. */
async function rankedTeachers(db: ReadDatabase, scope: ReportScope, settings: TeacherReportSettings) {
  const ranking = await teacherRanking(db, scope);
  const shown = ranking.filter((teacher) => isReportable(teacher.n, settings.minGroupSize));
  return {
    withheld: ranking.length - shown.length,
    ranked: shown.map((teacher, index) => {
      const group = teacherResultGroup(teacher.mean, settings.thresholds);
      return { ...teacher, rank: index + 1, group, approved: isApproved(group) };
    }),
  };
}

function matchesFilter(row: { group: TeacherRow['group']; approved: boolean }, filter: TeacherListFilter): boolean {
  if (filter === 'docentes') return true;
  if (filter === 'aprobados') return row.approved;
  return row.group === filter;
}

type RankedTeacher = Awaited<ReturnType<typeof rankedTeachers>>['ranked'][number];

async function withTeacherInfos(db: ReadDatabase, rows: readonly RankedTeacher[]): Promise<TeacherRow[]> {
  const infos = await teacherInfos(db, rows.map((row) => row.teacherId));
  return rows.map((row) => ({
    teacher: infos.get(row.teacherId) ?? { id: row.teacherId, name: '', campusId: 0 },
    rank: row.rank,
    n: row.n,
    mean: row.mean,
    sd: row.sd,
    group: row.group,
    approved: row.approved,
  }));
}

/** Every teacher of the list `group`, best first (the teachers table as a file: features/files). */
export async function allTeacherRows(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { group: TeacherListFilter },
): Promise<TeacherRow[]> {
  const resolved = await resolveTeacherScope(db, principal, query);
  if (resolved.info.empty) return [];
  const { ranked } = await rankedTeachers(db, resolved.scope, settings);
  return withTeacherInfos(db, ranked.filter((row) => matchesFilter(row, query.group)));
}

export async function teachersReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { group: TeacherListFilter; page: number },
): Promise<TeachersReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const { ranked, withheld } = resolved.info.empty ? { ranked: [], withheld: 0 } : await rankedTeachers(db, resolved.scope, settings);
  const countOf = (filter: TeacherListFilter) => ranked.filter((row) => matchesFilter(row, filter)).length;
  const groups: TeacherGroupCount[] = [
    { key: 'docentes', label: ALL_TEACHERS_LABEL, n: ranked.length },
    ...TEACHER_RESULT_GROUPS.map((g) => ({ key: g.key, label: g.label, n: countOf(g.key) })),
    { key: 'aprobados', label: 'Aprobados', n: countOf('aprobados') },
  ];
  const listed = ranked.filter((row) => matchesFilter(row, query.group));
  const page = listed.slice((query.page - 1) * TEACHERS_PAGE_SIZE, query.page * TEACHERS_PAGE_SIZE);
  return {
    scope: resolved.info,
    setting: teacherGroupsSetting(settings.thresholds),
    minGroupSize: settings.minGroupSize,
    withheldExplanation: withheldExplanation(settings.minGroupSize),
    groups,
    withheldTeachers: withheld,
    group: query.group,
    teachers: await withTeacherInfos(db, page),
    total: listed.length,
    page: query.page,
    perPage: TEACHERS_PAGE_SIZE,
  };
}

/** A teacher of a campus the user holds, or 404 / 403. */
async function grantedTeacher(db: ReadDatabase, principal: AdminPrincipal, teacherId: number): Promise<TeacherInfo> {
  const info = (await teacherInfos(db, [teacherId])).get(teacherId);
  if (!info) throw new AppError('NOT_FOUND', TEACHER_NOT_FOUND_MESSAGE);
  assertCampusGranted(principal, info.campusId);
  return info;
}

/** Mean of every evaluation in a ranking (each evaluation weighs the same). */
function overallMean(ranking: readonly TeacherResult[]): number | null {
  const n = ranking.reduce((sum, row) => sum + row.n, 0);
  return n ? ranking.reduce((sum, row) => sum + row.mean * row.n, 0) / n : null;
}

export async function teacherReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { teacherId: number },
): Promise<TeacherReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const teacher = await grantedTeacher(db, principal, query.teacherId);
  const { cycleId, periodoId } = { cycleId: resolved.info.cycle.id, periodoId: resolved.info.periodo.id };
  const campusScope: ReportScope = { cycleId, periodoId, campusIds: [teacher.campusId] };
  // The institution's norm covers every campus: a mean of thousands of evaluations, shown to every campus's coordinators.
  const institutionScope: ReportScope = { cycleId, periodoId };
  const [ranking, campusRanking, institutionRanking] = await Promise.all([
    resolved.info.empty ? [] : teacherRanking(db, resolved.scope),
    teacherRanking(db, campusScope),
    teacherRanking(db, institutionScope),
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
    campusMean: overallMean(campusRanking),
    institutionMean: overallMean(institutionRanking),
    comments: commentCount,
    commentsWithheld: !isReportable(commentCount, settings.minGroupSize),
  };
  if (!own || own.n === 0 || !isReportable(own.n, settings.minGroupSize)) {
    return { ...base, withheld: true, n: null, mean: null, sd: null, group: null, approved: null, items: [], classes: [], commentsWithheld: true };
  }

  const [cells, campusCells, institutionCells, classRows] = await Promise.all([
    itemDistribution(db, resolved.scope, 'teacher', String(teacher.id)),
    itemDistribution(db, campusScope, 'all'),
    itemDistribution(db, institutionScope, 'all'),
    teacherGroupScores(db, resolved.scope, teacher.id),
  ]);
  const averagesById = (list: typeof cells) => new Map(itemAverages(list).map((row) => [row.itemId, row.average]));
  const [teacherAverages, campus, institution] = [averagesById(cells), averagesById(campusCells), averagesById(institutionCells)];
  const items: TeacherItemResult[] = RATING_ITEMS.map((item) => ({
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

  const classNames = new Map(
    classRows.length
      ? (await db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, classRows.map((row) => row.classId)))).map(
          (row) => [row.id, row.name],
        )
      : [],
  );
  // The teacher's total is shown, so a lone small class is hidden with the next smallest (small-groups.ts);
  // evaluations of classes the mover cleared (OTHER_CLASSES) are in the total and in no class row.
  const unlisted = own.n - classRows.reduce((sum, row) => sum + row.n, 0);
  const shownClasses = new Set(suppressWithComplement(classRows, settings.minGroupSize, (row) => row.n, unlisted).shown);
  const classResults: TeacherClassResult[] = classRows.map((row) => {
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
  const group = teacherResultGroup(own.mean, settings.thresholds);
  return { ...base, withheld: false, n: own.n, mean: own.mean, sd: own.sd, group, approved: isApproved(group), items, classes: classResults };
}

export async function teacherCommentsReport(
  db: ReadDatabase,
  principal: AdminPrincipal,
  settings: TeacherReportSettings,
  query: ReportScopeFilter & { page: number },
): Promise<TeacherCommentsReport> {
  const resolved = await resolveTeacherScope(db, principal, query);
  const counts = resolved.info.empty ? [] : await textCountsByTeacher(db, { scope: resolved.scope, itemIds: COMMENT_ITEM_IDS, minGroupSize: settings.minGroupSize });
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
  const teacher = await grantedTeacher(db, principal, query.teacherId);
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
