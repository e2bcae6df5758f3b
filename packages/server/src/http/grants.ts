import type { AdminPrincipal } from '../features/users/service';
import { AppError } from './errors';

export const CAMPUS_NOT_GRANTED = 'No tienes acceso a ese campus. Solicítalo a tu administrador.';
export const CYCLE_NOT_GRANTED = 'No tienes acceso a ese tipo de encuesta. Solicítalo a tu administrador.';

/** Changing an id in a request never reaches another campus's data. */
export function assertCampusGranted(principal: AdminPrincipal, campusId: number): void {
  if (!principal.campusIds.includes(campusId)) throw new AppError('FORBIDDEN', CAMPUS_NOT_GRANTED);
}

export function assertCyclesGranted(principal: AdminPrincipal, cycleIds: readonly number[]): void {
  if (cycleIds.some((id) => !principal.cycleIds.includes(id))) throw new AppError('FORBIDDEN', CYCLE_NOT_GRANTED);
}
