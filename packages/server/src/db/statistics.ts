import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * What the missing lists, the report index and the start page count over
 * (features/missing): the directory, the applications and the completions.
 */
export const PARTICIPATION_TABLES = [
  'student',
  'teacher',
  'staff',
  'class',
  'enrolment',
  'new_intake_target',
  'active',
  'active_ciclo',
  'completion',
  'application_respondent',
  'student_class_count',
  'student_evaluation_count',
] as const;

/**
 * Fresh planner statistics for tables a bulk write just filled. PostgreSQL's
 * autovacuum gathers them on its own; embedded PGlite runs no autovacuum, and
 * without statistics its planner takes every table for a handful of rows: on
 * the demo the start page's participation counts chose nested loops that
 * aggregated the same rows again for every group (EXPLAIN in
 * docs/benchmarks.md). ANALYZE reads a sample, so it stays cheap on big tables.
 */
export async function refreshStatistics(db: Database, tables: readonly string[]): Promise<void> {
  if (tables.length) await db.execute(sql.raw(`analyze ${tables.map((t) => `"${t}"`).join(', ')}`));
}
