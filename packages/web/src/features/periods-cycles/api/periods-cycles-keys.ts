import type { ActivesPageQuery } from '@encuestas/core/api/actives';

/** React Query keys of the periods screen. `actives` is dropped when the screen is left. */
export const periodsCyclesKeys = {
  grantedCampuses: ['campus', 'permissions'] as const,
  grantedCycles: ['ciclos', 'permissions'] as const,
  periodos: ['periodos'] as const,
  actives: ['actives'] as const,
  activesPage: (query: ActivesPageQuery) => ['actives', 'page', query] as const,
  active: (id: number) => ['actives', 'detail', id] as const,
  copyPreview: (periodoId: number, campusId: number | null) => ['actives', 'copy-preview', periodoId, campusId] as const,
};
