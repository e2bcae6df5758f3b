/**
 * migration 0027 on a database an older version filled: the 7.8 publications
 * start empty beside an existing application and its file, take a
 * publication, its withdrawal and a new one (the history), and refuse a
 * second open publication of one application, a withdrawal before its
 * publication, and the deletion of an application that was published
 * (numeral 10.4: records are kept).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

describe(`migration 0027 on an existing database (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(27);
    ({ handle } = before);
    await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await handle.db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
    await handle.db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
    await handle.db.execute(sql`insert into nom035_report (active_id, objective) values (1, 'Identificar factores')`);
    // Without a report or program: only its publication keeps it.
    await handle.db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (2, 1, 1, '2026-03-01', '2026-03-31')`);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('adds the publications empty and keeps the application and its report', async () => {
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from nom035_publication`);
    expect(row?.n).toBe(0);
    expect(await queryRows(handle.db, sql`select active_id, objective from nom035_report`)).toEqual([{ active_id: 1, objective: 'Identificar factores' }]);
  });

  it('keeps one open publication per application with its history, and refuses what the product never stores', async () => {
    await handle.db.execute(sql`insert into nom035_publication (active_id, published_at) values (2, '2026-04-02T15:00:00Z')`);
    await expect(handle.db.execute(sql`insert into nom035_publication (active_id) values (2)`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update nom035_publication set withdrawn_at = '2026-04-01T00:00:00Z'`)).rejects.toThrow();
    await handle.db.execute(sql`update nom035_publication set withdrawn_at = '2026-04-10T15:00:00Z'`);
    await handle.db.execute(sql`insert into nom035_publication (active_id) values (2)`);
    const rows = await queryRows<{ open: boolean }>(handle.db, sql`select withdrawn_at is null as open from nom035_publication order by id`);
    expect(rows).toEqual([{ open: false }, { open: true }]);
    await expect(handle.db.execute(sql`delete from active where id = 2`)).rejects.toThrow();
  });
});
