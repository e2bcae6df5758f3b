import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivesPageQuery } from '@encuestas/core/api/actives';
import { fetchActive, fetchActivesPage } from '../api/periods-cycles-api';
import { periodsCyclesKeys } from '../api/periods-cycles-keys';

/** One page of applications; the previous page stays on screen while the next loads. */
export function useActivesPage(query: ActivesPageQuery, enabled = true) {
  return useQuery({
    queryKey: periodsCyclesKeys.activesPage(query),
    queryFn: ({ signal }) => fetchActivesPage(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One application, loaded when a row is opened (GET /active/{id}). */
export function useActive(id: number | null) {
  return useQuery({
    queryKey: periodsCyclesKeys.active(id ?? 0),
    queryFn: ({ signal }) => fetchActive(id ?? 0, signal),
    enabled: id != null,
    staleTime: 0,
  });
}

/** Spec §2: leaving the screen resets the list (its cached pages are dropped). */
export function useResetActivesOnLeave() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      queryClient.removeQueries({ queryKey: periodsCyclesKeys.actives });
    },
    [queryClient],
  );
}
