import type {
  Active,
  ActiveAnswer,
  ActivesAnswer,
  ActivesPage,
  ActivesPageQuery,
  CopyPreviousTermRequest,
  CopyPreviousTermResponse,
  CreateActiveRequest,
  CreateActivesBatchRequest,
  UpdateActiveRequest,
} from '@encuestas/core/api/actives';
import type { GrantedCampuses } from '@encuestas/core/api/campuses';
import type { Cicle, CiclesAnswer, CreatePeriodRequest, Periodo, PeriodoAnswer, PeriodosAnswer } from '@encuestas/core/api/periods';
import { apiRequest } from '../../../api/client';

/** GET /campus/permissions: only the campuses granted to the signed-in user. */
export async function fetchGrantedCampuses(signal?: AbortSignal): Promise<GrantedCampuses> {
  const { campuses, allCampuses } = await apiRequest<GrantedCampuses>('/campus/permissions', { signal });
  return { campuses, allCampuses: allCampuses === true };
}

/** GET /periodos, newest first. */
export async function fetchPeriodos(signal?: AbortSignal): Promise<Periodo[]> {
  const { periodos } = await apiRequest<PeriodosAnswer>('/periodos', { signal });
  return periodos;
}

/** POST /periodos (Power Campus period). */
export async function createPeriodo(request: CreatePeriodRequest): Promise<Periodo> {
  const { periodo } = await apiRequest<PeriodoAnswer>('/periodos', { method: 'POST', body: request });
  return periodo;
}

/** GET /ciclos/permissions: only the survey types granted to the signed-in user. */
export async function fetchGrantedCycles(signal?: AbortSignal): Promise<Cicle[]> {
  const { cicles } = await apiRequest<CiclesAnswer>('/ciclos/permissions', { signal });
  return cicles;
}

/** GET /actives, one page. */
export function fetchActivesPage(query: ActivesPageQuery, signal?: AbortSignal): Promise<ActivesPage> {
  return apiRequest<ActivesPage>('/actives', { query: { ...query }, signal });
}

/** GET /active/{id}. */
export async function fetchActive(id: number, signal?: AbortSignal): Promise<Active> {
  const { active } = await apiRequest<ActiveAnswer>(`/active/${id}`, { signal });
  return active;
}

/** POST /actives. */
export async function createActive(request: CreateActiveRequest): Promise<Active> {
  const { active } = await apiRequest<ActiveAnswer>('/actives', { method: 'POST', body: request });
  return active;
}

/** POST /actives/batch: the same application at several campuses, all or none. */
export async function createActivesBatch(request: CreateActivesBatchRequest): Promise<Active[]> {
  const { actives } = await apiRequest<ActivesAnswer>('/actives/batch', { method: 'POST', body: request });
  return actives;
}

/** PUT /actives/{id}: dates and cycles; campus and period stay. */
export async function updateActive(id: number, request: UpdateActiveRequest): Promise<Active> {
  const { active } = await apiRequest<ActiveAnswer>(`/actives/${id}`, { method: 'PUT', body: request });
  return active;
}

/** POST /actives/copy-previous: what copying the previous term would create (`preview`), or the copy. */
export function copyPreviousTerm(request: CopyPreviousTermRequest, signal?: AbortSignal): Promise<CopyPreviousTermResponse> {
  return apiRequest<CopyPreviousTermResponse>('/actives/copy-previous', { method: 'POST', body: request, signal });
}
