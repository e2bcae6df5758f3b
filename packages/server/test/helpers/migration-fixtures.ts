/**
 * Rows the migration tests write into a database as it stood before their
 * migration (helpers/migrations.ts), in the columns every version since has had.
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client';

/** Campus 1 (Puebla), period 1 (2026A, January to June) and its application 1 (March 2026). */
export async function insertOneApplication(db: DatabaseHandle['db']): Promise<void> {
  await db.execute(sql`insert into campus (id, nombre) values (1, 'Puebla')`);
  await db.execute(sql`insert into periodo (id, nombre, fecha_inicio, fecha_fin) values (1, '2026A', '2026-01-10', '2026-06-30')`);
  await db.execute(sql`insert into active (id, campus_id, periodo_id, start_active, end_active) values (1, 1, 1, '2026-03-01', '2026-03-31')`);
}
