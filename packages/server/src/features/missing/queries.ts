/**
 * The reads of the missing-respondent lists (docs/reports.md, "Missing
 * respondents and reminders"): the directory and `completion` only, never
 * the answers. Reports read `missingCounts` too, for their response rates.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DirectoryFilter } from '@encuestas/core/api/missing';
import type { RespondentType } from '@encuestas/core/survey-kinds';
import { isEmbedded, queryRows, type ReadDatabase } from '../../db/client';
import { sharedRead, sharedRows } from '../../db/shared-read';
import { idArray, sqlList } from '../../db/sql-list';

/**
 * Who is expected to answer (docs/reports.md, "Missing respondents and
 * reminders"): the active people of the respondent type at the campuses, the
 * directory filter applied (student columns for students; pc_id for anyone),
 * and for a kind with a target list only the students on that period's list;
 * for a per-class kind, only the students who take a class in the period.
 * Answered (done): what the kind asks of a person, `DoneRule`.
 */
export interface MissingRespondentsParams {
  activeIds: readonly number[];
  cycleId: number;
  campusIds: readonly number[];
  respondentType: RespondentType;
  /** What makes a person done; absent (a reminder job saved before it existed): one completion. */
  done?: DoneRule | undefined;
  /** New intake: only the students on this period's target list. */
  targetPeriodoId?: number | undefined;
  filter?: DirectoryFilter | undefined;
}

/**
 * What a person must have completed to be done (issue 20: a student who
 * evaluated 1 of 4 classes is not done): one completion of the application;
 * a completion for every class they take in the application's period
 * (teacher evaluation); Guía I and a risk guide (NOM-035).
 */
export type DoneRule = { subjects: 'one' } | { subjects: 'perClass'; periodoId: number } | { subjects: 'nom035Guides' };

export interface MissingCounts {
  /** People expected under the filter. */
  expected: number;
  /** Of them, people done (every class, both guides). */
  answered: number;
  /** Per-class kinds: the evaluations those people owe and how many are done; null otherwise. */
  evaluations: { expected: number; done: number } | null;
}

/**
 * How many expected students a count reads at most a statement on the embedded database, by id: there
 * a statement holds its one connection, and a campus's per-class count of 30,000 students was one of
 * about 210 ms while every submission waited (docs/benchmarks.md).
 */
export const COUNT_SLICE_STUDENTS = 5000;

/**
 * Expected people under the filter, how many of them are done, and for a per-class kind their
 * evaluations (shared while read). On the embedded database students are counted a range of ids at a
 * time and the parts summed; elsewhere in one read.
 */
export function missingCounts(
  db: ReadDatabase,
  params: MissingRespondentsParams,
  sliceStudents = isEmbedded(db) ? COUNT_SLICE_STUDENTS : undefined,
): Promise<MissingCounts> {
  return sharedRead(db, `counts:${sliceStudents}:${JSON.stringify(params)}`, () => readMissingCounts(db, params, sliceStudents));
}

async function readMissingCounts(db: ReadDatabase, params: MissingRespondentsParams, sliceStudents: number | undefined): Promise<MissingCounts> {
  if (params.campusIds.length === 0) return countsOfSegments([], params);
  if (params.respondentType !== 'student' || sliceStudents === undefined) return countsIn(db, params);
  const parts: MissingCounts[] = [];
  for (const ids of await studentIdRanges(db, params, sliceStudents)) parts.push(await countsIn(db, params, ids));
  return countsOfSegments(parts, params);
}

/** Consecutive ranges of about `every` expected students each, in id order: what a count reads a statement at a time on the embedded database. */
async function studentIdRanges(db: ReadDatabase, params: MissingRespondentsParams, every: number): Promise<IdRange[]> {
  const starts = await queryRows<{ id: number }>(db, MISSING_SQL.studentIdStarts(params, every));
  return rangesFrom(starts.map((row) => row.id));
}

/** The counts of the people with ids in `ids` (everyone when absent), in one read. */
async function countsIn(db: ReadDatabase, params: MissingRespondentsParams, ids?: IdRange): Promise<MissingCounts> {
  if (params.done?.subjects === 'perClass') {
    const [row] = await queryRows<{ expected: number; answered: number; evaluations_expected: number; evaluations_done: number }>(
      db,
      MISSING_SQL.perClassCounts(params, params.done.periodoId, ids),
    );
    return {
      expected: row?.expected ?? 0,
      answered: row?.answered ?? 0,
      evaluations: { expected: row?.evaluations_expected ?? 0, done: row?.evaluations_done ?? 0 },
    };
  }
  const [row] = await queryRows<{ expected: number; answered: number }>(db, MISSING_SQL.missingCounts(params, ids));
  return { expected: row?.expected ?? 0, answered: row?.answered ?? 0, evaluations: null };
}

/** People with ids from `from` up to `until` (not included), either end open. */
export interface IdRange {
  from?: number | undefined;
  until?: number | undefined;
}

/** Consecutive ranges starting at `starts` (in order): the first open below, the last open above, so what is made meanwhile falls in one. */
export function rangesFrom<T>(starts: readonly T[]): { from?: T | undefined; until?: T | undefined }[] {
  return starts.map((start, i) => ({ from: i === 0 ? undefined : start, until: i + 1 < starts.length ? starts[i + 1] : undefined }));
}

/** `column` within `ids`, as conditions each led by `and` (nothing without a range). */
function inIds(column: SQL, ids: IdRange | undefined): SQL {
  if (!ids) return sql``;
  return sql.join([...(ids.from === undefined ? [] : [sql` and ${column} >= ${ids.from}`]), ...(ids.until === undefined ? [] : [sql` and ${column} < ${ids.until}`])]);
}

/** A part of the expected people: a campus, or (students) a plan and group at a campus. */
export interface SegmentCount {
  campusId: number;
  /** Students by group only. */
  plan: string | null;
  grupo: string | null;
  expected: number;
  answered: number;
  /** Per-class kinds: the segment's evaluations owed and done; null otherwise. */
  evaluations: { expected: number; done: number } | null;
}

/**
 * `missingCounts` per campus of `params.campusIds`, or per plan and group
 * (students): segments where nobody is expected are absent, in campus, plan
 * and group order (screens sort them their own way). Done as the
 * report by cycle counts it: a completion of any of `params.activeIds`. One
 * read, or on the embedded database students a range of ids at a time
 * (as missingCounts) with each segment's parts summed.
 */
export function missingCountsBy(
  db: ReadDatabase,
  params: MissingRespondentsParams,
  segment: 'campus' | 'group',
  sliceStudents = isEmbedded(db) ? COUNT_SLICE_STUDENTS : undefined,
): Promise<SegmentCount[]> {
  return sharedRead(db, `counts by ${segment}:${sliceStudents}:${JSON.stringify(params)}`, () => readMissingCountsBy(db, params, segment, sliceStudents));
}

async function readMissingCountsBy(
  db: ReadDatabase,
  params: MissingRespondentsParams,
  segment: 'campus' | 'group',
  sliceStudents: number | undefined,
): Promise<SegmentCount[]> {
  if (params.campusIds.length === 0) return [];
  if (params.respondentType !== 'student' || sliceStudents === undefined) return segmentsIn(db, params, segment);
  const sums = new Map<string, SegmentCount>();
  for (const ids of await studentIdRanges(db, params, sliceStudents)) {
    for (const part of await segmentsIn(db, params, segment, ids)) {
      const key = JSON.stringify([part.campusId, part.plan, part.grupo]);
      const sum = sums.get(key);
      if (!sum) sums.set(key, part);
      else sums.set(key, { ...sum, ...countsOfSegments([sum, part], params) });
    }
  }
  return [...sums.values()].sort(
    (a, b) => a.campusId - b.campusId || textOrder(a.plan, b.plan) || textOrder(a.grupo, b.grupo),
  );
}

/** Nulls last, as the database orders them ascending. */
function textOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** The segments of the people with ids in `ids` (everyone when absent), in one read. */
async function segmentsIn(db: ReadDatabase, params: MissingRespondentsParams, segment: 'campus' | 'group', ids?: IdRange): Promise<SegmentCount[]> {
  const statement =
    params.done?.subjects === 'perClass'
      ? MISSING_SQL.perClassCountsBy(params, params.done.periodoId, segment, ids)
      : MISSING_SQL.missingCountsBy(params, segment, ids);
  const rows = await queryRows<{
    campus_id: number;
    plan: string | null;
    grupo: string | null;
    expected: number;
    answered: number;
    evaluations_expected?: number;
    evaluations_done?: number;
  }>(db, statement);
  return rows.map((row) => ({
    campusId: row.campus_id,
    plan: row.plan,
    grupo: row.grupo,
    expected: row.expected,
    answered: row.answered,
    evaluations: row.evaluations_expected === undefined ? null : { expected: row.evaluations_expected, done: row.evaluations_done ?? 0 },
  }));
}

/**
 * The counts of the whole filter from its segments (missingCountsBy), which
 * part every expected person into exactly one: a page that shows both reads
 * the people once. Also the sum of a count's id ranges (readMissingCounts).
 */
export function countsOfSegments(segments: readonly MissingCounts[], params: MissingRespondentsParams): MissingCounts {
  const perClass = params.done?.subjects === 'perClass';
  const counts: MissingCounts = { expected: 0, answered: 0, evaluations: perClass ? { expected: 0, done: 0 } : null };
  for (const segment of segments) {
    counts.expected += segment.expected;
    counts.answered += segment.answered;
    if (counts.evaluations && segment.evaluations) {
      counts.evaluations.expected += segment.evaluations.expected;
      counts.evaluations.done += segment.evaluations.done;
    }
  }
  return counts;
}

/**
 * Ids of the expected people with no completion, in id order, a keyset page
 * at a time (`afterId`, `limit`): an anti-join of the directory and
 * `completion` only (never the answers), served index-only on the completion
 * side by application_respondent's primary key (one row a person).
 */
export async function missingRespondentIds(
  db: ReadDatabase,
  params: MissingRespondentsParams & { afterId?: number; limit?: number; withEmailOnly?: boolean },
): Promise<number[]> {
  if (params.campusIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(db, MISSING_SQL.missingRespondentIds(params));
  return rows.map((row) => row.id);
}

export interface MissingPersonRow {
  id: number;
  pc_id: string;
  name: string;
  last_name: string;
  maternal_sur_name: string;
  email: string | null;
  campus: string;
  plan: string | null;
  grupo: string | null;
  puesto: string | null;
  /** Per-class kinds: classes the person takes and has evaluated; NOM-035: guides answered of 2; null otherwise. */
  subjects_total: number | null;
  subjects_done: number | null;
}

/** One page of the missing people with what the list shows (students by plan, group and name; others by name). */
export async function missingPeoplePage(
  db: ReadDatabase,
  params: MissingRespondentsParams & { offset: number; limit: number },
): Promise<MissingPersonRow[]> {
  if (params.campusIds.length === 0) return [];
  // Shared while in progress, as the counts: twenty coordinators opening the same list read it once.
  return sharedRead(db, `page:${JSON.stringify(params)}`, () => queryRows<MissingPersonRow>(db, MISSING_SQL.missingPeoplePage(params)));
}

/** A missing person's place in a file's list: their id and what they have left (null when the kind asks one thing). */
export interface MissingOrderRow {
  id: number;
  subjects_total: number | null;
  subjects_done: number | null;
}

/** A plan and group of students on the list, with how many of them are expected (missing or not). */
export interface StudentGroup {
  plan: string;
  grupo: string;
  expected: number;
}

/**
 * How many expected students a slice of the students' list is read for at most on the embedded
 * database (whole groups: a bigger group is a slice alone). There a statement holds its one
 * connection, and every submission waits: the whole list of a 30,000-student campus was one read of
 * 330–670 ms there, a slice of about 1,000 students 17–35 ms (docs/benchmarks.md).
 */
export const ORDER_SLICE_STUDENTS = 1000;

/**
 * Every missing person, in the list's order, as ids and what each has left. Students are read a slice
 * of whole groups at a time, in the groups' order: the list is ordered by plan and group first, so the
 * slices' lists one after the other are the list, and each statement is short. A slice is a range of
 * (plan, group) from its first group to the next slice's, so a group made meanwhile falls in one; a
 * student who moved group between two slices' reads is listed once. Others in one read, and on
 * PostgreSQL everyone: the pool has other connections for the requests, and the slices together cost
 * the database about twice the one read.
 */
export async function missingOrder(
  db: ReadDatabase,
  params: MissingRespondentsParams,
  sliceStudents = isEmbedded(db) ? ORDER_SLICE_STUDENTS : undefined,
): Promise<MissingOrderRow[]> {
  if (params.campusIds.length === 0) return [];
  if (params.respondentType !== 'student' || sliceStudents === undefined) return queryRows<MissingOrderRow>(db, MISSING_SQL.missingOrder(params));
  const groups = await queryRows<StudentGroup>(db, MISSING_SQL.studentGroups(params));
  const order: MissingOrderRow[] = [];
  const listed = new Set<number>();
  for (const slice of slicesOfGroups(groups, sliceStudents)) {
    for (const row of await queryRows<MissingOrderRow>(db, MISSING_SQL.missingOrder(params, slice))) {
      if (listed.has(row.id)) continue;
      listed.add(row.id);
      order.push(row);
    }
  }
  return order;
}

/** A plan and group, as the list orders them. */
export type GroupKey = Pick<StudentGroup, 'plan' | 'grupo'>;

/** A run of consecutive groups of the students' list: from `from` (the first run: from the start) up to `until` (the next run's first group; the last run: to the end). */
export interface GroupRange {
  from?: GroupKey | undefined;
  until?: GroupKey | undefined;
}

const key = ({ plan, grupo }: GroupKey): GroupKey => ({ plan, grupo });

/**
 * The groups cut into consecutive runs, each as big as it gets without passing `most` expected
 * students (a bigger group alone), as ranges: the first open below, the last open above, so a group
 * made after the groups were read falls in one.
 */
export function slicesOfGroups(groups: readonly StudentGroup[], most: number): GroupRange[] {
  const starts: StudentGroup[] = [];
  let size = 0;
  for (const group of groups) {
    if (starts.length === 0 || size + group.expected > most) {
      starts.push(group);
      size = 0;
    }
    size += group.expected;
  }
  return rangesFrom(starts.map(key));
}

/** The list's columns of these people, in their order; people no longer in the directory are left out. */
export async function missingPeopleByIds(db: ReadDatabase, params: MissingRespondentsParams, order: readonly MissingOrderRow[]): Promise<MissingPersonRow[]> {
  if (order.length === 0) return [];
  const rows = await queryRows<Omit<MissingPersonRow, 'subjects_total' | 'subjects_done'>>(
    db,
    MISSING_SQL.peopleByIds(
      params,
      order.map((row) => row.id),
    ),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return order.flatMap((place) => {
    const row = byId.get(place.id);
    // Object.assign, not a leading spread: a dictionary-mode object per person in this V8 (aggregates/queries.ts).
    return row ? [Object.assign({}, row, { subjects_total: place.subjects_total, subjects_done: place.subjects_done })] : [];
  });
}

/** What is left of a kind asking for several questionnaires, for these people (a reminder's {pendientes}); empty for the others. */
export async function subjectsOf(
  db: ReadDatabase,
  params: MissingRespondentsParams,
  ids: readonly number[],
): Promise<Map<number, { done: number; total: number }>> {
  if (ids.length === 0 || params.done === undefined || params.done.subjects === 'one') return new Map();
  const rows = await queryRows<{ id: number; subjects_total: number; subjects_done: number }>(
    db,
    sql`select p.id, ${subjectsColumns(params)} from ${directoryTable(params.respondentType)} p where p.id = any(${idArray(ids)})`,
  );
  return new Map(rows.map((row) => [row.id, { done: row.subjects_done, total: row.subjects_total }]));
}

/**
 * People who completed one of the applications while not expected now (left
 * the directory, moved campus, off the target list): a count, never names.
 */
export async function notListedCount(db: ReadDatabase, params: MissingRespondentsParams): Promise<number> {
  if (params.activeIds.length === 0 || params.campusIds.length === 0) return 0;
  // The whole expected list: the directory filter describes people on it, not those off it.
  const [row] = await sharedRows<{ n: number }>(db, MISSING_SQL.notListedCount({ ...params, filter: undefined }));
  return row?.n ?? 0;
}

/** The expected-people condition on directory row `p`. */
function expectedWhere(params: MissingRespondentsParams): SQL {
  const parts = [sql`p.campus_id in (${sqlList(params.campusIds)})`, sql`p.active`];
  const filter = params.filter ?? {};
  if (filter.pc_id !== undefined) parts.push(sql`p.pc_id = ${filter.pc_id}`);
  if (params.respondentType === 'student') {
    if (filter.plan !== undefined) parts.push(sql`p.plan = ${filter.plan}`);
    if (filter.grupo !== undefined) parts.push(sql`p.grupo = ${filter.grupo}`);
    if (filter.sesion !== undefined) parts.push(sql`p.sesion = ${filter.sesion}`);
    if (filter.year !== undefined) parts.push(sql`p.year = ${filter.year}`);
    if (filter.periodo !== undefined) parts.push(sql`p.periodo_id = (select id from periodo where nombre = ${filter.periodo})`);
    if (params.targetPeriodoId !== undefined)
      parts.push(sql`exists (select 1 from new_intake_target t where t.periodo_id = ${params.targetPeriodoId} and t.student_id = p.id)`);
    // A student with no class in the period has no teacher to evaluate.
    if (params.done?.subjects === 'perClass')
      parts.push(sql`exists (select 1 from student_class_count k where k.periodo_id = ${params.done.periodoId} and k.student_id = p.id and k.classes > 0)`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * A per-class kind's progress from the counts kept by migration 0029's triggers: each student's classes in
 * the period (`student_class_count`) and, per application, how many of them they evaluated
 * (`student_evaluation_count`). One row a student instead of every enrolment joined with its completion
 * (a whole cycle of the bench's million responses: 1.5 s against about 50 ms; docs/benchmarks.md).
 *
 * The evaluated classes of student `studentId` (every student of the period when absent) under any of
 * the applications, as `v.student_id`, `v.applications`, `v.evaluated` (evaluatedOf reads them).
 */
const evaluatedByApplication = (params: MissingRespondentsParams, periodoId: number, studentId?: SQL, ids?: IdRange): SQL =>
  sql`select v.student_id, count(*) as applications, sum(v.evaluated) as evaluated from student_evaluation_count v
    where v.periodo_id = ${periodoId}${studentId ? sql` and v.student_id = ${studentId}` : sql``}${inIds(sql`v.student_id`, ids)}
      and v.active_id in (${sqlList(params.activeIds)}) and v.ciclo_id = ${params.cycleId} and v.evaluated > 0
    group by v.student_id`;

/**
 * How many of student `studentId`'s classes in the period they evaluated, from `evaluatedByApplication` as
 * `v`: a class evaluated under two of the applications counts once, so a student with evaluations under
 * more than one (rare: one application a campus and period) is counted from their completions.
 */
const evaluatedOf = (params: MissingRespondentsParams, periodoId: number, studentId: SQL): SQL =>
  sql`case when v.applications > 1 then (select count(distinct c.subject_key) from completion c
      join enrolment e on e.student_id = c.respondent_id and e.class_id::text = c.subject_key
      join class cl on cl.id = e.class_id and cl.periodo_id = ${periodoId}
    where c.respondent_type = 'student' and c.respondent_id = ${studentId}
      and c.active_id in (${sqlList(params.activeIds)}) and c.ciclo_id = ${params.cycleId})
    else coalesce(v.evaluated, 0) end`;

/** Student `studentId`'s classes in the period and how many they evaluated, as `classes`, `done`; no row without a class. */
const progressOf = (params: MissingRespondentsParams, periodoId: number, studentId: SQL): SQL =>
  sql`select k.classes, ${evaluatedOf(params, periodoId, studentId)} as done
    from student_class_count k left join (${evaluatedByApplication(params, periodoId, studentId)}) v on true
    where k.periodo_id = ${periodoId} and k.student_id = ${studentId} and k.classes > 0`;

/** A completion by person `personId` of one of the applications, for subject `subject` when given. */
const completionOf = (params: MissingRespondentsParams, personId: SQL, subject?: SQL): SQL =>
  sql`select 1 from completion c where c.respondent_type = ${params.respondentType} and c.respondent_id = ${personId}
    and c.active_id in (${sqlList(params.activeIds)}) and c.ciclo_id = ${params.cycleId}${subject ? sql` and c.subject_key = ${subject}` : sql``}`;

/**
 * Person `personId` is done with the applications (`DoneRule`). One
 * completion is read from `application_respondent` (one row a person, kept
 * from `completion` by a trigger); every class is an anti-join of the
 * person's classes and their completions, both by primary key.
 */
export function doneCondition(params: MissingRespondentsParams, personId: SQL): SQL {
  const rule = params.done ?? { subjects: 'one' };
  switch (rule.subjects) {
    case 'perClass':
      return sql`exists (select 1 from (${progressOf(params, rule.periodoId, personId)}) s where s.done = s.classes)`;
    case 'nom035Guides':
      return sql`(exists (${completionOf(params, personId, sql`'I'`)}) and exists (${completionOf(params, personId)} and c.subject_key in ('II', 'III')))`;
    case 'one':
      return sql`exists (select 1 from application_respondent c
        where c.active_id in (${sqlList(params.activeIds)}) and c.ciclo_id = ${params.cycleId}
          and c.respondent_type = ${params.respondentType} and c.respondent_id = ${personId})`;
  }
}

const answeredExists = (params: MissingRespondentsParams): SQL => doneCondition(params, sql`p.id`);

/** For a person on the list: what the kind asks of them and how much is done (`MissingPersonRow.subjects_*`). */
function subjectsColumns(params: MissingRespondentsParams): SQL {
  switch (params.done?.subjects) {
    case 'perClass':
      return sql`coalesce((select s.classes from (${progressOf(params, params.done.periodoId, sql`p.id`)}) s), 0)::int as subjects_total,
        coalesce((select s.done from (${progressOf(params, params.done.periodoId, sql`p.id`)}) s), 0)::int as subjects_done`;
    case 'nom035Guides':
      return sql`2 as subjects_total, (select count(distinct c.subject_key) from completion c where c.respondent_type = ${params.respondentType}
        and c.respondent_id = p.id and c.active_id in (${sqlList(params.activeIds)}) and c.ciclo_id = ${params.cycleId})::int as subjects_done`;
    default:
      return sql`null::int as subjects_total, null::int as subjects_done`;
  }
}

const directoryTable = (type: RespondentType): SQL => sql.raw(`"${DIRECTORY_TABLES[type]}"`);

const DIRECTORY_TABLES: Record<RespondentType, string> = { student: 'student', teacher: 'teacher', staff: 'staff' };

/**
 * Each expected student of a per-class kind with a class in the period: how many classes they take
 * there and how many of those they evaluated under any of the applications (evaluatedOf: a class
 * evaluated under two applications counts once; a completion for a class they no longer take counts
 * nowhere). Done means both are equal: the rule of doneCondition, for every student in one join.
 */
function perClassStudents(params: MissingRespondentsParams, periodoId: number, { groups, ids }: { groups?: GroupRange; ids?: IdRange } = {}): SQL {
  // A slice of groups reads each student's counts by key; the whole campus reads and sums the period's
  // once. The limit (one row by the key anyway) keeps the planner from making the lateral a join again
  // and hashing the whole period's counts: 13–15 ms of a 40 ms slice on PGlite.
  const counts = groups
    ? sql`join lateral (select k.classes from student_class_count k where k.periodo_id = ${periodoId} and k.student_id = p.id and k.classes > 0 limit 1) k on true
      left join lateral (${evaluatedByApplication(params, periodoId, sql`p.id`)}) v on true`
    : sql`join student_class_count k on k.periodo_id = ${periodoId} and k.student_id = p.id and k.classes > 0${inIds(sql`k.student_id`, ids)}
      left join (${evaluatedByApplication(params, periodoId, undefined, ids)}) v on v.student_id = p.id`;
  return sql`select p.id, p.campus_id, p.plan, p.grupo, k.classes, ${evaluatedOf(params, periodoId, sql`p.id`)} as done
    from ${directoryTable(params.respondentType)} p
      ${counts}
    where ${expectedWhere({ ...params, done: undefined })}${groups ? sql` and ${inGroups(groups)}` : sql``}${inIds(sql`p.id`, ids)}`;
}

/** Student row `p` is in this range of groups, compared as the list orders them (by the index on campus, plan and group). */
function inGroups({ from, until }: GroupRange): SQL {
  const bounds = [
    ...(from ? [sql`(p.plan, p.grupo) >= (${from.plan}, ${from.grupo})`] : []),
    ...(until ? [sql`(p.plan, p.grupo) < (${until.plan}, ${until.grupo})`] : []),
  ];
  return bounds.length > 0 ? sql.join(bounds, sql` and `) : sql`true`;
}

/**
 * The missing people in the list's order (students by plan, group and name;
 * others by name): with the list's columns (`rows`, a screen's page), or only
 * each id and what is left (`order`, a file's list: whole, or these groups' students).
 */
function missingPeopleSelect(params: MissingRespondentsParams, columns: 'rows' | 'order', groups?: GroupRange): SQL {
  const student = params.respondentType === 'student';
  // A per-class kind's list from the counts' one pass: the person-by-person rule and its subject columns
  // took about a second a page at 37,000 students (docs/benchmarks.md, "A back office beside the load").
  if (params.done?.subjects === 'perClass') {
    const selected =
      columns === 'order'
        ? sql`p.id`
        : sql`p.id, p.pc_id, p.name, p.last_name, p.maternal_sur_name, p.email, k.nombre as campus, p.plan, p.grupo, null::text as puesto`;
    return sql`select ${selected}, s.classes::int as subjects_total, s.done::int as subjects_done
        from (${perClassStudents(params, params.done.periodoId, { groups })}) s join ${directoryTable(params.respondentType)} p on p.id = s.id
          ${columns === 'order' ? sql`` : sql`join campus k on k.id = p.campus_id`}
        where s.done < s.classes
        order by p.plan, p.grupo, p.last_name, p.maternal_sur_name, p.name, p.id`;
  }
  const selected =
    columns === 'order'
      ? sql`p.id`
      : sql`p.id, p.pc_id, p.name, p.last_name, p.maternal_sur_name, p.email, k.nombre as campus,
        ${student ? sql`p.plan, p.grupo` : sql`null::text as plan, null::text as grupo`},
        ${params.respondentType === 'staff' ? sql`p.puesto` : sql`null::text as puesto`}`;
  return sql`select ${selected}, ${subjectsColumns(params)}
      from ${directoryTable(params.respondentType)} p ${columns === 'order' ? sql`` : sql`join campus k on k.id = p.campus_id`}
      where ${expectedWhere(params)}${groups ? sql` and ${inGroups(groups)}` : sql``} and not ${answeredExists(params)}
      order by ${student ? sql`p.plan, p.grupo, ` : sql``}p.last_name, p.maternal_sur_name, p.name, p.id`;
}

/** The statements above, apart so their plans can be checked (test/api/aggregates.test.ts, docs/reports.md). */
export const MISSING_SQL = {
  // The second count is a semi-join (EXISTS in WHERE), so the planner may hash the completions: inside
  // count(*) filter (...) the EXISTS ran once per person (30,000 students, 24,000 completions: 254 ms against 26 ms).
  missingCounts: (params: MissingRespondentsParams, ids?: IdRange): SQL =>
    sql`select (select count(*) from ${directoryTable(params.respondentType)} p where ${expectedWhere(params)}${inIds(sql`p.id`, ids)})::int as expected,
      (select count(*) from ${directoryTable(params.respondentType)} p where ${expectedWhere(params)}${inIds(sql`p.id`, ids)} and ${answeredExists(params)})::int as answered`,
  /** The first id of every run of `every` students in id order (the directory's filter only): a count's ranges (missingCounts). */
  studentIdStarts: (params: MissingRespondentsParams, every: number): SQL =>
    sql`select s.id from (select p.id, row_number() over (order by p.id) as n from ${directoryTable(params.respondentType)} p
        where ${expectedWhere({ ...params, done: undefined })}) s
      where (s.n - 1) % ${every} = 0 order by s.id`,
  // Two grouped counts joined, each a semi-join as above (an EXISTS inside count(*) filter runs once a person).
  missingCountsBy: (params: MissingRespondentsParams, segment: 'campus' | 'group', ids?: IdRange): SQL => {
    // Only students have a plan and a group: teachers and staff are counted by campus.
    const byGroup = segment === 'group' && params.respondentType === 'student';
    const columns = byGroup ? sql`p.campus_id, p.plan, p.grupo` : sql`p.campus_id, null::text as plan, null::text as grupo`;
    const groupBy = byGroup ? sql`p.campus_id, p.plan, p.grupo` : sql`p.campus_id`;
    const table = directoryTable(params.respondentType);
    return sql`select e.campus_id, e.plan, e.grupo, e.n as expected, coalesce(a.n, 0)::int as answered
      from (select ${columns}, count(*)::int as n from ${table} p where ${expectedWhere(params)}${inIds(sql`p.id`, ids)} group by ${groupBy}) e
      left join (select ${columns}, count(*)::int as n from ${table} p where ${expectedWhere(params)}${inIds(sql`p.id`, ids)} and ${answeredExists(params)} group by ${groupBy}) a
        on a.campus_id = e.campus_id and a.plan is not distinct from e.plan and a.grupo is not distinct from e.grupo
      order by e.campus_id, e.plan, e.grupo`;
  },
  missingRespondentIds: (params: MissingRespondentsParams & { afterId?: number; limit?: number; withEmailOnly?: boolean }): SQL =>
    sql`select p.id from ${directoryTable(params.respondentType)} p
      where ${expectedWhere(params)}${params.afterId === undefined ? sql`` : sql` and p.id > ${params.afterId}`}${
        params.withEmailOnly ? sql` and p.email is not null` : sql``
      }
        and not ${answeredExists(params)}
      order by p.id${params.limit === undefined ? sql`` : sql` limit ${params.limit}`}`,
  missingPeoplePage: (params: MissingRespondentsParams & { offset: number; limit: number }): SQL =>
    sql`${missingPeopleSelect(params, 'rows')} limit ${params.limit} offset ${params.offset}`,
  /** Every missing person's id and what they have left, in the list's order; of a range of groups' students only when given (missingOrder). */
  missingOrder: (params: MissingRespondentsParams, groups?: GroupRange): SQL => missingPeopleSelect(params, 'order', groups),
  /**
   * The students' plans and groups in the list's order, with how many each (missingOrder's slices): from
   * the directory's index alone, the done rule's conditions left out (a slice's size need not be exact).
   */
  studentGroups: (params: MissingRespondentsParams): SQL =>
    sql`select p.plan, p.grupo, count(*)::int as expected from ${directoryTable(params.respondentType)} p
      where ${expectedWhere({ ...params, done: undefined })} group by p.plan, p.grupo order by p.plan, p.grupo`,
  /** The list's columns of these people (a file's page, after missingOrder). */
  peopleByIds: (params: MissingRespondentsParams, ids: readonly number[]): SQL =>
    sql`select p.id, p.pc_id, p.name, p.last_name, p.maternal_sur_name, p.email, k.nombre as campus,
        ${params.respondentType === 'student' ? sql`p.plan, p.grupo` : sql`null::text as plan, null::text as grupo`},
        ${params.respondentType === 'staff' ? sql`p.puesto` : sql`null::text as puesto`}
      from ${directoryTable(params.respondentType)} p join campus k on k.id = p.campus_id
      where p.id = any(${idArray(ids)})`,
  /**
   * A per-class kind's counts in one pass over the expected students' kept counts (perClassStudents):
   * the students (those with a class), those done with every class, the evaluations they owe and those done.
   */
  perClassCounts: (params: MissingRespondentsParams, periodoId: number, ids?: IdRange): SQL =>
    sql`select count(*)::int as expected, (count(*) filter (where s.done = s.classes))::int as answered,
        coalesce(sum(s.classes), 0)::int as evaluations_expected, coalesce(sum(s.done), 0)::int as evaluations_done
      from (${perClassStudents(params, periodoId, { ids })}) s`,
  /** The same students counted per campus, or per campus, plan and group (missingCountsBy), of these ids only when given. */
  perClassCountsBy: (params: MissingRespondentsParams, periodoId: number, segment: 'campus' | 'group', ids?: IdRange): SQL => {
    const columns = segment === 'group' ? sql`s.campus_id, s.plan, s.grupo` : sql`s.campus_id, null::text as plan, null::text as grupo`;
    const groupBy = segment === 'group' ? sql`s.campus_id, s.plan, s.grupo` : sql`s.campus_id`;
    return sql`select ${columns}, count(*)::int as expected, (count(*) filter (where s.done = s.classes))::int as answered,
        coalesce(sum(s.classes), 0)::int as evaluations_expected, coalesce(sum(s.done), 0)::int as evaluations_done
      from (${perClassStudents(params, periodoId, { ids })}) s group by ${groupBy} order by ${groupBy}`;
  },
  notListedCount: (params: MissingRespondentsParams): SQL =>
    sql`select count(distinct c.respondent_id)::int as n from application_respondent c
      where c.active_id in (${sqlList(params.activeIds)}) and c.ciclo_id = ${params.cycleId} and c.respondent_type = ${params.respondentType}
        and not exists (select 1 from ${directoryTable(params.respondentType)} p where p.id = c.respondent_id and ${expectedWhere(params)})`,
};

// ------------------------------------------------------------ every survey type at once

/**
 * Several survey types of one respondent type (all-types.ts): each type's
 * own `MissingRespondentsParams`, so each keeps its campuses, target list
 * and done rule. A person is expected when any type expects them, and owes
 * a type that expects them and they are not done with.
 */
export type TypesParams = readonly MissingRespondentsParams[];

const expectedInAny = (types: TypesParams): SQL => sql`(${sql.join(types.map((params) => sql`(${expectedWhere(params)})`), sql` or `)})`;
const owesAny = (types: TypesParams): SQL =>
  sql`(${sql.join(types.map((params) => sql`(${expectedWhere(params)} and not ${answeredExists(params)})`), sql` or `)})`;

/** People expected in any of the types, and of them those done with every type that expects them. */
export async function typesCounts(db: ReadDatabase, types: TypesParams): Promise<{ expected: number; answered: number }> {
  const live = types.filter((params) => params.campusIds.length > 0);
  if (live.length === 0) return { expected: 0, answered: 0 };
  const table = directoryTable(live[0]!.respondentType);
  const [row] = await sharedRead(db, `types counts:${JSON.stringify(live)}`, () =>
    queryRows<{ expected: number; answered: number }>(
      db,
      sql`select (select count(*) from ${table} p where ${expectedInAny(live)})::int as expected,
        (select count(*) from ${table} p where ${expectedInAny(live)} and not ${owesAny(live)})::int as answered`,
    ),
  );
  return { expected: row?.expected ?? 0, answered: row?.answered ?? 0 };
}

/** Ids of the people who owe any of the types, in id order, a keyset page at a time (a reminder job's read). */
export async function owingIds(
  db: ReadDatabase,
  types: TypesParams,
  page: { afterId?: number; limit?: number; withEmailOnly?: boolean } = {},
): Promise<number[]> {
  const live = types.filter((params) => params.campusIds.length > 0);
  if (live.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from ${directoryTable(live[0]!.respondentType)} p
      where ${owesAny(live)}${page.afterId === undefined ? sql`` : sql` and p.id > ${page.afterId}`}${page.withEmailOnly ? sql` and p.email is not null` : sql``}
      order by p.id${page.limit === undefined ? sql`` : sql` limit ${page.limit}`}`,
  );
  return rows.map((row) => row.id);
}

/** A person of the all-types list: the single list's columns and their respondent type. */
export type OwingPersonRow = MissingPersonRow & { respondent_type: RespondentType; campus_id: number };

/**
 * One page of the people who owe any type, over one or more respondent types
 * (academic: teachers and staff), as the single list orders them. The types
 * each owes are read apart for the page (`owedOfTypes`).
 */
export async function owingPeoplePage(
  db: ReadDatabase,
  groups: readonly TypesParams[],
  page: { offset: number; limit: number },
): Promise<OwingPersonRow[]> {
  const live = groups.map((types) => types.filter((params) => params.campusIds.length > 0)).filter((types) => types.length > 0);
  if (live.length === 0) return [];
  const student = live.some((types) => types[0]!.respondentType === 'student');
  const selects = live.map((types) => {
    const type = types[0]!.respondentType;
    return sql`select ${type}::text as respondent_type, p.id, p.campus_id, p.pc_id, p.name, p.last_name, p.maternal_sur_name, p.email, k.nombre as campus,
        ${type === 'student' ? sql`p.plan, p.grupo` : sql`null::text as plan, null::text as grupo`},
        ${type === 'staff' ? sql`p.puesto` : sql`null::text as puesto`},
        null::int as subjects_total, null::int as subjects_done
      from ${directoryTable(type)} p join campus k on k.id = p.campus_id
      where ${owesAny(types)}`;
  });
  return sharedRead(db, `owing page:${JSON.stringify([live, page])}`, () =>
    queryRows<OwingPersonRow>(
      db,
      sql`select * from (${sql.join(selects, sql` union all `)}) o
        order by ${student ? sql`o.plan, o.grupo, ` : sql``}o.last_name, o.maternal_sur_name, o.name, o.respondent_type, o.id
        limit ${page.limit} offset ${page.offset}`,
    ),
  );
}

/** What a person owes of a type: null for a kind asking for one thing, or what is left of it. */
export type Owed = { done: number; total: number } | null;

/**
 * Of each type's people, those who owe it (expected and not done), with what is left of it
 * (`MissingPersonRow.subjects_*`, null for a kind asking for one): one statement for every type,
 * in their order (a page of the every-survey list asked one per type), shared with the same in progress.
 */
export async function owedOfTypes(db: ReadDatabase, asked: readonly { params: MissingRespondentsParams; ids: readonly number[] }[]): Promise<Map<number, Owed>[]> {
  const parts = asked.flatMap(({ params, ids }, index) =>
    ids.length === 0 || params.campusIds.length === 0
      ? []
      : [
          sql`select ${index}::int as type_index, p.id, ${subjectsColumns(params)} from ${directoryTable(params.respondentType)} p
            where p.id = any(${idArray(ids)}) and ${expectedWhere(params)} and not ${answeredExists(params)}`,
        ],
  );
  const owed = asked.map(() => new Map<number, Owed>());
  if (parts.length === 0) return owed;
  const rows = await sharedRows<{ type_index: number; id: number; subjects_total: number | null; subjects_done: number | null }>(
    db,
    sql.join(parts, sql` union all `),
  );
  for (const row of rows) {
    owed[row.type_index]!.set(row.id, row.subjects_total === null || row.subjects_done === null ? null : { done: row.subjects_done, total: row.subjects_total });
  }
  return owed;
}

/**
 * Takes a reminder's claim `keyHash` for person `respondentId` if they still
 * owe any of the types (checked in the same statement, just before the mail).
 */
export function claimIfOwing(types: TypesParams, respondentId: number, keyHash: string, day: string): SQL {
  const live = types.filter((params) => params.campusIds.length > 0);
  return sql`insert into reminder_send (key_hash, sent_on)
    select ${keyHash}, ${day}::date where exists (select 1 from ${directoryTable(live[0]!.respondentType)} p where p.id = ${respondentId} and ${owesAny(live)})
    on conflict do nothing returning key_hash`;
}
