import { sql, type SQL } from 'drizzle-orm';

/**
 * The values as bound parameters for `in (…)`: `a, b, c`, or `null` when there
 * are none, so `x in (null)` matches nothing where an empty list would not parse.
 * For short lists (campuses, cycles, applications); a long one goes as `idArray`.
 */
export function sqlList(values: readonly (number | string)[]): SQL {
  return values.length ? sql.join(values.map((value) => sql`${value}`), sql`, `) : sql`null`;
}

/**
 * Ids as one `int[]` parameter, for `x = any(${idArray(ids)})`: a list of a thousand teachers or
 * people costs one parameter to build and send instead of a thousand (drizzle builds each one on
 * every request: most of a report's own work with twenty readers at once), and has no length limit.
 */
export function idArray(ids: Iterable<number>): SQL {
  return sql`${sql.param([...ids])}::int[]`;
}

/** Uuids as one `uuid[]` parameter, for `x = any(${uuidArray(ids)})`, as idArray for ints. */
export function uuidArray(ids: Iterable<string>): SQL {
  return sql`${sql.param([...ids])}::uuid[]`;
}
