/**
 * Report aggregates: published responses folded into counts, teacher scores,
 * NOM-035 levels and free texts give the exact figures reports will show;
 * folding in any batches equals a rebuild from `response`; every report read
 * is served by an index.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { TEACHER_RATING_ITEM_IDS } from '@encuestas/core/survey-kinds/alumnos-evaluacion-docente/scoring';
import { NOM035_QUESTIONNAIRES } from '@encuestas/core/survey-kinds/nom035/guides';
import { scoreRiskGuide } from '@encuestas/core/survey-kinds/nom035/scoring';
import { queryRows, type Database } from '../../src/db/client';
import { actives, campuses, classes, completions, cycles, periods, responses, students, teachers } from '../../src/db/schema';
import { seedReferenceData } from '../../src/db/seed/reference';
import { AGGREGATE_TABLES, foldResponses, rebuildAggregates, type ResponseRow } from '../../src/features/aggregates/fold';
import {
  countTexts,
  dailyCounts,
  itemAverages,
  segmentSummaries,
  itemDistribution,
  monthlyCounts,
  nom035Distribution,
  REPORT_SQL,
  teacherGroupScores,
  teacherRanking,
  textsPage,
} from '../../src/features/aggregates/queries';
import { MISSING_SQL, missingRespondentIds } from '../../src/features/missing/queries';
import { createTestDatabase, driverName, usingPostgres, type TestDatabase } from '../helpers/database';

let database: TestDatabase;
let db: Database;
const ids = {
  campusA: 0,
  campusB: 0,
  periodo: 0,
  activeA: 0,
  activeB: 0,
  teacher1: 0,
  teacher2: 0,
  classC1: 0,
  classC2: 0,
  classC3: 0,
  cycle: {} as Record<string, number>,
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedReferenceData(db);
  for (const row of await db.select().from(cycles)) ids.cycle[row.surveyKind] = row.id;
  const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id) as [number, number, number];
  [ids.campusA, ids.campusB] = idsOf(
    await db.insert(campuses).values([{ nombre: 'Agregados A' }, { nombre: 'Agregados B' }]).returning({ id: campuses.id }),
  );
  [ids.periodo] = idsOf(
    await db.insert(periods).values({ nombre: '2026A', fechaInicio: '2026-01-15', fechaFin: '2026-06-30' }).returning({ id: periods.id }),
  );
  [ids.activeA, ids.activeB] = idsOf(
    await db
      .insert(actives)
      .values([
        { campusId: ids.campusA, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' },
        { campusId: ids.campusB, periodoId: ids.periodo, startActive: '2026-03-01', endActive: '2026-04-30' },
      ])
      .returning({ id: actives.id }),
  );
  [ids.teacher1, ids.teacher2] = idsOf(
    await db
      .insert(teachers)
      .values([
        { pcId: '210000001', name: 'Uno', campusId: ids.campusA },
        { pcId: '210000002', name: 'Dos', campusId: ids.campusB },
      ])
      .returning({ id: teachers.id }),
  );
  [ids.classC1, ids.classC2, ids.classC3] = idsOf(
    await db
      .insert(classes)
      .values([
        { code: 'MAT1', name: 'Cálculo', campusId: ids.campusA, periodoId: ids.periodo, teacherId: ids.teacher1, plan: 'ING', grupo: '1A' },
        { code: 'MAT2', name: 'Álgebra', campusId: ids.campusA, periodoId: ids.periodo, teacherId: ids.teacher1, plan: 'ING', grupo: '1B' },
        { code: 'DER1', name: 'Derecho romano', campusId: ids.campusB, periodoId: ids.periodo, teacherId: ids.teacher2, plan: 'DER', grupo: '2A' },
      ])
      .returning({ id: classes.id }),
  );
});
afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await db.execute(sql.raw(`truncate response, ${AGGREGATE_TABLES.join(', ')}`));
});

// ------------------------------------------------------------------ a small factory of published responses

/** Every rating item of the teacher evaluation at `value`, the first one at `first`. */
function teacherAnswers(value: string, extra: Answers = {}, first = value): Answers {
  return { ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id, i) => [id, i === 0 ? first : value])), wouldRecommend: 'yes', ...extra };
}

function evaluation(classKey: 'C1' | 'C2' | 'C3', day: string, answers: Answers): typeof responses.$inferInsert {
  const c = {
    C1: { classId: ids.classC1, teacherId: ids.teacher1, plan: 'ING', grupo: '1A', activeId: ids.activeA, campusId: ids.campusA },
    C2: { classId: ids.classC2, teacherId: ids.teacher1, plan: 'ING', grupo: '1B', activeId: ids.activeA, campusId: ids.campusA },
    C3: { classId: ids.classC3, teacherId: ids.teacher2, plan: 'DER', grupo: '2A', activeId: ids.activeB, campusId: ids.campusB },
  }[classKey];
  return {
    id: randomUUID(),
    surveyKind: 'alumnos/evaluacionDocente',
    questionnaireId: 'alumnos-evaluacion-docente',
    questionnaireVersion: 1,
    cycleId: ids.cycle['alumnos/evaluacionDocente']!,
    periodoId: ids.periodo,
    submittedOn: day,
    answers,
    ...c,
  };
}

function staffResponse(kind: string, questionnaireId: string, answers: Answers, scores: unknown = null): typeof responses.$inferInsert {
  return {
    id: randomUUID(),
    surveyKind: kind,
    questionnaireId,
    questionnaireVersion: 1,
    cycleId: ids.cycle[kind]!,
    activeId: ids.activeA,
    campusId: ids.campusA,
    periodoId: ids.periodo,
    submittedOn: '2026-03-05',
    answers,
    scores,
  };
}

function newIntake(answers: Answers, questionnaireVersion = 2): typeof responses.$inferInsert {
  return {
    id: randomUUID(),
    surveyKind: 'alumnos/nuevoIngreso',
    questionnaireId: 'alumnos-nuevo-ingreso',
    questionnaireVersion,
    cycleId: ids.cycle['alumnos/nuevoIngreso']!,
    activeId: ids.activeA,
    campusId: ids.campusA,
    periodoId: ids.periodo,
    plan: 'ING',
    grupo: '1A',
    submittedOn: '2026-03-04',
    answers,
  };
}

/** Guía II answered `value` on every frequency item and 'Sí' to both gates, with its scores as stored at submission. */
function guideTwo(value: string): typeof responses.$inferInsert {
  const answers: Answers = {};
  for (const item of NOM035_QUESTIONNAIRES.II.sections.flatMap((s) => s.items)) {
    if (item.type === 'frequency') answers[item.id] = value;
    if (item.type === 'yesNo') answers[item.id] = 'yes';
  }
  return staffResponse('administrativos/norma', NOM035_QUESTIONNAIRES.II.id, answers, scoreRiskGuide('II', answers));
}

/** Publishes rows as the mover does: inserted and folded in one transaction. */
async function publish(rows: (typeof responses.$inferInsert)[]): Promise<ResponseRow[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(responses).values(rows).returning();
    await foldResponses(tx, inserted);
    return inserted;
  });
}

/** The teacher-evaluation fixture: four students' evaluations of three classes at two campuses. */
async function publishEvaluations(): Promise<void> {
  await publish([
    evaluation('C1', '2026-03-02', teacherAnswers('excelente', { comments: 'El profesor explica con mucha claridad' })),
    evaluation('C1', '2026-03-02', teacherAnswers('buena', {}, 'na')),
    evaluation('C2', '2026-03-03', teacherAnswers('muyBuena', { comments: 'Las tareas llegan tarde' })),
    evaluation('C3', '2026-04-01', teacherAnswers('mala', { comments: 'Falta material en el laboratorio' })),
  ]);
}

const cycleOf = (kind: string) => ids.cycle[kind]!;
const teacherEval = () => ({ cycleId: cycleOf('alumnos/evaluacionDocente'), activeId: ids.activeA });
const wholeCycle = () => ({ cycleId: cycleOf('alumnos/evaluacionDocente'), periodoId: ids.periodo });
const [firstItem, secondItem] = TEACHER_RATING_ITEM_IDS as [string, string];

describe(`report aggregates (${driverName})`, () => {
  it('counts answers per item and value for an application, by plan and by plan and group', async () => {
    await publishEvaluations();

    const all = await itemDistribution(db, teacherEval());
    const cells = (item: string) => Object.fromEntries(all.filter((c) => c.itemId === item).map((c) => [c.value, c.n]));
    expect(cells(firstItem)).toEqual({ excelente: 1, na: 1, muyBuena: 1 });
    expect(cells(secondItem)).toEqual({ excelente: 1, buena: 1, muyBuena: 1 });
    expect(cells('wouldRecommend')).toEqual({ yes: 3 });
    expect(all.every((c) => c.responses === 3)).toBe(true);
    expect(all.some((c) => c.itemId === 'comments')).toBe(false);

    const byGroup = await itemDistribution(db, teacherEval(), 'group');
    const group1A = byGroup.filter((c) => c.plan === 'ING' && c.grupo === '1A' && c.itemId === firstItem);
    expect(group1A.map((c) => [c.value, c.n, c.responses])).toEqual([
      ['excelente', 1, 2],
      ['na', 1, 2],
    ]);
    const byPlan = await itemDistribution(db, wholeCycle(), 'plan');
    expect(byPlan.filter((c) => c.itemId === secondItem).map((c) => [c.plan, c.value, c.n])).toEqual([
      ['DER', 'mala', 1],
      ['ING', 'buena', 1],
      ['ING', 'excelente', 1],
      ['ING', 'muyBuena', 1],
    ]);
  });

  it("averages items with 'No aplica' left out, for an application and for the whole cycle", async () => {
    await publishEvaluations();

    const application = itemAverages(await itemDistribution(db, teacherEval()));
    expect(application.find((a) => a.itemId === firstItem)).toMatchObject({ average: 4.5, scored: 2, responses: 3 });
    expect(application.find((a) => a.itemId === secondItem)).toMatchObject({ average: 4, scored: 3 });
    expect(application.find((a) => a.itemId === 'wouldRecommend')).toMatchObject({ average: null, scored: 0 });

    const cycle = itemAverages(await itemDistribution(db, wholeCycle()));
    expect(cycle.find((a) => a.itemId === secondItem)).toMatchObject({ average: 13 / 4, scored: 4, responses: 4 });
    const onlyCampusB = itemAverages(await itemDistribution(db, { ...wholeCycle(), campusIds: [ids.campusB] }));
    expect(onlyCampusB.find((a) => a.itemId === secondItem)).toMatchObject({ average: 1, responses: 1 });
  });

  it("summarises each group in one row: its responses and the mean of all its scored answers, as its items' cells add up", async () => {
    await publishEvaluations();

    for (const scope of [teacherEval(), wholeCycle()]) {
      const cells = await itemDistribution(db, scope, 'group');
      const expected = new Map<string, { responses: number; total: number; scored: number }>();
      for (const cell of cells) {
        const entry = expected.get(cell.segmentValue) ?? { responses: cell.responses, total: 0, scored: 0 };
        entry.total += cell.total;
        entry.scored += cell.scored;
        expected.set(cell.segmentValue, entry);
      }
      const summaries = await segmentSummaries(db, scope, 'group');
      expect(summaries.length).toBe(expected.size);
      for (const summary of summaries) {
        const want = expected.get(summary.segmentValue)!;
        expect(summary.responses).toBe(want.responses);
        expect(summary.scored).toBe(want.scored);
        expect(summary.average).toBeCloseTo(want.total / want.scored, 10);
      }
    }
    const [group1A] = (await segmentSummaries(db, teacherEval(), 'group')).filter((s) => s.plan === 'ING' && s.grupo === '1A');
    expect(group1A).toMatchObject({ plan: 'ING', grupo: '1A', responses: 2 });
  });

  it('keeps teacher n, sum and sum of squares of the per-response means, and ranks teachers with mean and sd', async () => {
    await publishEvaluations();

    const rows = await db.execute(sql`select teacher_id, class_id, n, sum, sum_squares from agg_teacher_score order by class_id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { teacher_id: ids.teacher1, class_id: ids.classC1, n: 2, sum: 8, sum_squares: 34 },
      { teacher_id: ids.teacher1, class_id: ids.classC2, n: 1, sum: 4, sum_squares: 16 },
      { teacher_id: ids.teacher2, class_id: ids.classC3, n: 1, sum: 1, sum_squares: 1 },
    ]);
    expect(await teacherRanking(db, teacherEval())).toEqual([{ teacherId: ids.teacher1, n: 3, mean: 4, sd: 1 }]);
    expect(await teacherRanking(db, wholeCycle())).toEqual([
      { teacherId: ids.teacher1, n: 3, mean: 4, sd: 1 },
      { teacherId: ids.teacher2, n: 1, mean: 1, sd: null },
    ]);
  });

  it("lists each teacher's result per group (class, plan and group) for an application, a whole cycle and one teacher", async () => {
    await publishEvaluations();

    const teacher1 = [
      { teacherId: ids.teacher1, classId: ids.classC1, plan: 'ING', grupo: '1A', n: 2, mean: 4, sd: Math.sqrt(2) },
      { teacherId: ids.teacher1, classId: ids.classC2, plan: 'ING', grupo: '1B', n: 1, mean: 4, sd: null },
    ];
    expect(await teacherGroupScores(db, teacherEval())).toEqual(teacher1);
    expect(await teacherGroupScores(db, wholeCycle())).toEqual([
      ...teacher1,
      { teacherId: ids.teacher2, classId: ids.classC3, plan: 'DER', grupo: '2A', n: 1, mean: 1, sd: null },
    ]);
    expect(await teacherGroupScores(db, wholeCycle(), ids.teacher2)).toEqual([
      { teacherId: ids.teacher2, classId: ids.classC3, plan: 'DER', grupo: '2A', n: 1, mean: 1, sd: null },
    ]);
  });

  it('counts responses per day and per month, and per teacher and class segment', async () => {
    await publishEvaluations();

    expect(await dailyCounts(db, teacherEval())).toEqual([
      { day: '2026-03-02', n: 2 },
      { day: '2026-03-03', n: 1 },
    ]);
    expect(await monthlyCounts(db, wholeCycle())).toEqual([
      { month: '2026-03', n: 3 },
      { month: '2026-04', n: 1 },
    ]);
    const classC1 = await itemDistribution(db, teacherEval(), 'class', String(ids.classC1));
    expect(new Set(classC1.map((c) => [c.segmentValue, c.responses].join()))).toEqual(new Set([`${ids.classC1},2`]));
    expect(classC1.filter((c) => c.itemId === firstItem).map((c) => [c.value, c.n])).toEqual([
      ['excelente', 1],
      ['na', 1],
    ]);
    const byTeacher = await itemDistribution(db, wholeCycle(), 'teacher');
    expect(byTeacher.find((c) => c.segmentValue === String(ids.teacher2) && c.itemId === firstItem)).toMatchObject({ value: 'mala', n: 1, responses: 1 });
  });

  it('counts every option of a multiple choice and keeps each other text searchable, without a day', async () => {
    await publish([
      newIntake({ knowChannels: ['facebook', 'otro'], knowChannelsOther: 'Me lo contó mi prima', schoolName: 'Prepa 5' }),
      newIntake({ knowChannels: ['facebook'], admissionAttention: 'excelente' }),
    ]);
    const scope = { cycleId: cycleOf('alumnos/nuevoIngreso'), activeId: ids.activeA };
    const counts = (await itemDistribution(db, scope)).filter((c) => c.itemId === 'knowChannels');
    expect(counts.map((c) => [c.value, c.n])).toEqual([
      ['facebook', 2],
      ['otro', 1],
    ]);
    const others = await textsPage(db, { scope, itemIds: ['knowChannelsOther', 'schoolName'], minGroupSize: 0, limit: 10 });
    expect(others.texts.map((t) => [t.itemId, t.text, t.plan, t.grupo])).toEqual([
      ['knowChannelsOther', 'Me lo contó mi prima', 'ING', '1A'],
      ['schoolName', 'Prepa 5', 'ING', '1A'],
    ]);
    const columns = await queryRows<{ column_name: string }>(
      db,
      sql`select column_name from information_schema.columns where table_name = 'response_text'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(['submitted_on']));
    expect(columns.some((c) => /day|date|_on$|_at$/.test(c.column_name))).toBe(false);
  });

  it("counts a new-intake response in its school's institute segment ('otro' its own value), and a version-2 response in none", async () => {
    await publish([
      newIntake({ institute: 'instituto-oriente-puebla', admissionAttention: 'excelente', admissionVisit: 'na' }, 3),
      newIntake({ institute: 'instituto-oriente-puebla', admissionAttention: 'buena' }, 3),
      newIntake({ institute: 'otro', schoolName: 'Prepa Federal', schoolType: 'preparatoria-publica', admissionAttention: 'mala' }, 3),
      newIntake({ schoolType: 'preparatoria-privada', admissionAttention: 'muyBuena' }),
    ]);
    const scope = { cycleId: cycleOf('alumnos/nuevoIngreso'), periodoId: ids.periodo };
    const summaries = await segmentSummaries(db, scope, 'institute');
    expect(summaries.map((s) => [s.segmentValue, s.responses, s.average])).toEqual([
      ['instituto-oriente-puebla', 2, 4],
      ['otro', 1, 1],
    ]);
    const oriente = await itemDistribution(db, scope, 'institute', 'instituto-oriente-puebla');
    expect(oriente.filter((c) => c.itemId === 'admissionAttention').map((c) => [c.value, c.n, c.responses])).toEqual([
      ['buena', 1, 2],
      ['excelente', 1, 2],
    ]);
    // Version 2's school type (now asked only for an unlisted school) keeps counting under its codes.
    const all = await itemDistribution(db, scope);
    expect(all.filter((c) => c.itemId === 'schoolType').map((c) => [c.value, c.n])).toEqual([
      ['preparatoria-privada', 1],
      ['preparatoria-publica', 1],
    ]);
  });

  it("finds comments by Spanish stem ('profesores' finds 'profesor') and pages them by keyset without repeats", async () => {
    await publishEvaluations();
    const filter = { scope: wholeCycle(), itemIds: ['comments'], minGroupSize: 0 };

    const found = await textsPage(db, { ...filter, search: 'profesores', limit: 10 });
    expect(found.texts.map((t) => t.text)).toEqual(['El profesor explica con mucha claridad']);
    expect((await textsPage(db, { ...filter, search: 'laboratorios', limit: 10 })).texts.map((t) => t.teacherId)).toEqual([ids.teacher2]);
    expect(await countTexts(db, { ...filter, search: 'materiales' })).toBe(1);
    expect(await countTexts(db, filter)).toBe(3);
    expect(await countTexts(db, { ...filter, teacherId: ids.teacher1 })).toBe(2);

    const first = await textsPage(db, { ...filter, limit: 2 });
    expect(first.texts).toHaveLength(2);
    const second = await textsPage(db, { ...filter, limit: 2, after: first.next });
    expect(second.texts).toHaveLength(1);
    expect(second.next).toBeNull();
    const pages = [...first.texts, ...second.texts];
    expect(new Set(pages.map((t) => t.text)).size).toBe(3);
    expect(pages.map((t) => t.id)).toEqual(pages.map((t) => t.id).sort());
  });

  it('counts NOM-035 workers per level of the final score, each category and each domain, from the stored scores', async () => {
    const low = guideTwo('never');
    const high = guideTwo('always');
    await publish([low, high, guideTwo('always')]);

    const cells = await nom035Distribution(db, { cycleId: cycleOf('administrativos/norma'), activeId: ids.activeA });
    const lowScores = low.scores as ReturnType<typeof scoreRiskGuide>;
    const highScores = high.scores as ReturnType<typeof scoreRiskGuide>;
    const final = cells.filter((c) => c.scope === 'final');
    const expected = new Map<string, number>();
    for (const level of [lowScores.final.level, highScores.final.level, highScores.final.level]) expected.set(level, (expected.get(level) ?? 0) + 1);
    expect(Object.fromEntries(final.map((c) => [c.level, c.n]))).toEqual(Object.fromEntries(expected));
    expect(final.reduce((sum, c) => sum + c.scoreSum, 0)).toBe(lowScores.final.score + 2 * highScores.final.score);
    const categories = Object.keys(highScores.categories);
    const domains = Object.keys(highScores.domains);
    for (const category of categories) {
      expect(cells.filter((c) => c.scope === 'category' && c.scopeKey === category).reduce((sum, c) => sum + c.n, 0)).toBe(3);
    }
    expect(new Set(cells.filter((c) => c.scope === 'domain').map((c) => c.scopeKey))).toEqual(new Set(domains));
    expect(cells.every((c) => c.guide === 'II')).toBe(true);
  });

  it('folding in any batches gives what one rebuild from response gives, and a rebuild after truncation restores it', async () => {
    const values = ['excelente', 'muyBuena', 'buena', 'regular', 'mala', 'na'];
    const answersArb = fc.record({
      classKey: fc.constantFrom('C1' as const, 'C2' as const, 'C3' as const),
      day: fc.constantFrom('2026-03-02', '2026-03-09', '2026-04-01'),
      ratings: fc.array(fc.constantFrom(...values), { minLength: TEACHER_RATING_ITEM_IDS.length, maxLength: TEACHER_RATING_ITEM_IDS.length }),
      comment: fc.option(fc.constantFrom('Buen profesor', 'Clases aburridas', 'Excelente docente'), { nil: undefined }),
      // A new-intake response beside the evaluation: version 3 with its school (a segment), or version 2 without.
      institute: fc.option(fc.constantFrom('instituto-oriente-puebla', 'cbtis-26-oaxaca-de-juarez', 'otro'), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(answersArb, { minLength: 1, maxLength: 25 }), fc.array(fc.nat(), { maxLength: 4 }), async (generated, cuts) => {
        await db.execute(sql.raw(`truncate response, ${AGGREGATE_TABLES.join(', ')}`));
        const rows = generated.map((g) =>
          evaluation(g.classKey, g.day, {
            ...Object.fromEntries(TEACHER_RATING_ITEM_IDS.map((id, i) => [id, g.ratings[i]!])),
            ...(g.comment ? { comments: g.comment } : {}),
          }),
        );
        rows.push(
          ...generated.map((g, i) =>
            g.institute === undefined
              ? newIntake({ admissionAttention: g.ratings[0]!, schoolType: 'preparatoria-publica' })
              : newIntake({ institute: g.institute, admissionAttention: g.ratings[i % g.ratings.length]! }, 3),
          ),
        );
        rows.push(guideTwo(generated.length % 2 ? 'sometimes' : 'always'));
        const bounds = [...new Set(cuts.map((c) => c % rows.length))].sort((a, b) => a - b);
        let start = 0;
        for (const end of [...bounds, rows.length]) {
          if (end > start) await publish(rows.slice(start, end));
          start = end;
        }
        const folded = await snapshot();

        expect(await rebuildAggregates(db, { batchSize: 7 })).toEqual({ responses: rows.length });
        expect(await snapshot()).toEqual(folded);

        await db.execute(sql.raw(`truncate ${AGGREGATE_TABLES.join(', ')}`));
        await rebuildAggregates(db);
        expect(await snapshot()).toEqual(folded);
      }),
      { numRuns: 8 },
    );
  });

  it.skipIf(!usingPostgres)('a rebuild racing a publishing batch counts every response exactly once, whichever commits first', async () => {
    await publishEvaluations();
    const total = async () =>
      (await queryRows<{ n: number }>(db, sql`select coalesce(sum(n), 0)::int as n from agg_response_count where segment = 'all'`))[0]!.n;

    // A batch publishes and folds, and stays uncommitted while a rebuild starts: the rebuild waits for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let folded!: () => void;
    const foldedYet = new Promise<void>((resolve) => (folded = resolve));
    const publishing = db.transaction(async (tx) => {
      const inserted = await tx.insert(responses).values([evaluation('C2', '2026-03-10', teacherAnswers('buena'))]).returning();
      await foldResponses(tx, inserted);
      folded();
      await held;
    });
    await foldedYet;
    const rebuilding = rebuildAggregates(db);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await publishing;
    expect(await rebuilding).toEqual({ responses: 5 });
    expect(await total()).toBe(5);

    // A batch inserted before a rebuild and folded after it commits.
    let insertedYet!: () => void;
    const inserted = new Promise<void>((resolve) => (insertedYet = resolve));
    let foldNow!: () => void;
    const foldSignal = new Promise<void>((resolve) => (foldNow = resolve));
    const late = db.transaction(async (tx) => {
      const rows = await tx.insert(responses).values([evaluation('C3', '2026-04-02', teacherAnswers('regular'))]).returning();
      insertedYet();
      await foldSignal;
      await foldResponses(tx, rows);
    });
    await inserted;
    expect(await rebuildAggregates(db)).toEqual({ responses: 5 });
    foldNow();
    await late;
    expect(await total()).toBe(6);
    const raced = await snapshot();
    await rebuildAggregates(db);
    expect(await snapshot()).toEqual(raced);
  });

  it('every report read is served by an index (sequential scans disabled, the plan uses no table scan)', async () => {
    await publishEvaluations();
    const scopes = [teacherEval(), wholeCycle()];
    const statements = [
      ...scopes.flatMap((scope) => [
        REPORT_SQL.itemCounts(scope, 'all'),
        REPORT_SQL.itemCounts(scope, 'group'),
        REPORT_SQL.itemCounts(scope, 'class', String(ids.classC1)),
        REPORT_SQL.segmentTotals(scope, 'group'),
        REPORT_SQL.segmentSummaries(scope, 'group'),
        REPORT_SQL.segmentSummariesByCampus(scope, 'institute'),
        REPORT_SQL.segmentItemScoresByCampus(scope, 'institute'),
        REPORT_SQL.teacherRanking(scope),
        REPORT_SQL.teacherGroupScores(scope),
        REPORT_SQL.dailyCounts(scope),
        REPORT_SQL.monthlyCounts(scope),
        REPORT_SQL.nom035Distribution(scope),
        REPORT_SQL.textsPage({ scope, itemIds: ['comments'], minGroupSize: 5, limit: 12, after: { itemId: 'comments', id: randomUUID() } }),
        REPORT_SQL.countTexts({ scope, itemIds: ['comments'], minGroupSize: 5, search: 'profesores' }),
        REPORT_SQL.textListSize({ scope, itemIds: ['comments'], minGroupSize: 5 }),
        REPORT_SQL.textListSize({ scope, itemIds: ['comments'], minGroupSize: 5, teacherId: ids.teacher1 }),
        REPORT_SQL.textCountsByTeacher({ scope, itemIds: ['comments'], minGroupSize: 5 }),
        REPORT_SQL.itemCountsInDays(scope, { from: '2026-03-02', to: '2026-03-03' }),
        REPORT_SQL.responsesInDays(scope, { from: '2026-03-02', to: '2026-03-03' }),
        REPORT_SQL.campusSummaries(scope),
        REPORT_SQL.campusSummaries(scope, { from: '2026-03-02', to: '2026-03-03' }),
      ]),
      REPORT_SQL.responsesByVersion({ cycleId: cycleOf('alumnos/evaluacionDocente'), periodoIds: [ids.periodo], campusIds: [ids.campusA, ids.campusB] }),
      REPORT_SQL.textsPage({ scope: wholeCycle(), itemIds: ['comments'], teacherId: ids.teacher1, minGroupSize: 5, limit: 12 }),
      MISSING_SQL.perClassCounts(perClassParams(), ids.periodo),
      MISSING_SQL.perClassCounts(perClassParams(), ids.periodo, { from: 1, until: 1000 }),
      MISSING_SQL.perClassCountsBy(perClassParams(), ids.periodo, 'campus'),
      MISSING_SQL.perClassCountsBy(perClassParams(), ids.periodo, 'group'),
      MISSING_SQL.perClassCountsBy(perClassParams(), ids.periodo, 'group', { from: 1, until: 1000 }),
      ...[missingParams(), missingParams({ plan: 'ING', grupo: '1A' }), perClassParams(), nom035Params()].flatMap((params) => [
        MISSING_SQL.missingCounts(params),
        MISSING_SQL.missingCountsBy(params, 'campus'),
        MISSING_SQL.missingCountsBy(params, 'group'),
        MISSING_SQL.missingRespondentIds({ ...params, afterId: 0, limit: 25, withEmailOnly: true }),
        MISSING_SQL.missingPeoplePage({ ...params, offset: 0, limit: 10 }),
        MISSING_SQL.missingOrder(params),
        // A file's slices of the students' list (plans and groups exist for students alone).
        ...(params.respondentType === 'student'
          ? [
              MISSING_SQL.studentGroups(params),
              MISSING_SQL.studentIdStarts(params, 1000),
              MISSING_SQL.missingCounts(params, { from: 1, until: 1000 }),
              MISSING_SQL.missingCountsBy(params, 'group', { from: 1, until: 1000 }),
              MISSING_SQL.missingOrder(params, { from: { plan: 'ING', grupo: '1A' }, until: { plan: 'LADE', grupo: '3A' } }),
              MISSING_SQL.missingOrder(params, { until: { plan: 'ING', grupo: '1A' } }),
              MISSING_SQL.missingOrder(params, { from: { plan: 'LADE', grupo: '3A' } }),
            ]
          : []),
        MISSING_SQL.peopleByIds(params, [1, 2, 3]),
        MISSING_SQL.notListedCount(params),
      ]),
    ];
    for (const statement of statements) {
      const plan = await explain(statement);
      expect(plan, plan).not.toMatch(/Seq Scan/);
      expect(plan, plan).toMatch(/Index|Bitmap/);
    }
  });

  it('lists who has not answered from the directory and completions alone (one row a person, kept by a trigger), index-only', async () => {
    const made = await db
      .insert(students)
      .values(['310000001', '310000002', '310000003'].map((pcId) => ({ pcId, name: 'Alumno', campusId: ids.campusA, plan: 'ING', grupo: '1A', sesion: 'M', year: 1 })))
      .returning({ id: students.id });
    const cycleId = cycleOf('alumnos/serviciosA');
    await db.insert(completions).values({
      respondentType: 'student',
      respondentId: made[1]!.id,
      activeId: ids.activeA,
      cycleId,
      idempotencyKey: randomUUID(),
      completedOn: '2026-03-02',
    } as typeof completions.$inferInsert);
    const params = { activeIds: [ids.activeA], cycleId, campusIds: [ids.campusA], respondentType: 'student' as const };

    expect(await missingRespondentIds(db, params)).toEqual([made[0]!.id, made[2]!.id]);
    // The directory side's index-only scan shows at scale only (docs/reports.md); a three-row table reads its primary key.
    await db.execute(sql`vacuum analyze application_respondent, student`);
    const plan = await explain(MISSING_SQL.missingRespondentIds(params), 'set local enable_bitmapscan = off');
    expect(plan, plan).toMatch(/Index Only Scan using application_respondent_pk on application_respondent/);
  });
});

/** Missing respondents of services A at campus A (the missing-list reads of features/missing). */
function missingParams(filter?: { plan: string; grupo: string }) {
  return { activeIds: [ids.activeA], cycleId: cycleOf('alumnos/serviciosA'), campusIds: [ids.campusA], respondentType: 'student' as const, filter };
}

/** The same for teacher evaluation (done: every class of the period) and NOM-035 (done: Guía I and a risk guide). */
function perClassParams() {
  return { ...missingParams(), cycleId: cycleOf('alumnos/evaluacionDocente'), done: { subjects: 'perClass' as const, periodoId: ids.periodo } };
}
function nom035Params() {
  return { ...missingParams(), cycleId: cycleOf('administrativos/norma'), respondentType: 'staff' as const, done: { subjects: 'nom035Guides' as const } };
}

async function explain(statement: ReturnType<typeof sql>, extra?: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (extra) await tx.execute(sql.raw(extra));
    const result = (await tx.execute(sql`explain ${statement}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/** Every aggregate figure, in a stable order (text ids are random, so texts compare by content). */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const round = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v])));
  const read = async (query: string) => round(await queryRows<Record<string, unknown>>(db, sql.raw(query)));
  return {
    counts: await read(`select * from agg_answer_count order by ciclo_id, active_id, segment, segment_value, questionnaire_id, questionnaire_version, item_id, value`),
    totals: await read(`select * from agg_response_count order by ciclo_id, active_id, segment, segment_value, questionnaire_id, questionnaire_version`),
    teachers: await read(`select * from agg_teacher_score order by ciclo_id, active_id, teacher_id, class_id`),
    nom035: await read(`select * from agg_nom035_level order by ciclo_id, active_id, guide, scope, scope_key, level`),
    textCounts: await read(`select * from agg_text_count order by ciclo_id, active_id, item_id`),
    texts: await read(
      `select ciclo_id, active_id, campus_id, periodo_id, survey_kind, questionnaire_id, item_id, plan, grupo, teacher_id, class_id, text
       from response_text order by item_id, text, class_id`,
    ),
  };
}
