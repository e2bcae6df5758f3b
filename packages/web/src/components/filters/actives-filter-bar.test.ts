import { describe, expect, it } from 'vitest';
import { campusFilterEmptyLabel } from './actives-filter-bar';

describe('campusFilterEmptyLabel', () => {
  it("offers 'Todos los campus' only to a user granted every campus, 'Todos mis campus' to the others", () => {
    expect(campusFilterEmptyLabel({ loading: false, grantedAllCampuses: true })).toBe('Todos los campus');
    expect(campusFilterEmptyLabel({ loading: false, grantedAllCampuses: false })).toBe('Todos mis campus');
  });

  it('asks for a campus where one is required, and says when the campuses are loading', () => {
    expect(campusFilterEmptyLabel({ loading: false, grantedAllCampuses: true, required: true })).toBe('Elige un campus');
    expect(campusFilterEmptyLabel({ loading: true, grantedAllCampuses: false })).toBe('Cargando campus…');
  });
});
