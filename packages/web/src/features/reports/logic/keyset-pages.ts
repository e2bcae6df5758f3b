/**
 * Keyset paging walked both ways: the server gives only the cursor of the
 * next page, so the cursors of the pages already seen are kept to go back.
 */
export interface KeysetPages {
  /** Cursor of each page visited; the first page's is null. */
  cursors: (string | null)[];
}

export const FIRST_KEYSET_PAGE: KeysetPages = { cursors: [null] };

export const currentCursor = (pages: KeysetPages): string | null => pages.cursors[pages.cursors.length - 1] ?? null;
export const pageNumber = (pages: KeysetPages): number => pages.cursors.length;

export function nextKeysetPage(pages: KeysetPages, next: string | null): KeysetPages {
  return next == null ? pages : { cursors: [...pages.cursors, next] };
}

export function previousKeysetPage(pages: KeysetPages): KeysetPages {
  return pages.cursors.length > 1 ? { cursors: pages.cursors.slice(0, -1) } : pages;
}
