/**
 * Migration 0001 on a database that lived under 0000: suggestions get random
 * ids (their audit entries follow) and lose their update time; sessions lose
 * their creation time. Data is kept.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe(`migration 0001 on existing data (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(1);
    ({ handle } = before);
    await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await handle.db.execute(sql`insert into comment_category (id, name) values (1, 'Queja')`);
    await handle.db.execute(sql`insert into suggestion (id, campus_id, comment, comment_category_id, legal_consent, created_on, updated_at)
      values (1, 1, 'primero', 1, true, '2026-03-01', '2026-03-01 17:04:05.123456+00'),
             (2, 1, 'segundo', 1, true, '2026-03-02', '2026-03-02 09:00:00.654321+00')`);
    await handle.db.execute(sql`insert into audit_log (action, entity, entity_id) values ('close', 'suggestion', '2'), ('update', 'campus', '2')`);
    await handle.db.execute(sql`insert into session (id, subject_type, subject_id, expires_at)
      values ('5a0c3c1e-8d0e-4c55-9a3e-7c2b8f6d1e20', 'student', 7, now() + interval '1 hour')`);
    await before.migrateAll();
  });
  afterAll(async () => {
    await before?.close();
  });

  it('gives every suggestion a random id, keeps its day and content, and drops its update time', async () => {
    const rows = await queryRows<{ id: string; comment: string; created_on: string | Date }>(
      handle.db,
      sql`select id, comment, created_on::text as created_on from suggestion order by created_on`,
    );
    expect(rows.map((row) => [row.comment, row.created_on])).toEqual([
      ['primero', '2026-03-01'],
      ['segundo', '2026-03-02'],
    ]);
    for (const row of rows) expect(row.id).toMatch(UUID);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
    const timeColumns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_name = 'suggestion' and data_type like '%time%'`,
    );
    expect(timeColumns).toEqual([]);
  });

  it('points the suggestion’s audit entries at its new id, leaving other entities alone', async () => {
    const [second] = await queryRows<{ id: string }>(handle.db, sql`select id from suggestion where comment = 'segundo'`);
    const entries = await queryRows<{ entity: string; entity_id: string }>(handle.db, sql`select entity, entity_id from audit_log order by id`);
    expect(entries).toEqual([
      { entity: 'suggestion', entity_id: second!.id },
      { entity: 'campus', entity_id: '2' },
    ]);
  });

  it('keeps sessions working without their creation time, and new suggestions get ids by default', async () => {
    const sessions = await queryRows<Record<string, unknown>>(handle.db, sql`select * from session`);
    expect(sessions).toHaveLength(1);
    expect(Object.keys(sessions[0]!).sort()).toEqual(['expires_at', 'id', 'revoked_at', 'subject_id', 'subject_type']);
    const [created] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into suggestion (campus_id, comment, comment_category_id, legal_consent, created_on)
        values (1, 'tercero', 1, true, '2026-03-03') returning id`,
    );
    expect(created!.id).toMatch(UUID);
  });
});
