/**
 * migration 0021 on applications an older version created: each keeps its
 * window and gets no release day of its own, so teachers see its results
 * from the day after it ends; a release day before an application's start
 * is refused by the database too.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { insertOneApplication } from '../helpers/migration-fixtures';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

describe(`migration 0021 on existing applications (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    before = await databaseBeforeMigration(21);
    ({ handle } = before);
    await insertOneApplication(handle.db);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('keeps the application with no release day of its own (the default: the day after its end)', async () => {
    const rows = await queryRows<{ start_active: string; end_active: string; results_release_day: string | null }>(
      handle.db,
      sql`select start_active::text, end_active::text, results_release_day::text from active`,
    );
    expect(rows).toEqual([{ start_active: '2026-03-01', end_active: '2026-03-31', results_release_day: null }]);
  });

  it('takes a release day from the start on, and refuses one before it', async () => {
    await handle.db.execute(sql`update active set results_release_day = '2026-03-01' where id = 1`);
    await expect(handle.db.execute(sql`update active set results_release_day = '2026-02-28' where id = 1`)).rejects.toThrow();
  });
});
