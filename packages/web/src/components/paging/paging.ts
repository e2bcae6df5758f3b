/** A list's place in the UI: the zero-based page and how many rows a page has. */
export interface Paging {
  page: number;
  rowsPerPage: number;
}

/** The API's paging query: the UI's zero-based page plus one, and rows per page as `perPage`. */
export function pagingQuery(paging: Paging): { page: number; perPage: number } {
  return { page: paging.page + 1, perPage: paging.rowsPerPage };
}

/** The page to show for `total` rows: the asked one, but never past the last page (0 when empty). */
export function visiblePage(paging: Paging, total: number): number {
  if (total === 0) return 0;
  return Math.min(paging.page, Math.max(0, Math.ceil(total / paging.rowsPerPage) - 1));
}
