/** The lists' page sizes, without zod (./common.ts re-exports them with its schemas): the screens import them from here and so load no schema library. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;
export const PERIODS_ROWS_PER_PAGE_OPTIONS = [10, 25, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
