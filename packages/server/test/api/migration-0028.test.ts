/**
 * migration 0028 on a database an older version filled: NOM-035 applications
 * that had started get the campus's headcount of the day the migration runs
 * (staff of the directory's staff types and teachers, active), dated that day;
 * an application not started yet, and one of another survey type, get none
 * (the first NOM-035 answer counts them). A count is deleted with its
 * application and is never negative.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mexicoCityDay } from '@encuestas/core/dates';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

describe(`migration 0028 on an existing database (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(28);
    ({ handle } = before);
    const run = (statement: ReturnType<typeof sql>) => handle.db.execute(statement);
    await run(sql`insert into campus (id, nombre) values (1, 'Puebla'), (2, 'Tlaxcala')`);
    await run(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
    await run(sql`insert into ciclo (id, name, survey_kind) values (1, 'Norma', 'administrativos/norma'), (2, 'Ambiente', 'administrativos/ambiente')`);
    // Puebla: 2 active staff, 1 inactive, 1 PowerCampus 'Employee' (not a worker of the directory's staff), 1 active teacher.
    await run(sql`insert into staff (pc_id, name, campus_id, tipo, active) values
      ('000000001', 'A', 1, 'Administrativo', true), ('000000002', 'B', 1, 'Administrativo', true),
      ('000000003', 'C', 1, 'Administrativo', false), ('000000004', 'D', 1, 'Employee', true)`);
    await run(sql`insert into teacher (pc_id, name, campus_id) values ('000000005', 'E', 1)`);
    await run(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values
      (1, 1, 1, '2026-03-01', '2026-03-31'), (2, 1, 1, '2999-03-01', '2999-03-31'), (3, 2, 1, '2026-03-01', '2026-03-31'), (4, 1, 1, '2026-03-01', '2026-03-31')`);
    await run(sql`insert into active_ciclo (active_id, ciclo_id) values (1, 1), (2, 1), (3, 1), (4, 2)`);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('counts the started NOM-035 applications with today’s headcount, dated today', async () => {
    const rows = await queryRows<{ active_id: number; workers: number; taken_on: string }>(
      handle.db,
      sql`select active_id, workers, taken_on::text as taken_on from nom035_headcount order by active_id`,
    );
    expect(rows).toEqual([
      { active_id: 1, workers: 3, taken_on: mexicoCityDay() },
      { active_id: 3, workers: 0, taken_on: mexicoCityDay() },
    ]);
  });

  it('refuses a negative count and goes with its application', async () => {
    await expect(handle.db.execute(sql`insert into nom035_headcount (active_id, workers, taken_on) values (2, -1, '2026-11-27')`)).rejects.toThrow();
    await handle.db.execute(sql`delete from active_ciclo where active_id = 3`);
    await handle.db.execute(sql`delete from active where id = 3`);
    expect(await queryRows(handle.db, sql`select active_id from nom035_headcount order by active_id`)).toEqual([{ active_id: 1 }]);
  });
});
