import { describe, expect, it } from 'vitest';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { ALL_PERMISSION_NAMES, PERMISSIONS } from '@encuestas/core/permissions';
import {
  INITIAL_SUGGESTION_FILTERS,
  canMarkContacted,
  categoryLabel,
  chipColor,
  classificationChange,
  commentExcerpt,
  hasActiveFilters,
  hasContactData,
  suggestionAccess,
  suggestionsPageQuery,
  type SuggestionFilters,
} from './suggestion-filters';

const paging = { page: 0, rowsPerPage: 10 };

function suggestion(overrides: Partial<Suggestion> = {}): Suggestion {
  return {
    id: '0b5c4d2e-7f1a-4e3b-9c8d-1a2b3c4d5e6f',
    campus: { id: 1, nombre: 'Puebla' },
    comment: 'La biblioteca cierra temprano.',
    commentCategory: { id: 1, name: 'Sugerencia', color: 'info' },
    suggestionCategory: { id: 3, name: 'Biblioteca', scope: 'general' },
    suggestionResolution: { id: 3, name: 'Sin categorizar', color: 'default' },
    contact: { checked: true, phone: '2221234567', email: null },
    isClosed: false,
    isContacted: false,
    created_on: '2026-03-15',
    ...overrides,
  };
}

describe('suggestionsPageQuery', () => {
  it('starts on the open comments: page 1, isClosed=false and nothing else', () => {
    expect(suggestionsPageQuery(INITIAL_SUGGESTION_FILTERS, paging)).toEqual({ page: 1, perPage: 10, isClosed: 'false' });
  });

  it('sends every chosen filter with the names of the API', () => {
    const filters: SuggestionFilters = {
      campusId: 2,
      search: '  biblioteca ',
      commentsCategoryId: 2,
      suggestionCategoryId: 10,
      suggestionResolutionId: 1,
      closed: 'closed',
      hasContact: 'yes',
      isContacted: 'no',
    };
    expect(suggestionsPageQuery(filters, { page: 2, rowsPerPage: 25 })).toEqual({
      page: 3,
      perPage: 25,
      campusId: 2,
      filter: 'biblioteca',
      commentsCategoryId: 2,
      suggestionCategoryId: 10,
      suggestionResolutionId: 1,
      isClosed: 'true',
      hasContact: 'true',
      isContacted: 'false',
    });
  });

  it('leaves out an empty search and the "Todos" choices', () => {
    const query = suggestionsPageQuery(
      { ...INITIAL_SUGGESTION_FILTERS, search: '   ', closed: 'all', hasContact: 'no', isContacted: 'all' },
      { page: 0, rowsPerPage: 100 },
    );
    expect(query).toEqual({ page: 1, perPage: 100, hasContact: 'false' });
  });

  it('cuts the search at 100 characters', () => {
    const query = suggestionsPageQuery({ ...INITIAL_SUGGESTION_FILTERS, search: 'a'.repeat(150) }, paging);
    expect(query.filter).toHaveLength(100);
  });
});

describe('hasActiveFilters', () => {
  it('is false for the initial filters and a blank search', () => {
    expect(hasActiveFilters(INITIAL_SUGGESTION_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...INITIAL_SUGGESTION_FILTERS, search: '  ' })).toBe(false);
  });

  it.each([
    [{ campusId: 1 }],
    [{ search: 'baños' }],
    [{ closed: 'all' as const }],
    [{ isContacted: 'yes' as const }],
    [{ suggestionResolutionId: 2 }],
  ])('is true with %j', (change) => {
    expect(hasActiveFilters({ ...INITIAL_SUGGESTION_FILTERS, ...change })).toBe(true);
  });
});

describe('commentExcerpt', () => {
  it('keeps a short comment whole, on one line', () => {
    expect(commentExcerpt('Hola\n\nmundo  ')).toBe('Hola mundo');
  });

  it('cuts a long comment at a word and adds an ellipsis', () => {
    const excerpt = commentExcerpt('La biblioteca cierra muy temprano los viernes, sería útil abrir más tarde', 40);
    expect(excerpt).toBe('La biblioteca cierra muy temprano los…');
  });
});

describe('contact and chips', () => {
  it('counts contact data only with consent and a phone or an e-mail', () => {
    expect(hasContactData(suggestion())).toBe(true);
    expect(hasContactData(suggestion({ contact: { checked: false, phone: null, email: null } }))).toBe(false);
    expect(hasContactData(suggestion({ contact: { checked: true, phone: null, email: null } }))).toBe(false);
  });

  it.each([
    ['info', 'info'],
    ['warning', 'warning'],
    ['success', 'success'],
    ['error', 'error'],
    ['default', 'default'],
    ['purple', 'default'],
    [null, 'default'],
  ])('colour %j shows as %j', (color, expected) => {
    expect(chipColor(color)).toBe(expected);
  });
});

describe('suggestionAccess', () => {
  it('lets a manager edit an open comment', () => {
    expect(suggestionAccess([PERMISSIONS.manageSuggestions], suggestion())).toEqual({ canEdit: true, reason: null });
  });

  it('keeps a viewer read-only', () => {
    expect(suggestionAccess([PERMISSIONS.viewSuggestions], suggestion())).toEqual({
      canEdit: false,
      reason: 'no-permission',
    });
  });

  it('keeps a closed comment read-only even for a manager', () => {
    expect(suggestionAccess(ALL_PERMISSION_NAMES, suggestion({ isClosed: true }))).toEqual({
      canEdit: false,
      reason: 'closed',
    });
  });

  it('offers "Marcar como contactado" only for an open, not yet contacted comment with consent', () => {
    expect(canMarkContacted(suggestion())).toBe(true);
    expect(canMarkContacted(suggestion({ isContacted: true }))).toBe(false);
    expect(canMarkContacted(suggestion({ isClosed: true }))).toBe(false);
    expect(canMarkContacted(suggestion({ contact: { checked: false, phone: null, email: null } }))).toBe(false);
  });
});

describe('classificationChange', () => {
  it('sends only the changed field', () => {
    expect(classificationChange(suggestion(), 'suggestionResolutionId', 1)).toEqual({ suggestionResolutionId: 1 });
    expect(classificationChange(suggestion(), 'commentCategoryId', 2)).toEqual({ commentCategoryId: 2 });
  });

  it('sends nothing when the value is the current one or empty', () => {
    expect(classificationChange(suggestion(), 'suggestionCategoryId', 3)).toBeNull();
    expect(classificationChange(suggestion(), 'suggestionCategoryId', null)).toBeNull();
  });

  it('sets a category on a comment that had none', () => {
    expect(classificationChange(suggestion({ suggestionCategory: null }), 'suggestionCategoryId', 10)).toEqual({
      suggestionCategoryId: 10,
    });
  });
});

describe('categoryLabel', () => {
  const groups = {
    general: [{ id: 9, name: 'Otro', scope: 'general' as const }],
    person: [
      { id: 10, name: 'Docente', scope: 'person' as const },
      { id: 15, name: 'Otro', scope: 'person' as const },
    ],
  };

  it.each([
    ['', 'Todas'],
    ['9', 'Otro'],
    ['15', 'Otro (sobre una persona)'],
    ['10', 'Docente (sobre una persona)'],
    ['99', ''],
  ])('%j reads %j', (value, expected) => {
    expect(categoryLabel(value, groups)).toBe(expected);
  });
});
