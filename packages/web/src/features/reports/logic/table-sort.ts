/** Client-side sorting of a report table (the tables of charts and breakdowns are small and complete). */
export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

type Sortable = string | number | null | undefined;

const collator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

/** Compares two cell values: numbers by value, text in Spanish order; empty cells (withheld) always last. */
export function compareCells(a: Sortable, b: Sortable, direction: SortDirection): number {
  const aEmpty = a == null || a === '';
  const bEmpty = b == null || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
  return direction === 'asc' ? order : -order;
}

/** A sorted copy; rows with equal values keep their order. */
export function sortRows<R, K extends string>(rows: readonly R[], sort: SortState<K> | null, valueOf: (row: R, key: K) => Sortable): R[] {
  if (!sort) return [...rows];
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compareCells(valueOf(x.row, sort.key), valueOf(y.row, sort.key), sort.direction) || x.index - y.index)
    .map(({ row }) => row);
}

/** Clicking a column header: first ascending, again toggles; another column starts ascending. */
export function nextSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> {
  if (current?.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** The rows of one zero-based page. */
export function pageOf<R>(rows: readonly R[], page: number, rowsPerPage: number): R[] {
  return rows.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
}
