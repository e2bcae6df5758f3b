import { describe, expect, it } from 'vitest';
import { FIRST_KEYSET_PAGE, currentCursor, nextKeysetPage, pageNumber, previousKeysetPage } from './logic/keyset-pages';
import { sortRows, nextSort } from './logic/table-sort';

describe('keyset pages walked both ways', () => {
  it('goes forward with the next cursor and back to the cursor before', () => {
    const second = nextKeysetPage(FIRST_KEYSET_PAGE, 'c1');
    const third = nextKeysetPage(second, 'c2');
    expect([currentCursor(third), pageNumber(third)]).toEqual(['c2', 3]);
    expect(currentCursor(previousKeysetPage(third))).toBe('c1');
    expect(currentCursor(previousKeysetPage(second))).toBeNull();
  });
  it('stays on the last page when there is no next cursor, and on the first going back', () => {
    expect(nextKeysetPage(FIRST_KEYSET_PAGE, null)).toBe(FIRST_KEYSET_PAGE);
    expect(previousKeysetPage(FIRST_KEYSET_PAGE)).toBe(FIRST_KEYSET_PAGE);
  });
});

describe('report table sorting', () => {
  const rows = [
    { name: 'Ñuñoa', n: 3 },
    { name: 'Oaxaca', n: null },
    { name: 'León', n: 10 },
    { name: 'CDMX', n: 3 },
  ];
  const value = (row: (typeof rows)[number], key: 'name' | 'n') => row[key];
  it('orders numbers by value, keeps ties in place and withheld cells last either way', () => {
    expect(sortRows(rows, { key: 'n', direction: 'asc' }, value).map((r) => r.name)).toEqual(['Ñuñoa', 'CDMX', 'León', 'Oaxaca']);
    expect(sortRows(rows, { key: 'n', direction: 'desc' }, value).map((r) => r.name)).toEqual(['León', 'Ñuñoa', 'CDMX', 'Oaxaca']);
  });
  it('orders names in Spanish (Ñ after N)', () => {
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, value).map((r) => r.name)).toEqual(['CDMX', 'León', 'Ñuñoa', 'Oaxaca']);
  });
  it('toggles the direction on the same column and starts ascending on another', () => {
    expect(nextSort({ key: 'n', direction: 'asc' }, 'n')).toEqual({ key: 'n', direction: 'desc' });
    expect(nextSort({ key: 'n', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});
