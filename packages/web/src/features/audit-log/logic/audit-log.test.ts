import { describe, expect, it } from 'vitest';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import {
  INITIAL_AUDIT_LOG_FILTERS,
  actionLabel,
  actionOptions,
  actorName,
  auditLogQuery,
  dateRangeError,
  detailsJson,
  detailsSummary,
  entityText,
  hasActiveFilters,
} from './audit-log';

describe('actionLabel', () => {
  it.each([
    ['create', 'Creación'],
    ['update', 'Modificación'],
    ['set-access', 'Cambio de permisos'],
    ['suggestion-box', 'Apertura o cierre del buzón'],
    ['import', 'Importación'],
    ['rename', 'Cambio de nombre'],
    ['cycles', 'Cambio de tipos de encuesta'],
  ])('%s is %s', (action, label) => {
    expect(actionLabel(action)).toBe(label);
  });

  it('shows an action it does not know by its code', () => {
    expect(actionLabel('archive')).toBe('archive');
  });
});

describe('actionOptions', () => {
  it('sorts the actions by their Spanish label', () => {
    expect(actionOptions(['update', 'create', 'import']).map((o) => o.label)).toEqual([
      'Creación',
      'Importación',
      'Modificación',
    ]);
  });
});

describe('entityText', () => {
  it.each([
    [{ entity: 'user', entity_id: '12' }, 'Usuario #12'],
    [{ entity: 'active', entity_id: '3' }, 'Periodo de encuestas #3'],
    [{ entity: 'institution', entity_id: null }, 'Institución'],
    [{ entity: 'directory:alumnos', entity_id: null }, 'Directorio: alumnos'],
    [{ entity: 'directory:otros', entity_id: null }, 'Directorio: otros'],
    [{ entity: 'something', entity_id: '1' }, 'something #1'],
  ])('%j is %s', (entry, text) => {
    expect(entityText(entry)).toBe(text);
  });
});

describe('actorName', () => {
  it('is the full name, the e-mail without one, and «Sin usuario» without an actor', () => {
    expect(actorName({ id: 1, full_name: 'Ana Ruiz', email: 'ana@encuestas.mx' })).toBe('Ana Ruiz');
    expect(actorName({ id: 1, full_name: '', email: 'ana@encuestas.mx' })).toBe('ana@encuestas.mx');
    expect(actorName(null)).toBe('Sin usuario');
  });
});

describe('detailsSummary', () => {
  it('joins keys and values on one line, with sí/no, lists and nested values summarised', () => {
    expect(
      detailsSummary({ email: 'ana@encuestas.mx', avalible: false, campusIds: [1, 2], errors: [{ row: 1 }, { row: 2 }], rows: [{ row: 1 }], extra: { a: 1 } }, 200),
    ).toBe('email: ana@encuestas.mx · avalible: no · campusIds: 1, 2 · errors: 2 elementos · rows: 1 elemento · extra: {…}');
  });

  it('is empty for no details and cuts a long line with «…»', () => {
    expect(detailsSummary({})).toBe('');
    expect(detailsSummary(null)).toBe('');
    const long = detailsSummary({ name: 'x'.repeat(200) }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('detailsJson', () => {
  it('indents the full details', () => {
    expect(detailsJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(detailsJson(null)).toBe('{}');
  });
});

describe('auditLogQuery', () => {
  const paging = { page: 0, rowsPerPage: 10 };

  it('sends only the page without filters', () => {
    expect(auditLogQuery(INITIAL_AUDIT_LOG_FILTERS, paging)).toEqual({ page: 1, perPage: 10 });
  });

  it('sends the zero-based page plus one and every filter set', () => {
    expect(
      auditLogQuery({ userId: 4, action: 'create', from: '2026-03-01', to: '2026-03-15' }, { page: 2, rowsPerPage: 25 }),
    ).toEqual({ page: 3, perPage: 25, userId: 4, action: 'create', from: '2026-03-01', to: '2026-03-15' });
  });

  it('leaves out a «Hasta» before «Desde» instead of asking for a 422', () => {
    const filters = { ...INITIAL_AUDIT_LOG_FILTERS, from: '2026-03-15', to: '2026-03-01' };
    expect(auditLogQuery(filters, paging)).toEqual({ page: 1, perPage: 10, from: '2026-03-15' });
    expect(dateRangeError(filters)).toBe(END_BEFORE_START_MESSAGE);
    expect(dateRangeError({ from: '2026-03-15', to: '2026-03-15' })).toBeNull();
  });
});

describe('hasActiveFilters', () => {
  it('is false at first and true once any filter is set', () => {
    expect(hasActiveFilters(INITIAL_AUDIT_LOG_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...INITIAL_AUDIT_LOG_FILTERS, action: 'create' })).toBe(true);
    expect(hasActiveFilters({ ...INITIAL_AUDIT_LOG_FILTERS, to: '2026-03-01' })).toBe(true);
  });
});
