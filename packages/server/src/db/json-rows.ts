/**
 * Many rows in one statement, travelling as one JSON parameter read by
 * jsonb_to_recordset: the same on both drivers, under PostgreSQL's parameter
 * limit at any batch size, and cheap to build. Drizzle's multi-row insert
 * makes a parameter per value and checks each one; for the mover's batches
 * (hundreds of rows of 15 columns) that building took more CPU than the
 * statement itself (issue 23).
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Inserts `rows` into `table` (columns and their types as given); with a
 * conflict key, a row whose key exists adds its `sums` columns to the stored
 * row's instead. A key missing from a row, or a JSON null, is SQL NULL.
 */
export function upsertJsonRows(table: string, columns: Record<string, string>, key: string[], sums: string[], rows: object[]): SQL {
  const names = Object.keys(columns);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const record = sql.raw(names.map((name) => `"${name}" ${columns[name]}`).join(', '));
  const conflict =
    key.length === 0
      ? sql``
      : sql.raw(
          ` on conflict (${key.map((k) => `"${k}"`).join(', ')}) do update set ${sums.map((s) => `"${s}" = "${table}"."${s}" + excluded."${s}"`).join(', ')}`,
        );
  return sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${record})${conflict}`;
}

/** Column types whose values travel through JSON unchanged (a Buffer or a serial does not). */
const JSON_SAFE_TYPES = /^(uuid|text|integer|bigint|smallint|boolean|date|jsonb|real|double precision|numeric)$/;

/**
 * Inserts rows shaped as drizzle selects them (property names, values in
 * their TypeScript form) into their table, in order. Every column is
 * written: one a row leaves out is NULL, not its default. For tables whose
 * columns JSON carries as they are (JSON_SAFE_TYPES): a bytea or serial
 * column throws.
 */
export function insertTableRows<T extends PgTable>(table: T, rows: readonly T['$inferSelect'][]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const unsafe = columns.find(([, column]) => !JSON_SAFE_TYPES.test(column.getSQLType()));
  if (unsafe) throw new Error(`insertTableRows: ${getTableName(table)}.${unsafe[1].name} is ${unsafe[1].getSQLType()}, which JSON does not carry as it is`);
  const types = Object.fromEntries(columns.map(([, column]) => [column.name, column.getSQLType()]));
  const json = rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const [property, column] of columns) values[column.name] = (row as Record<string, unknown>)[property];
    return values;
  });
  return upsertJsonRows(getTableName(table), types, [], [], json);
}

/**
 * Data-modifying statements as the WITH clauses of one statement
 * (`with ${writeClauses(writes)} select …`): one round trip and one implicit
 * transaction, each run to its end whatever the final select reads. They
 * see the same snapshot, so none may read what another writes.
 */
export function writeClauses(writes: readonly SQL[]): SQL {
  if (writes.length === 0) throw new Error('writeClauses: no statement to run');
  return sql.join(
    writes.map((write, i) => sql`${sql.raw(`write_${i}`)} as (${write})`),
    sql`, `,
  );
}
