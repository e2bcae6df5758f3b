import type {
  Active,
  CopyPreviousTermRequest,
  CopyPreviousTermResponse,
  CreateActiveRequest,
  CreateActivesBatchRequest,
  UpdateActiveRequest,
} from '@encuestas/core/api/actives';
import type { Campus, Cicle, CreatePeriodRequest, Periodo } from '@encuestas/core/api/periods';
import { apiRequest } from '../../../api/client';

export interface ActivesPage {
  actives: Active[];
  total_actives: number;
}

export interface ActivesPageQuery {
  /** 1-based, as the API counts (the UI's zero-based page plus one). */
  page: number;
  perPage: number;
  campusId?: number;
  periodoId?: number;
}

/** GET /campus/permissions: only the campuses granted to the signed-in user. */
export interface GrantedCampuses {
  campuses: Campus[];
  /** Whether the user is granted every campus, so 'Todos los campus' is true for them. */
  allCampuses: boolean;
}

export async function fetchGrantedCampuses(signal?: AbortSignal): Promise<GrantedCampuses> {
  const { campuses, allCampuses } = await apiRequest<GrantedCampuses>('/campus/permissions', { signal });
  return { campuses, allCampuses: allCampuses === true };
}

/** GET /periodos, newest first. */
export async function fetchPeriodos(signal?: AbortSignal): Promise<Periodo[]> {
  const { periodos } = await apiRequest<{ periodos: Periodo[] }>('/periodos', { signal });
  return periodos;
}

/** POST /periodos (Power Campus period). */
export async function createPeriodo(request: CreatePeriodRequest): Promise<Periodo> {
  const { periodo } = await apiRequest<{ periodo: Periodo }>('/periodos', { method: 'POST', body: request });
  return periodo;
}

/** GET /ciclos/permissions: only the survey types granted to the signed-in user. */
export async function fetchGrantedCycles(signal?: AbortSignal): Promise<Cicle[]> {
  const { cicles } = await apiRequest<{ cicles: Cicle[] }>('/ciclos/permissions', { signal });
  return cicles;
}

/** GET /actives, one page. */
export function fetchActivesPage(query: ActivesPageQuery, signal?: AbortSignal): Promise<ActivesPage> {
  return apiRequest<ActivesPage>('/actives', { query: { ...query }, signal });
}

/** GET /active/{id}. */
export async function fetchActive(id: number, signal?: AbortSignal): Promise<Active> {
  const { active } = await apiRequest<{ active: Active }>(`/active/${id}`, { signal });
  return active;
}

/** POST /actives. */
export async function createActive(request: CreateActiveRequest): Promise<Active> {
  const { active } = await apiRequest<{ active: Active }>('/actives', { method: 'POST', body: request });
  return active;
}

/** POST /actives/batch: the same application at several campuses, all or none. */
export async function createActivesBatch(request: CreateActivesBatchRequest): Promise<Active[]> {
  const { actives } = await apiRequest<{ actives: Active[] }>('/actives/batch', { method: 'POST', body: request });
  return actives;
}

/** PUT /actives/{id}: dates and cycles; campus and period stay. */
export async function updateActive(id: number, request: UpdateActiveRequest): Promise<Active> {
  const { active } = await apiRequest<{ active: Active }>(`/actives/${id}`, { method: 'PUT', body: request });
  return active;
}

/** POST /actives/copy-previous: what copying the previous term would create (`preview`), or the copy. */
export function copyPreviousTerm(request: CopyPreviousTermRequest, signal?: AbortSignal): Promise<CopyPreviousTermResponse> {
  return apiRequest<CopyPreviousTermResponse>('/actives/copy-previous', { method: 'POST', body: request, signal });
}
