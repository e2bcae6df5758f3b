import type { CampusAnswer, CampusCycle, CampusCyclesAnswer, GrantedCampuses, ManagedCampus } from '@encuestas/core/api/campuses';
import type { Institution, InstitutionAnswer } from '@encuestas/core/api/institution';
import { apiRequest } from '../../../api/client';

/**
 * React Query keys. All start with 'campus', as the periods screen's granted campuses do: a change
 * invalidates `all`, so every campus list refreshes.
 */
export const campusesAdminKeys = {
  all: ['campus'] as const,
  managed: ['campus', 'managed'] as const,
  cycles: (campusId: number) => ['campus', 'cycles', campusId] as const,
  institution: ['institution'] as const,
};

/** GET /campus/permissions: the campuses this user may manage, disabled ones included. */
export async function fetchManagedCampuses(signal?: AbortSignal): Promise<ManagedCampus[]> {
  return (await apiRequest<GrantedCampuses>('/campus/permissions', { signal })).campuses;
}

export async function createCampus(nombre: string): Promise<ManagedCampus> {
  return (await apiRequest<CampusAnswer>('/campus', { method: 'POST', body: { nombre } })).campus;
}

export async function renameCampus(id: number, nombre: string): Promise<ManagedCampus> {
  return (await apiRequest<CampusAnswer>(`/campus/${id}`, { method: 'PUT', body: { nombre } })).campus;
}

export async function setCampusEnabled(id: number, avalible: boolean): Promise<ManagedCampus> {
  return (await apiRequest<CampusAnswer>(`/campus/${id}/avalible`, { method: 'PUT', body: { avalible } })).campus;
}

export async function fetchCampusCycles(campusId: number, signal?: AbortSignal): Promise<CampusCycle[]> {
  return (await apiRequest<CampusCyclesAnswer>(`/campus/${campusId}/ciclos`, { signal })).cicles;
}

export async function saveCampusCycles(campusId: number, cicles: number[]): Promise<CampusCycle[]> {
  return (await apiRequest<CampusCyclesAnswer>(`/campus/${campusId}/ciclos`, { method: 'PUT', body: { cicles } })).cicles;
}

export async function fetchInstitution(signal?: AbortSignal): Promise<Institution> {
  return (await apiRequest<InstitutionAnswer>('/institution', { signal })).institution;
}

export async function saveInstitution(institution: Institution): Promise<Institution> {
  return (await apiRequest<InstitutionAnswer>('/institution', { method: 'PUT', body: institution })).institution;
}
