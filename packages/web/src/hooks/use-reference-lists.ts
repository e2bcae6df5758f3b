import { useQuery } from '@tanstack/react-query';
import { campusesAdminKeys, fetchCampusCycles } from '../features/campuses-admin';
import { fetchGrantedCampuses, fetchGrantedCycles, fetchPeriodos, periodsCyclesKeys } from '../features/periods-cycles';

const grantedCampusesQuery = {
  queryKey: periodsCyclesKeys.grantedCampuses,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchGrantedCampuses(signal),
  staleTime: 5 * 60_000,
};

/** Campuses the user may work with (the campus picker's options). */
export function useGrantedCampuses() {
  return useQuery({ ...grantedCampusesQuery, select: (granted) => granted.campuses });
}

/** Whether the user is granted every campus (one request shared with useGrantedCampuses). */
export function useGrantedAllCampuses(): boolean {
  return useQuery({ ...grantedCampusesQuery, select: (granted) => granted.allCampuses }).data === true;
}

/** Survey types the user may attach to an application. */
export function useGrantedCycles() {
  return useQuery({
    queryKey: periodsCyclesKeys.grantedCycles,
    queryFn: ({ signal }) => fetchGrantedCycles(signal),
    staleTime: 5 * 60_000,
  });
}

/** Power Campus periods, newest first. */
export function usePeriodos() {
  return useQuery({
    queryKey: periodsCyclesKeys.periodos,
    queryFn: ({ signal }) => fetchPeriodos(signal),
  });
}

/** The survey types a campus applies or has turned off (campus management); idle without a campus. */
export function useCampusCycles(campusId: number | null | undefined) {
  return useQuery({
    queryKey: campusesAdminKeys.cycles(campusId ?? 0),
    queryFn: ({ signal }) => fetchCampusCycles(campusId!, signal),
    enabled: campusId != null,
  });
}
