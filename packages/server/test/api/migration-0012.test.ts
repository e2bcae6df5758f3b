/**
 * Migration 0012 on a database that lived before it: `application_respondent`
 * gets one row per person and application cycle from the completions (a
 * student who evaluated three classes is one respondent), and from then on
 * the trigger keeps it as completions arrive, one statement or many rows at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';
import { HEAVY_TIMEOUT_MS } from '../helpers/timeouts';

describe(`migration 0012 on existing completions (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;
  const completion = (student: number, subject: string, key: string) =>
    sql`insert into completion (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key) values ('student', ${student}, 1, 1, ${subject}, ${key})`;
  const respondents = () =>
    queryRows<{ respondent_id: number }>(handle.db, sql`select respondent_id from application_respondent where active_id = 1 and ciclo_id = 1 order by respondent_id`);

  beforeAll(async () => {
    before = await databaseBeforeMigration(12);
    ({ handle } = before);
    await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await handle.db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
    await handle.db.execute(sql`insert into ciclo (id, name, survey_kind) values (1, 'Evaluación Docente', 'alumnos/evaluacionDocente')`);
    await handle.db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
    for (const [student, subject] of [[7, '11'], [7, '12'], [7, '13'], [8, '11']] as const) await handle.db.execute(completion(student, subject, `k-${student}-${subject}`));
    await before.migrateAll();
  }, HEAVY_TIMEOUT_MS);
  afterAll(() => before?.close());

  it('counts each person once from the completions already there', async () => {
    expect((await respondents()).map((r) => r.respondent_id)).toEqual([7, 8]);
  });

  it('adds a new respondent with their first completion, and nothing for a further class', async () => {
    await handle.db.execute(completion(9, '11', 'k-9-11'));
    await handle.db.execute(completion(9, '12', 'k-9-12'));
    await handle.db.execute(sql`insert into completion (respondent_type, respondent_id, active_id, ciclo_id, subject_key, idempotency_key)
      values ('student', 10, 1, 1, '11', 'k-10-11'), ('student', 10, 1, 1, '12', 'k-10-12'), ('student', 8, 1, 1, '12', 'k-8-12')`);
    expect((await respondents()).map((r) => r.respondent_id)).toEqual([7, 8, 9, 10]);
  });
});
