import type { UsersPageQuery } from '@encuestas/core/api/users';
import { pagingQuery, type Paging } from '../../../components/paging/paging';

export type AvailabilityFilter = 'all' | 'true' | 'false';

export const AVAILABILITY_FILTER_LABELS: Record<AvailabilityFilter, string> = {
  all: 'Todos',
  true: 'Habilitados',
  false: 'Deshabilitados',
};

export function availabilityLabel(avalible: boolean): string {
  return avalible ? 'Habilitado' : 'Deshabilitado';
}

/** The API query for the list: the UI's zero-based page plus one, an empty search left out. */
export function usersPageQuery(state: Paging & {
  search: string;
  availability: AvailabilityFilter;
}): UsersPageQuery {
  const search = state.search.trim().slice(0, 100);
  return {
    ...pagingQuery(state),
    ...(search ? { search } : {}),
    ...(state.availability === 'all' ? {} : { avalible: state.availability }),
  };
}
