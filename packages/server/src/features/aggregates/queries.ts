/**
 * The reads reports make of the aggregates (docs/reports.md, "Aggregates"):
 * each one an index range of one table, whatever the number of responses.
 * They return raw figures; reports apply the small-group rule
 * (small-groups.ts) to every breakdown cell, teacher and comment list.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ReadDatabase } from '../../db/client';
import { sharedOf, sharedRows } from '../../db/shared-read';
import { sqlList } from '../../db/sql-list';
import { foldedWordsMatch } from '../../db/search';
import type { AggregateSegment } from '../../db/schema';
import { GROUP_SEPARATOR } from './fold';


/** One application (a campus and a period), or a whole cycle of a period across campuses (optionally only some). */
export type ReportScope =
  | { cycleId: number; activeId: number }
  | { cycleId: number; periodoId: number; campusIds?: readonly number[] };

function scopeWhere(scope: ReportScope): SQL {
  if ('activeId' in scope) {
    // The application's period and campus lead the aggregates' keys after the cycle (schema.ts).
    return sql`ciclo_id = ${scope.cycleId} and periodo_id = (select periodo_id from active where id = ${scope.activeId})
      and campus_id = (select campus_id from active where id = ${scope.activeId}) and active_id = ${scope.activeId}`;
  }
  const campuses =
    scope.campusIds === undefined
      ? sql``
      : sql` and campus_id in (${sqlList(scope.campusIds)})`;
  return sql`ciclo_id = ${scope.cycleId} and periodo_id = ${scope.periodoId}${campuses}`;
}

const onlyValue = (only: string | undefined): SQL => (only === undefined ? sql`` : sql` and segment_value = ${only}`);

/** A segment value, with plan and group apart for the 'group' segment. */
export interface SegmentKey {
  segmentValue: string;
  plan?: string;
  grupo?: string;
}

function segmentKey(segment: AggregateSegment, segmentValue: string): SegmentKey {
  if (segment === 'plan') return { segmentValue, plan: segmentValue };
  if (segment !== 'group') return { segmentValue };
  const [plan = '', grupo = ''] = segmentValue.split(GROUP_SEPARATOR);
  return { segmentValue, plan, grupo };
}

/**
 * `fields` after the segment's key. Not `{ ...segmentKey(…), …fields }`: in this V8 an object literal
 * that opens with a spread and goes on with more properties took 2–5 µs a row, 100 times this, and a
 * report maps thousands of cells (the services overview's own work, with twenty readers, was a fifth of it).
 */
function withSegmentKey<T extends object>(segment: AggregateSegment, segmentValue: string, fields: T): SegmentKey & T {
  return Object.assign(segmentKey(segment, segmentValue), fields);
}

export interface DistributionCell extends SegmentKey {
  itemId: string;
  value: string;
  /** Answers with this value. */
  n: number;
  /** Sum of their points or numbers, and how many carry one ('No aplica' does not). */
  total: number;
  scored: number;
  /** Responses in the segment: the size the small-group rule looks at. */
  responses: number;
}

/**
 * Answers per item and value, per segment value (one row per cell), for one
 * application or a whole cycle; `only` keeps one segment value (a class, a
 * teacher, a plan), read as one index range.
 */
export async function itemDistribution(
  db: ReadDatabase,
  scope: ReportScope,
  segment: Exclude<AggregateSegment, 'day'> = 'all',
  only?: string,
): Promise<DistributionCell[]> {
  // Two index ranges joined here rather than in SQL: PGlite keeps no statistics
  // unless told to, and a nested-loop join of thousands of cells is seconds.
  const [cells, totals] = await Promise.all([
    sharedRows<{ segment_value: string; item_id: string; value: string; n: number; total: number; scored: number }>(
      db,
      REPORT_SQL.itemCounts(scope, segment, only),
    ),
    sharedRows<{ segment_value: string; responses: number }>(db, REPORT_SQL.segmentTotals(scope, segment, only)),
  ]);
  const responses = new Map(totals.map((row) => [row.segment_value, row.responses]));
  return cells.map((row) =>
    withSegmentKey(segment, row.segment_value, {
      itemId: row.item_id,
      value: row.value,
      n: row.n,
      total: row.total,
      scored: row.scored,
      responses: responses.get(row.segment_value) ?? 0,
    }),
  );
}

/** An inclusive range of Mexico City days (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Answers per item and value over a range of days, read from the `day`
 * segment (one cell per item and value, segmentValue ''): the overview's
 * distribution under a date filter. Never crossed with another segment.
 */
export async function itemDistributionInDays(db: ReadDatabase, scope: ReportScope, days: DayRange): Promise<DistributionCell[]> {
  const [cells, [totals]] = await Promise.all([
    sharedRows<{ item_id: string; value: string; n: number; total: number; scored: number }>(db, REPORT_SQL.itemCountsInDays(scope, days)),
    sharedRows<{ responses: number }>(db, REPORT_SQL.responsesInDays(scope, days)),
  ]);
  const responses = totals?.responses ?? 0;
  return cells.map((row) => ({ segmentValue: '', itemId: row.item_id, value: row.value, n: row.n, total: row.total, scored: row.scored, responses }));
}

export interface CampusSummary {
  campusId: number;
  responses: number;
  average: number | null;
  scored: number;
}

/** Responses and overall mean per campus (optionally over a range of days): the campuses chart of a report by cycle. */
export async function campusSummaries(db: ReadDatabase, scope: ReportScope, days?: DayRange): Promise<CampusSummary[]> {
  const rows = await sharedRows<{ campus_id: number; responses: number; total: number; scored: number }>(db, REPORT_SQL.campusSummaries(scope, days));
  return rows.map((row) => ({
    campusId: row.campus_id,
    responses: row.responses,
    average: row.scored ? row.total / row.scored : null,
    scored: row.scored,
  }));
}

/** Responses per period and questionnaire version of a cycle at some campuses: which past periods compare with this one. */
export async function responsesByVersion(
  db: ReadDatabase,
  params: { cycleId: number; periodoIds: readonly number[]; campusIds: readonly number[] },
): Promise<{ periodoId: number; questionnaireId: string; questionnaireVersion: number; responses: number }[]> {
  if (params.periodoIds.length === 0 || params.campusIds.length === 0) return [];
  const rows = await sharedRows<{ periodo_id: number; questionnaire_id: string; questionnaire_version: number; responses: number }>(
    db,
    REPORT_SQL.responsesByVersion(params),
  );
  return rows.map((row) => ({
    periodoId: row.periodo_id,
    questionnaireId: row.questionnaire_id,
    questionnaireVersion: row.questionnaire_version,
    responses: row.responses,
  }));
}

export interface ItemAverage extends SegmentKey {
  itemId: string;
  /** Mean points on the item's scale; null when no answer carries points (all 'No aplica', or not a scored item). */
  average: number | null;
  /** Answers that entered the mean. */
  scored: number;
  responses: number;
}

/** Per-item averages from a distribution ('No aplica' and unscored answers left out). */
export function itemAverages(cells: readonly DistributionCell[]): ItemAverage[] {
  const byItem = new Map<string, ItemAverage & { total: number }>();
  for (const cell of cells) {
    const key = `${cell.segmentValue}\u0000${cell.itemId}`;
    const entry = byItem.get(key) ?? { ...cell, average: null, total: 0, scored: 0 };
    entry.total += cell.total;
    entry.scored += cell.scored;
    byItem.set(key, entry);
  }
  return [...byItem.values()].map(({ total, scored, segmentValue, plan, grupo, itemId, responses }) => ({
    segmentValue,
    ...(plan === undefined ? {} : { plan }),
    ...(grupo === undefined ? {} : { grupo }),
    itemId,
    average: scored ? total / scored : null,
    scored,
    responses,
  }));
}

export interface SegmentSummary extends SegmentKey {
  /** Responses in the segment value: the size the small-group rule looks at. */
  responses: number;
  /** Mean points over all its scored answers; null when none carries points. */
  average: number | null;
  scored: number;
}

/**
 * One row per segment value (each plan, group, teacher or class) with its
 * responses and overall mean, read from the response counts alone: a
 * breakdown's first view, whose cells open with itemDistribution(…, only).
 */
export async function segmentSummaries(
  db: ReadDatabase,
  scope: ReportScope,
  segment: Exclude<AggregateSegment, 'day'>,
): Promise<SegmentSummary[]> {
  const rows = await sharedRows<{ segment_value: string; responses: number; total: number; scored: number }>(
    db,
    REPORT_SQL.segmentSummaries(scope, segment),
  );
  return rows.map((row) =>
    withSegmentKey(segment, row.segment_value, {
      responses: row.responses,
      average: row.scored ? row.total / row.scored : null,
      scored: row.scored,
    }),
  );
}

export interface CampusSegmentScores {
  /** Responses and overall points per campus and segment value: the size the small-group rule looks at, campus by campus. */
  summaries: { campusId: number; segmentValue: string; responses: number; total: number; scored: number }[];
  /** Points and scored answers per campus, segment value and item (scored items only): section averages without reading every value. */
  items: { campusId: number; segmentValue: string; itemId: string; total: number; scored: number }[];
}

/**
 * A segment's figures campus by campus, in two index ranges: for a
 * breakdown whose small-group rule applies per campus cell (new intake's
 * schools), so a campus's small cell is never summed into a figure shown.
 */
export async function segmentScoresByCampus(
  db: ReadDatabase,
  scope: ReportScope,
  segment: Exclude<AggregateSegment, 'day'>,
): Promise<CampusSegmentScores> {
  const [summaries, items] = await Promise.all([
    sharedRows<{ campus_id: number; segment_value: string; responses: number; total: number; scored: number }>(
      db,
      REPORT_SQL.segmentSummariesByCampus(scope, segment),
    ),
    sharedRows<{ campus_id: number; segment_value: string; item_id: string; total: number; scored: number }>(
      db,
      REPORT_SQL.segmentItemScoresByCampus(scope, segment),
    ),
  ]);
  return {
    summaries: summaries.map((row) => ({ campusId: row.campus_id, segmentValue: row.segment_value, responses: row.responses, total: row.total, scored: row.scored })),
    items: items.map((row) => ({ campusId: row.campus_id, segmentValue: row.segment_value, itemId: row.item_id, total: row.total, scored: row.scored })),
  };
}

export interface TeacherResult {
  teacherId: number;
  /** Evaluations that rated something. */
  n: number;
  /** Mean of the per-response means (scoreTeacher's figure). */
  mean: number;
  /** Sample standard deviation of the per-response means; null below two. */
  sd: number | null;
}

/** Teachers by mean, best first (ties by id), with n and standard deviation: worked out once for the readers in progress. */
export function teacherRanking(db: ReadDatabase, scope: ReportScope): Promise<readonly Readonly<TeacherResult>[]> {
  return sharedOf(db, 'ranking', REPORT_SQL.teacherRanking(scope), (rows: { teacher_id: number; n: number; sum: number; sum_squares: number }[]) =>
    Object.freeze(
      rows
        .map((row): TeacherResult => {
          const { n, mean, sd } = meanAndSd(row.n, row.sum, row.sum_squares);
          return Object.freeze({ teacherId: row.teacher_id, n, mean, sd });
        })
        .sort((a, b) => b.mean - a.mean || a.teacherId - b.teacherId),
    ),
  );
}

export interface TeacherGroupResult extends TeacherResult {
  classId: number;
  /** The class's plan and group (what a teacher evaluation is segmented by). */
  plan: string;
  grupo: string;
}

/**
 * Each teacher's result per class, with the class's plan and group: the
 * groups beside a ranking (optionally one teacher's only), ordered by
 * teacher, plan and group.
 */
export async function teacherGroupScores(db: ReadDatabase, scope: ReportScope, teacherId?: number): Promise<TeacherGroupResult[]> {
  const rows = await sharedRows<{ teacher_id: number; class_id: number; plan: string; grupo: string; n: number; sum: number; sum_squares: number }>(
    db,
    REPORT_SQL.teacherGroupScores(scope, teacherId),
  );
  return rows.map((row) => ({
    teacherId: row.teacher_id,
    classId: row.class_id,
    plan: row.plan,
    grupo: row.grupo,
    ...meanAndSd(row.n, row.sum, row.sum_squares),
  }));
}

/** Mean and sample standard deviation from n, sum and sum of squares (clamped: rounding can make the variance a hair negative). */
export function meanAndSd(n: number, sum: number, sumSquares: number): { n: number; mean: number; sd: number | null } {
  const mean = sum / n;
  const sd = n < 2 ? null : Math.sqrt(Math.max(0, (sumSquares - (sum * sum) / n) / (n - 1)));
  return { n, mean, sd };
}

/** Published responses per Mexico City day, oldest first. */
export async function dailyCounts(db: ReadDatabase, scope: ReportScope): Promise<readonly { day: string; n: number }[]> {
  return sharedRows(db, REPORT_SQL.dailyCounts(scope));
}

/** Published responses per month (YYYY-MM), oldest first. */
export async function monthlyCounts(db: ReadDatabase, scope: ReportScope): Promise<readonly { month: string; n: number }[]> {
  return sharedRows(db, REPORT_SQL.monthlyCounts(scope));
}

export interface TextFilter {
  scope: ReportScope;
  /** The text items listed (a kind's comments, an 'other' text, …). */
  itemIds: readonly string[];
  /**
   * MIN_GROUP_SIZE: only texts whose *cell* (item, application and evaluated
   * teacher: agg_text_count's row, the finest list any report asks for)
   * holds at least this many are read or counted, so every list is a union of
   * whole shown cells and no list minus others gives a hidden one back
   * (docs/privacy.md). 0 reads every text.
   */
  minGroupSize: number;
  teacherId?: number;
  /** Words searched in Spanish (stems: 'profesores' finds 'profesor'; accents and case aside); web-search syntax. */
  search?: string;
}

export interface TextPage {
  texts: { id: string; itemId: string; text: string; plan: string | null; grupo: string | null; teacherId: number | null; classId: number | null }[];
  /** Pass back as `after` for the next page; null on the last one. */
  next: { itemId: string; id: string } | null;
}

function itemsWhere(filter: Pick<TextFilter, 'scope' | 'itemIds'>): SQL {
  return sql`${scopeWhere(filter.scope)} and item_id in (${sqlList(filter.itemIds)})`;
}

/** The text cells of the filter that the small-group rule lets be read (agg_text_count rows). */
function shownCellsWhere(filter: Pick<TextFilter, 'scope' | 'itemIds' | 'minGroupSize'>): SQL {
  return sql`${itemsWhere(filter)} and n >= ${filter.minGroupSize}`;
}

function textWhere(filter: TextFilter): SQL {
  const parts = [
    itemsWhere(filter),
    sql`(active_id, item_id, coalesce(teacher_id, 0)) in (select active_id, item_id, teacher_id from agg_text_count where ${shownCellsWhere(filter)})`,
  ];
  if (filter.teacherId !== undefined) parts.push(sql`teacher_id = ${filter.teacherId}`);
  if (filter.search?.trim()) parts.push(foldedWordsMatch(sql`text`, filter.search));
  return sql.join(parts, sql` and `);
}

/**
 * One page of free texts in (item, random id) order: stable under new
 * arrivals, and revealing nothing of when a text was written.
 */
export async function textsPage(
  db: ReadDatabase,
  filter: TextFilter & { after?: { itemId: string; id: string } | null; limit: number },
): Promise<TextPage> {
  const rows = await sharedRows<{ id: string; item_id: string; text: string; plan: string | null; grupo: string | null; teacher_id: number | null; class_id: number | null }>(
    db,
    REPORT_SQL.textsPage(filter),
  );
  const texts = rows.slice(0, filter.limit).map((row) => ({
    id: row.id,
    itemId: row.item_id,
    text: row.text,
    plan: row.plan,
    grupo: row.grupo,
    teacherId: row.teacher_id,
    classId: row.class_id,
  }));
  const last = texts[texts.length - 1];
  return { texts, next: rows.length > filter.limit && last ? { itemId: last.itemId, id: last.id } : null };
}

/** How many texts a search finds among those the filter may read. */
export async function countTexts(db: ReadDatabase, filter: TextFilter): Promise<number> {
  const [row] = await sharedRows<{ n: number }>(db, REPORT_SQL.countTexts(filter));
  return row?.n ?? 0;
}

export interface TextListSize {
  /** Texts of shown cells: what the list reads and pages through, and the size the small-group rule looks at. */
  readable: number;
  /** Texts of cells below the rule (a teacher's few comments): counted, never read. */
  unlisted: number;
}

/** A whole list's size (no search), read from the folded cells (agg_text_count). */
export async function textListSize(db: ReadDatabase, filter: Omit<TextFilter, 'search'>): Promise<TextListSize> {
  const [row] = await sharedRows<TextListSize>(db, REPORT_SQL.textListSize(filter));
  return { readable: row?.readable ?? 0, unlisted: row?.unlisted ?? 0 };
}

/** Readable texts per teacher under the filter (0 when every cell of theirs is below the rule; teachers without texts are absent): the teachers' comments list. */
export async function textCountsByTeacher(db: ReadDatabase, filter: Pick<TextFilter, 'scope' | 'itemIds' | 'minGroupSize'>): Promise<{ teacherId: number; n: number }[]> {
  const rows = await sharedRows<{ teacher_id: number; n: number }>(db, REPORT_SQL.textCountsByTeacher(filter));
  return rows.map((row) => ({ teacherId: row.teacher_id, n: row.n }));
}

export interface Nom035LevelCell {
  guide: string;
  /** 'final', 'category' or 'domain', and which category or domain. */
  scope: string;
  scopeKey: string;
  level: string;
  /** Workers at this level, and the sum of their scores. */
  n: number;
  scoreSum: number;
}

/** NOM-035 workers per risk level for the final score, each category and each domain. */
export async function nom035Distribution(db: ReadDatabase, scope: ReportScope): Promise<Nom035LevelCell[]> {
  const rows = await sharedRows<{ guide: string; scope: string; scope_key: string; level: string; n: number; score_sum: number }>(
    db,
    REPORT_SQL.nom035Distribution(scope),
  );
  return rows.map((row) => ({ guide: row.guide, scope: row.scope, scopeKey: row.scope_key, level: row.level, n: row.n, scoreSum: row.score_sum }));
}

/** Published responses of each cycle at one campus in one period (whole period); a cycle with none is absent. */
export async function publishedByCycle(
  db: ReadDatabase,
  params: { cycleIds: readonly number[]; periodoId: number; campusId: number },
): Promise<Map<number, number>> {
  if (params.cycleIds.length === 0) return new Map();
  const rows = await sharedRows<{ ciclo_id: number; responses: number }>(db, REPORT_SQL.publishedByCycle(params));
  return new Map(rows.map((row) => [row.ciclo_id, row.responses]));
}


/** The statements above, apart so their plans can be checked (test/api/aggregates.test.ts, docs/reports.md). */
export const REPORT_SQL = {
  itemCounts: (scope: ReportScope, segment: Exclude<AggregateSegment, 'day'>, only?: string): SQL =>
    sql`select segment_value, item_id, value, sum(n)::int as n, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_answer_count where ${scopeWhere(scope)} and segment = ${segment}${onlyValue(only)}
      group by segment_value, item_id, value order by segment_value, item_id, value`,
  segmentTotals: (scope: ReportScope, segment: AggregateSegment, only?: string): SQL =>
    sql`select segment_value, sum(n)::int as responses from agg_response_count
      where ${scopeWhere(scope)} and segment = ${segment}${onlyValue(only)} group by segment_value`,
  itemCountsInDays: (scope: ReportScope, days: DayRange): SQL =>
    sql`select item_id, value, sum(n)::int as n, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_answer_count where ${scopeWhere(scope)} and segment = 'day' and segment_value between ${days.from} and ${days.to}
      group by item_id, value order by item_id, value`,
  responsesInDays: (scope: ReportScope, days: DayRange): SQL =>
    sql`select coalesce(sum(n), 0)::int as responses from agg_response_count
      where ${scopeWhere(scope)} and segment = 'day' and segment_value between ${days.from} and ${days.to}`,
  campusSummaries: (scope: ReportScope, days?: DayRange): SQL =>
    sql`select campus_id, sum(n)::int as responses, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_response_count where ${scopeWhere(scope)} and ${
        days ? sql`segment = 'day' and segment_value between ${days.from} and ${days.to}` : sql`segment = 'all'`
      } group by campus_id order by campus_id`,
  publishedByCycle: (params: { cycleIds: readonly number[]; periodoId: number; campusId: number }): SQL =>
    sql`select ciclo_id, sum(n)::int as responses from agg_response_count
      where ciclo_id in (${sqlList(params.cycleIds)}) and periodo_id = ${params.periodoId}
        and campus_id = ${params.campusId} and segment = 'all'
      group by ciclo_id`,
  responsesByVersion: (params: { cycleId: number; periodoIds: readonly number[]; campusIds: readonly number[] }): SQL =>
    sql`select periodo_id, questionnaire_id, questionnaire_version, sum(n)::int as responses from agg_response_count
      where ciclo_id = ${params.cycleId} and periodo_id in (${sqlList(params.periodoIds)})
        and segment = 'all' and campus_id in (${sqlList(params.campusIds)})
      group by periodo_id, questionnaire_id, questionnaire_version order by periodo_id`,
  segmentSummaries: (scope: ReportScope, segment: AggregateSegment): SQL =>
    sql`select segment_value, sum(n)::int as responses, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_response_count where ${scopeWhere(scope)} and segment = ${segment}
      group by segment_value order by segment_value`,
  segmentSummariesByCampus: (scope: ReportScope, segment: AggregateSegment): SQL =>
    sql`select campus_id, segment_value, sum(n)::int as responses, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_response_count where ${scopeWhere(scope)} and segment = ${segment}
      group by campus_id, segment_value order by campus_id, segment_value`,
  segmentItemScoresByCampus: (scope: ReportScope, segment: AggregateSegment): SQL =>
    sql`select campus_id, segment_value, item_id, sum(total)::float8 as total, sum(scored)::int as scored
      from agg_answer_count where ${scopeWhere(scope)} and segment = ${segment} and scored > 0
      group by campus_id, segment_value, item_id order by campus_id, segment_value, item_id`,
  teacherRanking: (scope: ReportScope): SQL =>
    sql`select teacher_id, sum(n)::int as n, sum(sum)::float8 as sum, sum(sum_squares)::float8 as sum_squares
      from agg_teacher_score where ${scopeWhere(scope)}
      group by teacher_id`,
  teacherGroupScores: (scope: ReportScope, teacherId?: number): SQL =>
    sql`select s.teacher_id, s.class_id, c.plan, c.grupo, s.n, s.sum, s.sum_squares
      from (select teacher_id, class_id, n, sum, sum_squares from agg_teacher_score
        where ${scopeWhere(scope)}${teacherId === undefined ? sql`` : sql` and teacher_id = ${teacherId}`}) s
      join class c on c.id = s.class_id
      order by s.teacher_id, c.plan, c.grupo, s.class_id`,
  dailyCounts: (scope: ReportScope): SQL =>
    sql`select segment_value as day, sum(n)::int as n from agg_response_count
      where ${scopeWhere(scope)} and segment = 'day' group by segment_value order by segment_value`,
  monthlyCounts: (scope: ReportScope): SQL =>
    sql`select left(segment_value, 7) as month, sum(n)::int as n from agg_response_count
      where ${scopeWhere(scope)} and segment = 'day' group by 1 order by 1`,
  textsPage: (filter: TextFilter & { after?: { itemId: string; id: string } | null; limit: number }): SQL => {
    const after = filter.after ? sql` and (item_id, id) > (${filter.after.itemId}, ${filter.after.id}::uuid)` : sql``;
    return sql`select id, item_id, text, plan, grupo, teacher_id, class_id from response_text
      where ${textWhere(filter)}${after} order by item_id, id limit ${filter.limit + 1}`;
  },
  countTexts: (filter: TextFilter): SQL => sql`select count(*)::int as n from response_text where ${textWhere(filter)}`,
  textListSize: (filter: Pick<TextFilter, 'scope' | 'itemIds' | 'minGroupSize' | 'teacherId'>): SQL =>
    sql`select coalesce(sum(n) filter (where n >= ${filter.minGroupSize}), 0)::int as readable,
        coalesce(sum(n) filter (where n < ${filter.minGroupSize}), 0)::int as unlisted
      from agg_text_count where ${itemsWhere(filter)}${filter.teacherId === undefined ? sql`` : sql` and teacher_id = ${filter.teacherId}`}`,
  textCountsByTeacher: (filter: Pick<TextFilter, 'scope' | 'itemIds' | 'minGroupSize'>): SQL =>
    sql`select teacher_id, coalesce(sum(n) filter (where n >= ${filter.minGroupSize}), 0)::int as n from agg_text_count
      where ${itemsWhere(filter)} and teacher_id <> 0 group by teacher_id`,
  nom035Distribution: (scope: ReportScope): SQL =>
    sql`select guide, scope, scope_key, level, sum(n)::int as n, sum(score_sum)::float8 as score_sum
      from agg_nom035_level where ${scopeWhere(scope)}
      group by guide, scope, scope_key, level order by guide, scope, scope_key, level`,
};
