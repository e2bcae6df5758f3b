import { describe, expect, it } from 'vitest';
import { pagingQuery, visiblePage } from './paging';

describe('pagingQuery', () => {
  it('sends the zero-based page plus one and the rows as perPage', () => {
    expect(pagingQuery({ page: 0, rowsPerPage: 10 })).toEqual({ page: 1, perPage: 10 });
    expect(pagingQuery({ page: 2, rowsPerPage: 25 })).toEqual({ page: 3, perPage: 25 });
  });
});

describe('visiblePage', () => {
  it('is 0 for an empty list', () => {
    expect(visiblePage({ page: 3, rowsPerPage: 10 }, 0)).toBe(0);
  });

  it('keeps a page that exists', () => {
    expect(visiblePage({ page: 1, rowsPerPage: 10 }, 25)).toBe(1);
    expect(visiblePage({ page: 2, rowsPerPage: 10 }, 25)).toBe(2);
  });

  it('falls back to the last page when the list shrank', () => {
    expect(visiblePage({ page: 5, rowsPerPage: 10 }, 25)).toBe(2);
    expect(visiblePage({ page: 1, rowsPerPage: 10 }, 10)).toBe(0);
  });
});
