/**
 * migration 0026 on a database an older version filled: the NOM-035 evidence
 * file's tables start empty beside the existing applications, take a
 * campus's policy, notices, report and program, and refuse what the product
 * never stores (an unknown 5.7 item, level or state) and the deletion of an
 * application that has a program (numeral 10.4: records are kept).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { insertOneApplication } from '../helpers/migration-fixtures';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

describe(`migration 0026 on an existing database (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(26);
    ({ handle } = before);
    await insertOneApplication(handle.db);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('adds the file tables empty and keeps the application', async () => {
    for (const table of ['nom035_policy', 'nom035_notice', 'nom035_report', 'nom035_action', 'nom035_action_note']) {
      const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect(row?.n, table).toBe(0);
    }
    expect(await queryRows(handle.db, sql`select id from active`)).toEqual([{ id: 1 }]);
  });

  it('stores a file and refuses unknown codes and the deletion of an application with a program', async () => {
    await handle.db.execute(sql`insert into nom035_policy (campus_id, text, adopted_on) values (1, 'Política', '2026-01-15')`);
    await handle.db.execute(sql`insert into nom035_notice (campus_id, item, how, given_on) values (1, 'policy', 'Correo', '2026-01-20')`);
    await handle.db.execute(sql`insert into nom035_report (active_id, objective) values (1, 'Identificar factores')`);
    await handle.db.execute(
      sql`insert into nom035_action (id, active_id, guide, scope, scope_key, area, measure, level, due_on, responsible) values (1, 1, 'II', 'domain', 'workload', 'Docentes', 'Revisar cargas', 'group', '2026-06-01', 'Dirección')`,
    );
    await handle.db.execute(sql`insert into nom035_action_note (action_id, note, noted_on) values (1, 'Primera reunión', '2026-04-02')`);
    const [action] = await queryRows<{ state: string; follow_up: string }>(handle.db, sql`select state, follow_up from nom035_action`);
    expect(action).toEqual({ state: 'pending', follow_up: '' });
    await expect(handle.db.execute(sql`insert into nom035_notice (campus_id, item, how, given_on) values (1, 'gossip', 'x', '2026-01-20')`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update nom035_action set level = 'personal' where id = 1`)).rejects.toThrow();
    await expect(handle.db.execute(sql`update nom035_action set state = 'olvidada' where id = 1`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from active where id = 1`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from nom035_action where id = 1`)).rejects.toThrow();
  });
});
