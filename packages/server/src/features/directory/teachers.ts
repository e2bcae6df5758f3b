import { inArray } from 'drizzle-orm';
import { fullName } from '@encuestas/core/directory';
import type { ReadDatabase } from '../../db/client';
import { teachers } from '../../db/schema';

/** The full names of these teachers of the directory, by id (an unknown id is absent). */
export async function teacherNames(db: ReadDatabase, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, lastName: teachers.lastName, maternalSurName: teachers.maternalSurName })
    .from(teachers)
    .where(inArray(teachers.id, [...ids]));
  return new Map(rows.map((row) => [row.id, fullName(row.name, row.lastName, row.maternalSurName)]));
}
