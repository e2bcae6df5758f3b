/**
 * The demo's term of answers: every completion has its response, the
 * previous term's teacher evaluations are there for the ranking's change, the
 * answers are valid for their questionnaire, the README's demo respondents
 * have nothing answered, and what the mover published is folded and mixed
 * in sets of at least ANONYMITY_BATCH under one day.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnswersSchema } from '@encuestas/core/survey-engine/answers';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { SURVEY_KIND_DEFINITIONS } from '@encuestas/core/survey-kinds/registry';
import { queryRows } from '../../src/db/client';
import { DEMO_STAFF_PC_ID, DEMO_STUDENT_PC_ID, DEMO_TEACHER_PC_ID, seedPreviousTermClasses } from '../../src/db/seed/demo';
import { seedDemoAnswers } from '../../src/db/seed/demo-answers';
import { completions, heldResponses, responses, staff, students, teachers } from '../../src/db/schema';
import { loadCatalogs } from '../../src/features/catalogs/service';
import { publishHeldResponses } from '../../src/features/responses/mover';
import { createTestApp, type TestApp } from '../helpers/app';
import { driverName } from '../helpers/database';
import { openedHeldResponses, testHeldKey } from '../helpers/held';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

const K = 5;
let t: TestApp;
let seeded: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  await seedPreviousTermClasses(t.db, t.demo!);
  ({ responses: seeded } = await seedDemoAnswers(t.db, { today: '2026-11-23', catalogs: await loadCatalogs(t.db), heldKey: testHeldKey }));
  await publishHeldResponses(t.db, { minBatch: K, heldKey: testHeldKey });
}, HEAVY_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
});

const countOf = async (table: typeof responses | typeof heldResponses | typeof completions) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe(`the demo's answers (${driverName})`, () => {
  it('gives every completion exactly one response, published or held, for every kind but the suggestion box', async () => {
    expect(seeded).toBeGreaterThan(100);
    expect(await countOf(completions)).toBe(seeded);
    expect((await countOf(responses)) + (await countOf(heldResponses))).toBe(seeded);
    const kinds = await queryRows<{ kind: string }>(
      t.db,
      sql`select distinct survey_kind as kind from response union select distinct survey_kind from held_response`,
    );
    expect(kinds.map((k) => k.kind).sort()).toEqual(
      Object.keys(SURVEY_KIND_DEFINITIONS)
        .filter((kind) => SURVEY_KIND_DEFINITIONS[kind as keyof typeof SURVEY_KIND_DEFINITIONS].questionnaires.length > 0)
        .sort(),
    );
  });

  it('leaves the README’s demo student, teacher and staff member with everything still to answer', async () => {
    const [[student], [teacher], [worker]] = await Promise.all([
      t.db.select({ id: students.id }).from(students).where(eq(students.pcId, DEMO_STUDENT_PC_ID)),
      t.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.pcId, DEMO_TEACHER_PC_ID)),
      t.db.select({ id: staff.id }).from(staff).where(eq(staff.pcId, DEMO_STAFF_PC_ID)),
    ]);
    const answered = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from completion where (respondent_type, respondent_id) in
        (('student', ${student!.id}), ('teacher', ${teacher!.id}), ('staff', ${worker!.id}))`,
    );
    expect(answered[0]!.n).toBe(0);
  });

  it('stores answers each questionnaire’s own schema accepts, with the server’s catalogue codes', async () => {
    const catalogs = await loadCatalogs(t.db);
    const all = [...(await t.db.select().from(responses)), ...(await openedHeldResponses(t.db))];
    const questionnaires = new Map(
      Object.values(SURVEY_KIND_DEFINITIONS).flatMap((kind) => kind.questionnaires.map((q) => [`${q.id}@${q.version}`, q] as const)),
    );
    for (const row of all) {
      const questionnaire = questionnaires.get(`${row.questionnaireId}@${row.questionnaireVersion}`)!;
      const result = buildAnswersSchema(questionnaire, catalogs).safeParse(row.answers as Answers);
      expect(result.success, `${row.questionnaireId}: ${JSON.stringify(result.error?.issues.slice(0, 2))}`).toBe(true);
    }
    // NOM-035's risk guides carry their scores, as a submission stores them.
    const nom035 = SURVEY_KIND_DEFINITIONS['administrativos/norma'].form;
    if (nom035.type !== 'nom035') throw new Error('NOM-035 is not a guide form');
    const riskGuideIds = new Set([nom035.riskGuides.II.id, nom035.riskGuides.III.id]);
    const riskAnswers = all.filter((r) => riskGuideIds.has(r.questionnaireId));
    expect(riskAnswers.length).toBeGreaterThan(0);
    expect(riskAnswers.filter((r) => r.scores === null)).toEqual([]);
  });

  it('publishes only sets of at least ANONYMITY_BATCH responses that share every segment and one day', async () => {
    expect(await countOf(responses)).toBeGreaterThan(0);
    const sets = await queryRows<{ n: number; days: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct submitted_on)::int as days from response
        group by survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id, campus_id, periodo_id,
          plan, grupo, teacher_id, class_id`,
    );
    for (const set of sets) {
      expect(set.n).toBeGreaterThanOrEqual(K);
      expect(set.days).toBe(1);
    }
  });

  it('folds every published response into the aggregates: the totals match the published rows per kind', async () => {
    const folded = await queryRows<{ questionnaire_id: string; n: number }>(
      t.db,
      sql`select questionnaire_id, sum(n)::int as n from agg_response_count where segment = 'all' group by 1 order by 1`,
    );
    const published = await queryRows<{ questionnaire_id: string; n: number }>(
      t.db,
      sql`select questionnaire_id, count(*)::int as n from response group by 1 order by 1`,
    );
    expect(folded).toEqual(published);
  });

  it("answers the new intake with the catalogue's schools (several of them) or «Otro»", async () => {
    const catalogs = await loadCatalogs(t.db);
    const schools = new Set(catalogs.InstitudeOption!.map((entry) => entry.value));
    const intake = [...(await t.db.select().from(responses)), ...(await openedHeldResponses(t.db))].filter(
      (row) => row.surveyKind === 'alumnos/nuevoIngreso',
    );
    expect(intake.length).toBeGreaterThan(0);
    const chosen = intake.map((row) => (row.answers as Answers).institute);
    expect(chosen.every((code) => code === 'otro' || schools.has(String(code)))).toBe(true);
    expect(new Set(chosen).size).toBeGreaterThan(3);
  });

  it("evaluates the previous term's teachers, every one but each campus's newest, in classes the same groups took", async () => {
    const { previousPeriodId } = t.demo!;
    const newest = await queryRows<{ id: number }>(t.db, sql`select max(id)::int as id from teacher group by campus_id`);
    const taught = await queryRows<{ campus_id: number; teachers: number; newest: number }>(
      t.db,
      sql`select campus_id, count(distinct teacher_id)::int as teachers,
          count(*) filter (where teacher_id in (${sql.join(newest.map((row) => sql`${row.id}`), sql`, `)}))::int as newest
        from class where periodo_id = ${previousPeriodId} group by 1`,
    );
    expect(taught).toHaveLength(7);
    for (const campus of taught) expect(campus).toMatchObject({ teachers: 9, newest: 0 });
    // A class then is taken by the students of the same group and code now.
    const [mismatched] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from enrolment e join class p on p.id = e.class_id and p.periodo_id = ${previousPeriodId}
        where not exists (select 1 from class c join enrolment f on f.class_id = c.id
          where c.code = p.code and c.campus_id = p.campus_id and c.periodo_id = ${t.demo!.currentPeriodId} and f.student_id = e.student_id)`,
    );
    expect(mismatched!.n).toBe(0);
    const evaluations = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select periodo_id from response where survey_kind = 'alumnos/evaluacionDocente'
        union all select periodo_id from held_response where survey_kind = 'alumnos/evaluacionDocente') r where periodo_id = ${previousPeriodId}`,
    );
    expect(evaluations[0]!.n).toBeGreaterThan(0);
  });
});
