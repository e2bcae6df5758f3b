/**
 * migration 0017 and the start-up after it, on a database an older version
 * left with answers held in clear: the migration moves them aside (SQL has
 * no key), the start-up seals them into `held_response` and drops the old
 * table, and the mover then publishes them as they were. A key that does not
 * open the held answers stops the start.
 */
import { createSecretKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { heldResponses } from '../../src/db/schema';
import { checkHeldKey, HeldKeyMismatchError, sealHeldLeftInClear } from '../../src/features/responses/held-start';
import { publishHeldResponses } from '../../src/features/responses/mover';
import { driverName } from '../helpers/database';
import { openedHeldResponses, testHeldKey } from '../helpers/held';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

const IN_CLEAR = [
  { id: '3f1c2a4e-0000-4000-8000-000000000001', day: '2026-03-02', answers: { q1: 'buena', comments: 'Comentario guardado en claro' }, scores: null },
  { id: '3f1c2a4e-0000-4000-8000-000000000002', day: '2026-03-03', answers: { q1: 'mala' }, scores: { average: 1 } },
  { id: '3f1c2a4e-0000-4000-8000-000000000003', day: '2026-03-04', answers: { q1: 'excelente', q2: 'na' }, scores: { average: 5 } },
];

async function seedReference(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
  await handle.db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
  await handle.db.execute(sql`insert into ciclo (id, name, survey_kind) values (1, 'Servicios A', 'alumnos/serviciosA')`);
  await handle.db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
}

const unsealedTable = async (handle: DatabaseHandle) =>
  (await queryRows<{ present: boolean }>(handle.db, sql`select to_regclass('held_response_unsealed') is not null as present`))[0]!.present;

describe(`migration 0017 on answers held in clear (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(17);
    ({ handle } = before);
    await seedReference(handle);
    for (const row of IN_CLEAR) {
      await handle.db.execute(sql`insert into held_response (id, survey_kind, questionnaire_id, questionnaire_version, active_id, ciclo_id,
          campus_id, periodo_id, plan, grupo, submitted_on, answers, scores)
        values (${row.id}, 'alumnos/serviciosA', 'alumnos-servicios-a', 1, 1, 1, 1, 1, 'LADE', '1A', ${row.day},
          ${JSON.stringify(row.answers)}::jsonb, ${row.scores === null ? null : JSON.stringify(row.scores)}::jsonb)`);
    }
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('moves the rows held in clear aside and leaves held_response with the segments and a sealed column only', async () => {
    expect(await unsealedTable(handle)).toBe(true);
    expect(await queryRows(handle.db, sql`select id from held_response`)).toEqual([]);
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_name = 'held_response' and column_name in ('answers', 'scores', 'submitted_on', 'sealed')`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['sealed']);
  });

  it('a start with a key seals them, drops the old table, and a second start finds nothing to do', async () => {
    await checkHeldKey(handle.db, testHeldKey);
    expect(await sealHeldLeftInClear(handle.db, testHeldKey)).toBe(3);
    expect(await unsealedTable(handle)).toBe(false);
    const raw = await queryRows<{ clear: string }>(handle.db, sql`select encode(sealed, 'escape') as clear from held_response`);
    expect(raw).toHaveLength(3);
    for (const row of raw) expect(row.clear).not.toMatch(/Comentario|buena|2026-03/);
    const opened = (await openedHeldResponses(handle.db)).sort((a, b) => a.id.localeCompare(b.id));
    expect(opened).toEqual(
      IN_CLEAR.map((row) => ({
        id: row.id,
        surveyKind: 'alumnos/serviciosA',
        questionnaireId: 'alumnos-servicios-a',
        questionnaireVersion: 1,
        activeId: 1,
        cycleId: 1,
        campusId: 1,
        periodoId: 1,
        plan: 'LADE',
        grupo: '1A',
        teacherId: null,
        classId: null,
        submittedOn: row.day,
        answers: row.answers,
        scores: row.scores,
      })),
    );
    expect(await sealHeldLeftInClear(handle.db, testHeldKey)).toBe(0);
  });

  it('stops a start whose key does not open the held answers, saying what to do', async () => {
    const otherKey = createSecretKey(Buffer.alloc(32, 1));
    await expect(checkHeldKey(handle.db, otherKey)).rejects.toThrow(HeldKeyMismatchError);
    await expect(checkHeldKey(handle.db, otherKey)).rejects.toThrow(/does not open the 3 held responses.*If that key is lost, so are those answers/);
  });

  it('the mover publishes them with their answers, scores and one day for the set', async () => {
    // A batch of 1 keeps nothing for a close: all three publish now, as one set.
    expect(await publishHeldResponses(handle.db, { heldKey: testHeldKey, minBatch: 1, fold: () => [] })).toEqual({ published: 3, held: 0 });
    const published = await queryRows<{ answers: unknown; scores: unknown; day: string }>(
      handle.db,
      sql`select answers, scores, submitted_on::text as day from response order by answers->>'q1'`,
    );
    expect(published).toEqual(
      [...IN_CLEAR].sort((a, b) => a.answers.q1.localeCompare(b.answers.q1)).map((row) => ({ answers: row.answers, scores: row.scores, day: '2026-03-04' })),
    );
    expect(await handle.db.$count(heldResponses)).toBe(0);
  });
});

describe(`migration 0017 on an empty holding table (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  beforeAll(async () => {
    before = await databaseBeforeMigration(17);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('drops the old table at once: nothing was held in clear', async () => {
    expect(await unsealedTable(before.handle)).toBe(false);
    expect(await sealHeldLeftInClear(before.handle.db, testHeldKey)).toBe(0);
  });
});
