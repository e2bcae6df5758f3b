import { useParams, useSearchParams } from 'react-router';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { parsePositiveId } from '../../../components/parse-positive-id';
import { pagingQuery } from '../../../components/paging/paging';
import { usePaging } from '../../../hooks/use-paging';
import { useActivesPage, useResetActivesOnLeave } from '../hooks/use-actives';
import { useGrantedCampuses, usePeriodos } from '../../../hooks/use-reference-lists';

export type ActivesFilterKey = 'campusId' | 'periodoId';

/**
 * The applications screen's state: the campus (fixed by the route or chosen in
 * the address's query, like the period), the page, the reference lists and the
 * page of applications, and which buttons the user gets.
 */
export function useActivesScreen(permissions: readonly string[]) {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeCampusId = params.campusId;
  const campusLocked = routeCampusId !== undefined;
  const campusId = campusLocked ? parsePositiveId(routeCampusId) : parsePositiveId(searchParams.get('campusId'));
  const periodoId = parsePositiveId(searchParams.get('periodoId'));

  const paging = usePaging();

  const campusesQuery = useGrantedCampuses();
  const periodosQuery = usePeriodos();
  const campuses = campusesQuery.data ?? [];
  const periodos = periodosQuery.data ?? [];
  const campus = campuses.find((c) => c.id === campusId) ?? null;
  const periodo = periodos.find((p) => p.id === periodoId) ?? null;
  const lockedCampusDenied = campusLocked && campusesQuery.isSuccess && campus === null;
  // A campus fixed by the route is asked for only once it is known to be granted (no 403 round trip).
  const listEnabled = !campusLocked || (campusesQuery.isSuccess && campus !== null);

  useResetActivesOnLeave();
  const activesQuery = useActivesPage(
    { ...pagingQuery(paging), campusId: campusId ?? undefined, periodoId: periodoId ?? undefined },
    listEnabled,
  );

  const setFilter = (key: ActivesFilterKey, id: number | null) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id == null) next.delete(key);
        else next.set(key, String(id));
        return next;
      },
      { replace: true },
    );
    paging.resetPage();
  };

  const canCreate = hasPermission(permissions, PERMISSIONS.createActives);
  return {
    campusLocked,
    campusId,
    periodoId,
    paging,
    setFilter,
    campusesQuery,
    periodosQuery,
    campuses,
    periodos,
    campus,
    periodo,
    lockedCampusDenied,
    activesQuery,
    // A disabled campus keeps its applications but takes no new one (campus management).
    showNewButton: canCreate && campus !== null && campus.avalible !== false && periodo !== null,
    // Into the chosen term, at the chosen campus or at all of the user's.
    showCopyButton: canCreate && periodo !== null && (campusId === null || campus !== null),
  };
}
