import type { ChipColor, Suggestion, UpdateSuggestionRequest } from '@encuestas/core/api/suggestions';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import type { SuggestionCategoryGroups, SuggestionsPageQuery } from '../api/suggestions-admin-api';
import { pagingQuery, type Paging } from '../../../components/paging/paging';

/** Estado: open ones (the work still to do), closed ones or all. */
export type ClosedFilter = 'open' | 'closed' | 'all';
/** 'Con contacto' and 'Contactado': either answer or both. */
export type YesNoFilter = 'all' | 'yes' | 'no';

/** What the filter bar holds; ids are null for 'all'. */
export interface SuggestionFilters {
  campusId: number | null;
  /** Free text searched in the comments. */
  search: string;
  commentsCategoryId: number | null;
  suggestionCategoryId: number | null;
  suggestionResolutionId: number | null;
  closed: ClosedFilter;
  hasContact: YesNoFilter;
  isContacted: YesNoFilter;
}

/** The list starts on the open comments of every campus of the user. */
export const INITIAL_SUGGESTION_FILTERS: SuggestionFilters = {
  campusId: null,
  search: '',
  commentsCategoryId: null,
  suggestionCategoryId: null,
  suggestionResolutionId: null,
  closed: 'open',
  hasContact: 'all',
  isContacted: 'all',
};

export const CLOSED_FILTER_LABELS: Record<ClosedFilter, string> = {
  open: 'Abiertos',
  closed: 'Cerrados',
  all: 'Todos',
};

export const YES_NO_FILTER_LABELS: Record<YesNoFilter, string> = {
  all: 'Todos',
  yes: 'Sí',
  no: 'No',
};

/** The longest search the API takes. */
export const SEARCH_MAX_LENGTH = 100;

function yesNoParam(value: YesNoFilter): 'true' | 'false' | undefined {
  if (value === 'yes') return 'true';
  if (value === 'no') return 'false';
  return undefined;
}

/**
 * The GET /suggestions query for the filters and page: the UI's zero-based
 * page plus one, and only the filters that narrow the list (an empty search
 * and the 'all' choices are left out).
 */
export function suggestionsPageQuery(
  filters: SuggestionFilters,
  paging: Paging,
): SuggestionsPageQuery {
  const search = filters.search.trim().slice(0, SEARCH_MAX_LENGTH);
  const isClosed = filters.closed === 'all' ? undefined : filters.closed === 'closed' ? 'true' : 'false';
  const hasContact = yesNoParam(filters.hasContact);
  const isContacted = yesNoParam(filters.isContacted);
  return {
    ...pagingQuery(paging),
    ...(filters.campusId != null ? { campusId: filters.campusId } : {}),
    ...(search ? { filter: search } : {}),
    ...(filters.commentsCategoryId != null ? { commentsCategoryId: filters.commentsCategoryId } : {}),
    ...(filters.suggestionCategoryId != null ? { suggestionCategoryId: filters.suggestionCategoryId } : {}),
    ...(filters.suggestionResolutionId != null ? { suggestionResolutionId: filters.suggestionResolutionId } : {}),
    ...(isClosed ? { isClosed } : {}),
    ...(hasContact ? { hasContact } : {}),
    ...(isContacted ? { isContacted } : {}),
  };
}

/** Whether any filter beyond the initial ones is set (the empty list then says so). */
export function hasActiveFilters(filters: SuggestionFilters): boolean {
  return (Object.keys(INITIAL_SUGGESTION_FILTERS) as (keyof SuggestionFilters)[]).some((key) =>
    key === 'search' ? filters.search.trim() !== '' : filters[key] !== INITIAL_SUGGESTION_FILTERS[key],
  );
}

/** The first `max` characters of a comment on one line, cut at a word with '…'. */
export function commentExcerpt(comment: string, max = 90): string {
  const flat = comment.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/** Whether the author consented to be contacted and left a phone or an e-mail. */
export function hasContactData(suggestion: Pick<Suggestion, 'contact'>): boolean {
  const { checked, phone, email } = suggestion.contact;
  return checked && Boolean(phone || email);
}

/** The colour of a chip, whatever the server sent (unknown colours fall back to default). */
export function chipColor(color: string | null | undefined): ChipColor {
  return color === 'info' || color === 'warning' || color === 'success' || color === 'error' ? color : 'default';
}

/** The resolution shown for a suggestion that has none yet. */
export const UNRESOLVED_LABEL = 'Sin categorizar';

export interface SuggestionAccess {
  /** Type, category and resolution may change, and the actions show. */
  canEdit: boolean;
  /** Why not, for the dialog's notice; null when it can be edited. */
  reason: 'closed' | 'no-permission' | null;
}

/** Without 'Gestionar Buzón de Sugerencias' everything is read-only; a closed comment is final. */
export function suggestionAccess(permissions: readonly string[], suggestion: Pick<Suggestion, 'isClosed'>): SuggestionAccess {
  if (suggestion.isClosed) return { canEdit: false, reason: 'closed' };
  if (!hasPermission(permissions, PERMISSIONS.manageSuggestions)) return { canEdit: false, reason: 'no-permission' };
  return { canEdit: true, reason: null };
}

/** 'Marcar como contactado' applies to an open comment whose author left contact data and was not contacted yet. */
export function canMarkContacted(suggestion: Suggestion): boolean {
  return !suggestion.isClosed && !suggestion.isContacted && suggestion.contact.checked;
}

export type ClassificationField = 'commentCategoryId' | 'suggestionCategoryId' | 'suggestionResolutionId';

export const CLASSIFICATION_FIELDS: readonly ClassificationField[] = [
  'commentCategoryId',
  'suggestionCategoryId',
  'suggestionResolutionId',
];

/** The id a classification select shows for a suggestion. */
export function classificationValue(suggestion: Suggestion, field: ClassificationField): number | null {
  if (field === 'commentCategoryId') return suggestion.commentCategory.id;
  if (field === 'suggestionCategoryId') return suggestion.suggestionCategory?.id ?? null;
  return suggestion.suggestionResolution?.id ?? null;
}

/** The PUT body for one changed select, or null when nothing changes. */
export function classificationChange(
  suggestion: Suggestion,
  field: ClassificationField,
  value: number | null,
): UpdateSuggestionRequest | null {
  if (value == null || !Number.isInteger(value) || value <= 0) return null;
  if (classificationValue(suggestion, field) === value) return null;
  return { [field]: value };
}

/** The snackbar after a classification change. */
export const CLASSIFICATION_SAVED_MESSAGES: Record<ClassificationField, string> = {
  commentCategoryId: 'Tipo de comentario actualizado',
  suggestionCategoryId: 'Categoría actualizada',
  suggestionResolutionId: 'Resolución actualizada',
};

export const SUGGESTION_CLOSED_SUCCESS = 'Comentario cerrado';
export const SUGGESTION_CONTACTED_SUCCESS = 'Comentario marcado como contactado';

export const GENERAL_CATEGORIES_HEADING = 'Temas generales';
export const PERSON_CATEGORIES_HEADING = 'Sobre una persona';

/**
 * How a chosen category reads in its select: a general topic by its name, a
 * topic about a person with '(sobre una persona)' (both groups have an 'Otro').
 */
export function categoryLabel(value: string, groups: SuggestionCategoryGroups, emptyLabel = 'Todas'): string {
  if (value === '') return emptyLabel;
  const id = Number(value);
  const general = groups.general.find((c) => c.id === id);
  if (general) return general.name;
  const person = groups.person.find((c) => c.id === id);
  return person ? `${person.name} (${PERSON_CATEGORIES_HEADING.toLowerCase()})` : '';
}
