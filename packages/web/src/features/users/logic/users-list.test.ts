import { describe, expect, it } from 'vitest';
import { availabilityLabel, usersPageQuery } from './users-list';

describe('usersPageQuery', () => {
  it('sends the zero-based page plus one and leaves out an empty search', () => {
    expect(usersPageQuery({ page: 0, rowsPerPage: 10, search: '   ', availability: 'all' })).toEqual({
      page: 1,
      perPage: 10,
    });
  });

  it('trims the search and sends the availability filter', () => {
    expect(usersPageQuery({ page: 2, rowsPerPage: 25, search: ' ana ', availability: 'false' })).toEqual({
      page: 3,
      perPage: 25,
      search: 'ana',
      avalible: 'false',
    });
  });
});

describe('availabilityLabel', () => {
  it.each([
    [true, 'Habilitado'],
    [false, 'Deshabilitado'],
  ])('%s is %s', (avalible, label) => {
    expect(availabilityLabel(avalible)).toBe(label);
  });
});
