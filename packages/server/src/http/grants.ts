import type { AdminPrincipal } from '../features/users/service';
import { AppError } from './errors';

export const CAMPUS_NOT_GRANTED = 'No tienes acceso a ese campus. Solicítalo a tu administrador.';
export const CYCLE_NOT_GRANTED = 'No tienes acceso a ese tipo de encuesta. Solicítalo a tu administrador.';

/** What a reader may reach: a back-office user's grants, or those the server gives a teacher for their own results. */
export type Grants = Pick<AdminPrincipal, 'campusIds' | 'cycleIds'>;

/** Changing an id in a request never reaches another campus's data. */
export function assertCampusGranted(principal: Grants, campusId: number): void {
  if (!principal.campusIds.includes(campusId)) throw new AppError('FORBIDDEN', CAMPUS_NOT_GRANTED);
}

export function assertCyclesGranted(principal: Grants, cycleIds: readonly number[]): void {
  if (cycleIds.some((id) => !principal.cycleIds.includes(id))) throw new AppError('FORBIDDEN', CYCLE_NOT_GRANTED);
}

/**
 * A user's plan grants by campus: at a campus in the map the user is a
 * coordinator limited to those plans; at a granted campus not in it, every
 * plan is theirs (docs/permissions.md "Coordinators").
 */
export function plansByCampus(planGrants: readonly { campusId: number; plan: string }[]): Map<number, Set<string>> {
  const byCampus = new Map<number, Set<string>>();
  for (const grant of planGrants) {
    const plans = byCampus.get(grant.campusId) ?? new Set<string>();
    plans.add(grant.plan);
    byCampus.set(grant.campusId, plans);
  }
  return byCampus;
}
