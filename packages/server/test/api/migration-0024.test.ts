/**
 * migration 0024 on a directory an older version filled: its classes and
 * teachers stay as they were, with no reflection; the new table takes one
 * reflection per class, refuses an empty text or one over the limit, and a
 * class's reflection goes with the class.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../../src/db/client';
import { driverName } from '../helpers/database';
import { databaseBeforeMigration, type DatabaseBeforeMigration } from '../helpers/migrations';

describe(`migration 0024 on an existing directory (${driverName})`, () => {
  let before: DatabaseBeforeMigration;
  let handle: DatabaseHandle;
  const reflect = (classId: number, text: string) =>
    handle.db.execute(sql`insert into teacher_reflection (class_id, teacher_id, text) values (${classId}, 1, ${text})`);

  beforeAll(async () => {
    before = await databaseBeforeMigration(24);
    ({ handle } = before);
    await handle.db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
    await handle.db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
    await handle.db.execute(sql`insert into teacher (id, pc_id, name, campus_id) values (1, '200000001', 'Ana', 1)`);
    await handle.db.execute(sql`insert into class (id, code, name, campus_id, periodo_id, teacher_id, plan, grupo)
      values (1, 'FIN', 'Finanzas', 1, 1, 1, 'LADE', '3A'), (2, 'EST', 'Estadística', 1, 1, 1, 'LADE', '3A')`);
    await before.migrateAll();
  }, 300_000);
  afterAll(() => before?.close());

  it('keeps the classes, with no reflection', async () => {
    expect(await queryRows<{ id: number }>(handle.db, sql`select id from class order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await queryRows(handle.db, sql`select * from teacher_reflection`)).toEqual([]);
  });

  it('takes one reflection per class, with its days, and refuses an empty text or one over 1000 characters', async () => {
    await reflect(1, 'Daré más ejemplos.');
    await expect(reflect(1, 'Otra')).rejects.toThrow();
    await expect(reflect(2, '   ')).rejects.toThrow();
    await expect(reflect(2, 'a'.repeat(1001))).rejects.toThrow();
    await reflect(2, 'a'.repeat(1000));
    const [row] = await queryRows<{ written: boolean }>(handle.db, sql`select written_at <= now() and updated_at = written_at as written from teacher_reflection where class_id = 1`);
    expect(row).toEqual({ written: true });
  });

  it('removes a class’s reflection with the class', async () => {
    await handle.db.execute(sql`delete from class where id = 2`);
    expect(await queryRows<{ class_id: number }>(handle.db, sql`select class_id from teacher_reflection`)).toEqual([{ class_id: 1 }]);
  });
});
