/**
 * Folding published responses into the report aggregates (docs/reports.md,
 * "Aggregates"). The mover puts foldWrites in the statement that publishes
 * a batch, so a batch is in the aggregates exactly when it is in `response`.
 * The batch is summed in memory first and then written with one multi-row
 * upsert per table (at most six, whatever its size), all in one statement.
 * Each text is triaged as it is folded and stored with its tone and alert
 * (features/comment-triage, docs/reports.md «Comment triage»).
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { questionType } from '@encuestas/core/survey-engine/question-types/registry';
import type { AnswerSegment, AnswerValue, Item } from '@encuestas/core/survey-engine/types';
import { teacherEvaluationAverage } from '@encuestas/core/survey-kinds/response-scores';
import type { RiskScores } from '@encuestas/core/survey-kinds/nom035/scoring';
import { findQuestionnaire } from '@encuestas/core/survey-kinds/registry';
import { SURVEY_KINDS } from '@encuestas/core/survey-kinds';
import type { Database } from '../../db/client';
import { upsertJsonRows, writeClauses } from '../../db/json-rows';
import { responses, type AggregateSegment } from '../../db/schema';
import { triageColumns } from '../comment-triage';

export type ResponseRow = typeof responses.$inferSelect;

const isNom035 = (kind: string) => SURVEY_KINDS.some((k) => k.id === kind && k.subjects === 'nom035Guides');

/** `agg_teacher_score.class_id` of a teacher's evaluations whose class was cleared (no class has id 0). */
export const OTHER_CLASSES = 0;

/** Joins plan and group in the 'group' segment's value; directory codes never hold it. */
export const GROUP_SEPARATOR = '\u001f';


interface QuestionnaireItems {
  byId: Map<string, Item>;
  /** Items whose answer is also a segment (new intake's institute), with that segment. */
  segments: [AnswerSegment, string][];
}

const itemsByQuestionnaire = new Map<string, QuestionnaireItems | null>();

/** Item definitions by id; answers to items the registry no longer knows are left out of the aggregates. */
function itemsOf(questionnaireId: string): QuestionnaireItems | null {
  let items = itemsByQuestionnaire.get(questionnaireId);
  if (items === undefined) {
    const found = findQuestionnaire(questionnaireId)?.questionnaire;
    const all = found ? found.sections.flatMap((s) => s.items) : [];
    items = found
      ? {
          byId: new Map(all.map((item) => [item.id, item])),
          segments: all.flatMap((item): [AnswerSegment, string][] => (item.type === 'single' && item.segment ? [[item.segment, item.id]] : [])),
        }
      : null;
    itemsByQuestionnaire.set(questionnaireId, items);
  }
  return items;
}

/**
 * The segments a response is counted in: its directory ones (plan, group, teacher, class),
 * its day, and the answers its questionnaire makes segments (new intake's institute: the
 * catalogue code, or 'otro'). A response without that answer (an older version) has none.
 */
function segmentsOf(row: ResponseRow, items: QuestionnaireItems | null): [AggregateSegment, string][] {
  const segments: [AggregateSegment, string][] = [['all', '']];
  if (row.plan !== null) {
    segments.push(['plan', row.plan]);
    if (row.grupo !== null) segments.push(['group', `${row.plan}${GROUP_SEPARATOR}${row.grupo}`]);
  }
  if (row.teacherId !== null) segments.push(['teacher', String(row.teacherId)]);
  if (row.classId !== null) segments.push(['class', String(row.classId)]);
  segments.push(['day', row.submittedOn]);
  const answers = row.answers as Record<string, AnswerValue>;
  for (const [segment, itemId] of items?.segments ?? []) {
    const answer = answers[itemId];
    // Compiles only while every AnswerSegment is an AggregateSegment (the check constraint's list).
    if (typeof answer === 'string' && answer !== '') segments.push([segment, answer]);
  }
  return segments;
}

/**
 * Sums keyed by a tuple, so a key appears once per statement (as ON CONFLICT
 * DO UPDATE requires). Keys are joined strings and a row object is made only
 * the first time its key is seen: a batch adds some 130 figures per response.
 */
class Sums<R extends Record<string, unknown>, S extends string> {
  private readonly entries = new Map<string, R & Record<S, number>>();
  constructor(private readonly summed: readonly S[]) {}
  add(key: string, make: () => R, values: Record<S, number>): void {
    const entry = this.entries.get(key) as Record<S, number> | undefined;
    if (entry) {
      for (const name of this.summed) entry[name] += values[name];
      return;
    }
    // Assigned rather than spread: object spread takes V8's slow path, and a batch makes thousands of rows.
    const made = make() as R & Record<S, number>;
    for (const name of this.summed) (made as Record<S, number>)[name] = values[name];
    this.entries.set(key, made);
  }
  rows(): (R & Record<S, number>)[] {
    return [...this.entries.values()];
  }
}

/** Joins key parts; U+0000 never occurs in a stored text. */
const keyOf = (...parts: (string | number)[]) => parts.join('\u0000');

const SCOPE_COLUMNS = { ciclo_id: 'int', active_id: 'int', campus_id: 'int', periodo_id: 'int' };
const scopeOf = (row: ResponseRow) => ({
  ciclo_id: row.cycleId,
  active_id: row.activeId,
  campus_id: row.campusId,
  periodo_id: row.periodoId,
});

/** A batch summed in memory: one entry per aggregate row it adds to, and its comments. */
function newBatchSums() {
  return {
    answerCounts: new Sums<Record<string, unknown>, 'n' | 'total' | 'scored'>(['n', 'total', 'scored']),
    responseCounts: new Sums<Record<string, unknown>, 'n' | 'total' | 'scored'>(['n', 'total', 'scored']),
    teacherScores: new Sums<Record<string, unknown>, 'n' | 'sum' | 'sum_squares'>(['n', 'sum', 'sum_squares']),
    nom035Levels: new Sums<Record<string, unknown>, 'n' | 'score_sum'>(['n', 'score_sum']),
    texts: [] as object[],
    textCounts: new Sums<Record<string, unknown>, 'n'>(['n']),
  };
}
type BatchSums = ReturnType<typeof newBatchSums>;

/**
 * Rows that share every segment (an anonymity set: its class and the day the
 * mover gave it) are tallied together first, and each tally is then added to
 * each of the rows' segments once: the segments' figures are what they would
 * be row by row, for a fraction of the map lookups (a teacher evaluation adds
 * some 17 items × 6 segments a row).
 */
interface RowGroup {
  row: ResponseRow;
  segments: [AggregateSegment, string][];
  /** Per item and value (keyOf(itemId, value)): the counted answers of the group's rows. */
  answers: Map<string, { itemId: string; value: string; figures: Figures }>;
  /** The group's responses: each counts once, with the points of all its answers. */
  responses: Figures;
}
type Figures = { n: number; total: number; scored: number };

/** Folds `rows` into the report aggregates in `tx`: foldWrites as one statement. */
export async function foldResponses(tx: Database, rows: readonly ResponseRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`with ${writeClauses(foldWrites(rows))} select 1`);
}

/**
 * The aggregate writes of a batch of published rows, summed in memory: one
 * multi-row upsert per table it adds to. Built without the database, so the
 * mover can make them before it publishes, in the statement that does
 * (features/responses/mover.ts).
 */
export function foldWrites(rows: readonly ResponseRow[]): SQL[] {
  if (rows.length === 0) return [];
  const sums = newBatchSums();
  const groups = new Map<string, RowGroup>();
  for (const row of rows) {
    const answers = row.answers as Record<string, AnswerValue>;
    const items = itemsOf(row.questionnaireId);
    const segments = segmentsOf(row, items);
    const groupKey = keyOf(row.cycleId, row.activeId, row.campusId, row.periodoId, row.questionnaireId, row.questionnaireVersion, ...segments.flat());
    let group = groups.get(groupKey);
    if (!group) groups.set(groupKey, (group = { row, segments, answers: new Map(), responses: { n: 0, total: 0, scored: 0 } }));
    tallyAnswers(sums, group, row, answers, items);
    addTeacherScore(sums, row, answers);
    addNom035Levels(sums, row);
  }
  for (const group of groups.values()) addGroup(sums, group);
  return sumsWrites(sums);
}

/** A row's answers into its group's tally, its comments into the batch's texts. */
function tallyAnswers(sums: BatchSums, group: RowGroup, row: ResponseRow, answers: Record<string, AnswerValue>, items: QuestionnaireItems | null): void {
  group.responses.n += 1;
  for (const [itemId, answer] of Object.entries(answers)) {
    const item = items?.byId.get(itemId);
    if (!item) continue;
    const type = questionType(item);
    if (type.aggregation === 'texts') {
      if (typeof answer === 'string' && answer.trim() !== '') addText(sums, row, itemId, answer);
      continue;
    }
    for (const { value, points } of type.counted(item, answer)) {
      const total = points ?? 0;
      const scored = points === null ? 0 : 1;
      group.responses.total += total;
      group.responses.scored += scored;
      const key = keyOf(itemId, value);
      const tally = group.answers.get(key);
      if (tally) {
        tally.figures.n += 1;
        tally.figures.total += total;
        tally.figures.scored += scored;
      } else group.answers.set(key, { itemId, value, figures: { n: 1, total, scored } });
    }
  }
}

/** A comment, stored with its segments and triage, and counted in its cell. */
function addText(sums: BatchSums, row: ResponseRow, itemId: string, text: string): void {
  const scope = scopeOf(row);
  sums.texts.push({
    id: randomUUID(),
    ...scope,
    survey_kind: row.surveyKind,
    questionnaire_id: row.questionnaireId,
    item_id: itemId,
    plan: row.plan,
    grupo: row.grupo,
    teacher_id: row.teacherId,
    class_id: row.classId,
    text,
    ...triageColumns(text),
  });
  const teacherId = row.teacherId ?? 0;
  sums.textCounts.add(keyOf(row.activeId, row.cycleId, itemId, teacherId), () => ({ ...scope, item_id: itemId, teacher_id: teacherId }), { n: 1 });
}

/** A group's tallies into the counts of each of its segments, and its responses into theirs. */
function addGroup(sums: BatchSums, { row, segments, answers, responses: responseFigures }: RowGroup): void {
  const prefix = keyOf(row.cycleId, row.activeId, row.questionnaireId, row.questionnaireVersion);
  for (const [segment, segmentValue] of segments) {
    const segmentKey = keyOf(prefix, segment, segmentValue);
    for (const [answerKey, { itemId, value, figures }] of answers) {
      sums.answerCounts.add(keyOf(segmentKey, answerKey), () => countRow(row, segment, segmentValue, itemId, value), figures);
    }
    sums.responseCounts.add(segmentKey, () => countRow(row, segment, segmentValue), responseFigures);
  }
}

/** An agg_answer_count row's key columns (with an item and value) or an agg_response_count row's (without), written out: no spread. */
function countRow(row: ResponseRow, segment: AggregateSegment, segmentValue: string, itemId?: string, value?: string): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    ciclo_id: row.cycleId,
    active_id: row.activeId,
    campus_id: row.campusId,
    periodo_id: row.periodoId,
    questionnaire_id: row.questionnaireId,
    questionnaire_version: row.questionnaireVersion,
    segment,
    segment_value: segmentValue,
  };
  if (itemId !== undefined) {
    columns.item_id = itemId;
    columns.value = value;
  }
  return columns;
}

function addTeacherScore(sums: BatchSums, row: ResponseRow, answers: Record<string, AnswerValue>): void {
  const scope = scopeOf(row);
  // A response about a class (the teacher evaluation) adds its mean to the teacher's aggregates; one
  // whose class the mover cleared (a class too small to show, docs/privacy.md) to the teacher's
  // OTHER_CLASSES row, which counts in the teacher's result and is never listed as a class.
  if (row.teacherId !== null) {
    const average = teacherEvaluationAverage(row.scores, answers);
    if (average !== null) {
      const { teacherId } = row;
      const classId = row.classId ?? OTHER_CLASSES;
      sums.teacherScores.add(
        keyOf(row.activeId, teacherId, classId),
        () => ({ ...scope, teacher_id: teacherId, class_id: classId }),
        { n: 1, sum: average, sum_squares: average * average },
      );
    }
  }
}

/** A NOM-035 Guía II or III response's final, category and domain levels. */
function addNom035Levels(sums: BatchSums, row: ResponseRow): void {
  const scope = scopeOf(row);
  if (row.scores && isNom035(row.surveyKind)) {
    const scores = row.scores as RiskScores;
    const add = (scopeName: string, scopeKey: string, { score, level }: { score: number; level: string }) =>
      sums.nom035Levels.add(
        keyOf(row.activeId, scores.guide, scopeName, scopeKey, level),
        () => ({ ...scope, guide: scores.guide, scope: scopeName, scope_key: scopeKey, level }),
        { n: 1, score_sum: score },
      );
    add('final', '', scores.final);
    for (const [id, scored] of Object.entries(scores.categories)) add('category', id, scored);
    for (const [id, scored] of Object.entries(scores.domains)) add('domain', id, scored);
  }
}

/** One multi-row upsert per aggregate table the batch adds to. */
function sumsWrites(sums: BatchSums): SQL[] {
  const writes: SQL[] = [];
  const counts = sums.answerCounts.rows();
  if (counts.length) {
    writes.push(
      upsertJsonRows(
        'agg_answer_count',
        { ...SCOPE_COLUMNS, questionnaire_id: 'text', questionnaire_version: 'int', segment: 'text', segment_value: 'text', item_id: 'text', value: 'text', n: 'int', total: 'float8', scored: 'int' },
        ['ciclo_id', 'periodo_id', 'segment', 'campus_id', 'active_id', 'segment_value', 'questionnaire_id', 'questionnaire_version', 'item_id', 'value'],
        ['n', 'total', 'scored'],
        counts,
      ),
    );
  }
  writes.push(
    upsertJsonRows(
      'agg_response_count',
      { ...SCOPE_COLUMNS, questionnaire_id: 'text', questionnaire_version: 'int', segment: 'text', segment_value: 'text', n: 'int', total: 'float8', scored: 'int' },
      ['ciclo_id', 'periodo_id', 'segment', 'campus_id', 'active_id', 'segment_value', 'questionnaire_id', 'questionnaire_version'],
      ['n', 'total', 'scored'],
      sums.responseCounts.rows(),
    ),
  );
  const teachers = sums.teacherScores.rows();
  if (teachers.length) {
    writes.push(
      upsertJsonRows(
        'agg_teacher_score',
        { ...SCOPE_COLUMNS, teacher_id: 'int', class_id: 'int', n: 'int', sum: 'float8', sum_squares: 'float8' },
        ['ciclo_id', 'periodo_id', 'campus_id', 'active_id', 'teacher_id', 'class_id'],
        ['n', 'sum', 'sum_squares'],
        teachers,
      ),
    );
  }
  const levels = sums.nom035Levels.rows();
  if (levels.length) {
    writes.push(
      upsertJsonRows(
        'agg_nom035_level',
        { ...SCOPE_COLUMNS, guide: 'text', scope: 'text', scope_key: 'text', level: 'text', n: 'int', score_sum: 'float8' },
        ['ciclo_id', 'periodo_id', 'campus_id', 'active_id', 'guide', 'scope', 'scope_key', 'level'],
        ['n', 'score_sum'],
        levels,
      ),
    );
  }
  writes.push(...textWrites(sums));
  return writes;
}

/** response_text's columns: a text with its scope, segments and triage (stored once, here: features/comment-triage). */
const TEXT_COLUMNS = {
  id: 'uuid',
  ...SCOPE_COLUMNS,
  survey_kind: 'text',
  questionnaire_id: 'text',
  item_id: 'text',
  plan: 'text',
  grupo: 'text',
  teacher_id: 'int',
  class_id: 'int',
  text: 'text',
  tone: 'float8',
  alert_category: 'text',
  alert_matched: 'text',
};

/** The batch's texts and their cells' counts. */
function textWrites(sums: BatchSums): SQL[] {
  if (sums.texts.length === 0) return [];
  return [
    upsertJsonRows('response_text', TEXT_COLUMNS, [], [], sums.texts),
    upsertJsonRows(
      'agg_text_count',
      { ...SCOPE_COLUMNS, item_id: 'text', teacher_id: 'int', n: 'int' },
      ['ciclo_id', 'periodo_id', 'item_id', 'campus_id', 'active_id', 'teacher_id'],
      ['n'],
      sums.textCounts.rows(),
    ),
  ];
}

/** Every aggregate table, emptied together by a rebuild. */
export const AGGREGATE_TABLES = ['agg_answer_count', 'agg_response_count', 'agg_teacher_score', 'agg_nom035_level', 'response_text', 'agg_text_count'];

/**
 * Empties the aggregates and folds every published response again, in
 * batches, in one transaction. TRUNCATE's lock makes reports, and a mover
 * that publishes meanwhile, wait until the rebuild commits; the mover's rows
 * (uncommitted until then) are not read by the rebuild and its fold runs
 * after it: each response is folded exactly once.
 */
export async function rebuildAggregates(db: Database, options: { batchSize?: number } = {}): Promise<{ responses: number }> {
  const batchSize = options.batchSize ?? 2000;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`truncate ${AGGREGATE_TABLES.map((t) => `"${t}"`).join(', ')}`));
    let folded = 0;
    let after: string | null = null;
    for (;;) {
      const batch: ResponseRow[] = await tx
        .select()
        .from(responses)
        .where(after === null ? undefined : sql`${responses.id} > ${after}`)
        .orderBy(responses.id)
        .limit(batchSize);
      if (batch.length === 0) break;
      await foldResponses(tx as unknown as Database, batch);
      folded += batch.length;
      after = batch[batch.length - 1]!.id;
    }
    // Fresh statistics for the planner (PGlite has no autovacuum to gather them).
    await tx.execute(sql.raw(`analyze ${AGGREGATE_TABLES.map((t) => `"${t}"`).join(', ')}`));
    return { responses: folded };
  });
}
