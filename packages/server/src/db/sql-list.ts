import { sql, type SQL } from 'drizzle-orm';

/**
 * The values as bound parameters for `in (…)`: `a, b, c`, or `null` when there
 * are none, so `x in (null)` matches nothing where an empty list would not parse.
 */
export function sqlList(values: readonly (number | string)[]): SQL {
  return values.length ? sql.join(values.map((value) => sql`${value}`), sql`, `) : sql`null`;
}
