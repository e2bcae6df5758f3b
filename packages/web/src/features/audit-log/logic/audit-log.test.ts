import { describe, expect, it } from 'vitest';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import {
  INITIAL_AUDIT_LOG_FILTERS,
  actionLabel,
  actionOptions,
  actorName,
  auditLogQuery,
  dateRangeError,
  fieldsSummary,
  hasActiveFilters,
  hasDetails,
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

describe('actorName', () => {
  it('is the full name, the e-mail without one, and «Sin usuario» without an actor', () => {
    expect(actorName({ id: 1, full_name: 'Ana Ruiz', email: 'ana@encuestas.mx' })).toBe('Ana Ruiz');
    expect(actorName({ id: 1, full_name: '', email: 'ana@encuestas.mx' })).toBe('ana@encuestas.mx');
    expect(actorName(null)).toBe('Sin usuario');
  });
});

describe('fieldsSummary', () => {
  const changes = [
    { label: 'Final de encuestas', before: '01/01/2027', after: '20/11/2026' },
    { label: 'Campus', before: null, after: 'Puebla' },
  ];

  it('puts the changes before → after and the other fields on one line, «No registrado» where the value before is unknown', () => {
    expect(fieldsSummary({ changes, facts: [{ label: 'Dirección IP', value: '10.0.0.1' }] }, 200)).toBe(
      'Final de encuestas: 01/01/2027 → 20/11/2026 · Campus: No registrado → Puebla · Dirección IP: 10.0.0.1',
    );
  });

  it('is empty without fields and cuts a long line with «…»', () => {
    expect(fieldsSummary({ changes: [], facts: [] })).toBe('');
    expect(hasDetails({ changes: [], facts: [] })).toBe(false);
    expect(hasDetails({ changes, facts: [] })).toBe(true);
    const long = fieldsSummary({ changes: [], facts: [{ label: 'Mensaje', value: 'x'.repeat(200) }] }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith('…')).toBe(true);
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
