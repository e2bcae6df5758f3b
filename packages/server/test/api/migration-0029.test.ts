/**
 * migration 0029 on a database an older version filled: each student's
 * classes in a period and, per application, the classes they evaluated are
 * counted from the enrolments and completions already there; then every
 * later write keeps them (enrolments and completions added, removed, a class
 * removed with its enrolments, a table emptied), always equal to counting
 * again from scratch.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

interface Counts {
  classes: string[];
  evaluated: string[];
}

describe(`migration 0029 on an existing database (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;
  const run = (statement: ReturnType<typeof sql>) => handle.db.execute(statement);
  const complete = (student: number, active: number, subject: string) =>
    run(sql`insert into completion (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key)
      values ('student', ${student}, ${active}, 1, ${subject}, ${`${student}-${active}-${subject}`})`);

  /** The kept counts, as 'period/student: n' and 'period/student/application: n'. */
  async function kept(): Promise<Counts> {
    const classes = await queryRows<{ row: string }>(
      handle.db,
      sql`select periodo_id || '/' || student_id || ': ' || classes as row from student_class_count where classes > 0 order by 1`,
    );
    const evaluated = await queryRows<{ row: string }>(
      handle.db,
      sql`select periodo_id || '/' || student_id || '/' || active_id || ': ' || evaluated as row from student_evaluation_count where evaluated > 0 order by 1`,
    );
    return { classes: classes.map((r) => r.row), evaluated: evaluated.map((r) => r.row) };
  }

  /** The same counted from the enrolments and completions. */
  async function recounted(): Promise<Counts> {
    const classes = await queryRows<{ row: string }>(
      handle.db,
      sql`select cl.periodo_id || '/' || e.student_id || ': ' || count(*) as row
        from enrolment e join class cl on cl.id = e.class_id group by cl.periodo_id, e.student_id order by 1`,
    );
    const evaluated = await queryRows<{ row: string }>(
      handle.db,
      sql`select cl.periodo_id || '/' || e.student_id || '/' || c.active_id || ': ' || count(*) as row
        from enrolment e join class cl on cl.id = e.class_id
          join completion c on c.respondent_type = 'student' and c.respondent_id = e.student_id and c.subject_key = e.class_id::text
        group by cl.periodo_id, e.student_id, c.active_id order by 1`,
    );
    return { classes: classes.map((r) => r.row), evaluated: evaluated.map((r) => r.row) };
  }

  beforeAll(async () => {
    before = await databaseBeforeMigration(29);
    ({ handle } = before);
    await run(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await run(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values
      (1, '2026A', '2026-01-10', '2026-06-30'), (2, '2026B', '2026-07-01', '2026-12-15')`);
    await run(sql`insert into ciclo (id, name, survey_kind) values (1, 'Evaluación', 'alumnos/evaluacionDocente'), (2, 'Servicios', 'alumnos/serviciosA')`);
    await run(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values
      (1, 1, 1, '2026-03-01', '2026-03-31'), (2, 1, 1, '2026-04-01', '2026-04-30'), (3, 1, 2, '2026-09-01', '2026-09-30')`);
    await run(sql`insert into teacher (id, pc_id, name, campus_id) values (1, '200000001', 'Ana', 1)`);
    await run(sql`insert into class (id, code, name, campus_id, periodo_id, teacher_id, plan, grupo) values
      (1, 'FIN', 'Finanzas', 1, 1, 1, 'LADE', '3A'), (2, 'EST', 'Estadística', 1, 1, 1, 'LADE', '3A'),
      (3, 'MKT', 'Mercadotecnia', 1, 1, 1, 'LADE', '3A'), (4, 'DER', 'Derecho', 1, 2, 1, 'LADE', '3A')`);
    await run(sql`insert into student (id, pc_id, name, campus_id, plan, grupo, sesion, year) values
      (1, '100000001', 'Eva', 1, 'LADE', '3A', 'M', 2), (2, '100000002', 'Raúl', 1, 'LADE', '3A', 'M', 2), (3, '100000003', 'Sol', 1, 'LADE', '3A', 'M', 2)`);
    // Eva takes three classes of 2026A and one of 2026B; Raúl two of 2026A; Sol none.
    await run(sql`insert into enrolment (class_id, student_id) values (1, 1), (2, 1), (3, 1), (4, 1), (1, 2), (2, 2)`);
    // Eva evaluated Finanzas under both applications of 2026A and Derecho in 2026B; Raúl Estadística, and
    // Mercadotecnia, which he does not take; Sol answered a survey with no class.
    await complete(1, 1, '1');
    await complete(1, 2, '1');
    await complete(1, 3, '4');
    await complete(2, 1, '2');
    await complete(2, 1, '3');
    await run(sql`insert into completion (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key)
      values ('student', 3, 1, 2, '', 'sol')`);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('counts the classes and evaluations already there', async () => {
    expect(await kept()).toEqual({
      classes: ['1/1: 3', '1/2: 2', '2/1: 1'],
      evaluated: ['1/1/1: 1', '1/1/2: 1', '1/2/1: 1', '2/1/3: 1'],
    });
    expect(await kept()).toEqual(await recounted());
  });

  it('keeps them as enrolments and completions are added', async () => {
    // Raúl now takes Mercadotecnia, which he had evaluated: it counts from now on.
    await run(sql`insert into enrolment (class_id, student_id) values (3, 2), (1, 3)`);
    await complete(1, 1, '2');
    await complete(3, 2, '1');
    expect(await kept()).toMatchObject({ classes: ['1/1: 3', '1/2: 3', '1/3: 1', '2/1: 1'] });
    expect((await kept()).evaluated).toEqual(['1/1/1: 2', '1/1/2: 1', '1/2/1: 2', '1/3/2: 1', '2/1/3: 1']);
    expect(await kept()).toEqual(await recounted());
  });

  it('counts again when an enrolment, a completion or a whole class goes', async () => {
    await run(sql`delete from enrolment where class_id = 1 and student_id = 1`);
    expect(await kept()).toEqual(await recounted());
    await run(sql`delete from completion where respondent_id = 2 and subject_key = '2'`);
    expect(await kept()).toEqual(await recounted());
    await run(sql`delete from class where id = 2`);
    expect(await kept()).toEqual(await recounted());
    expect(await kept()).toEqual({ classes: ['1/1: 1', '1/2: 2', '1/3: 1', '2/1: 1'], evaluated: ['1/2/1: 1', '1/3/2: 1', '2/1/3: 1'] });
  });

  it('empties them with their tables', async () => {
    await run(sql`truncate completion`);
    expect(await kept()).toEqual({ classes: ['1/1: 1', '1/2: 2', '1/3: 1', '2/1: 1'], evaluated: [] });
    await run(sql`truncate enrolment`);
    expect(await kept()).toEqual({ classes: [], evaluated: [] });
  });
});
