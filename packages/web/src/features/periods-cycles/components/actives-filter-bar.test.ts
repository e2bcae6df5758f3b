import { describe, expect, it } from 'vitest';
import { allCampusesLabel } from './actives-filter-bar';

describe('allCampusesLabel', () => {
  it("offers 'Todos los campus' only to a user granted every campus", () => {
    expect(allCampusesLabel(true)).toBe('Todos los campus');
    expect(allCampusesLabel(false)).toBe('Todos mis campus');
  });
});
