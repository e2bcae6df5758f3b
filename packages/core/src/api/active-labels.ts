/**
 * The applications' words and fixed lists, without zod: the periods screen
 * shows them on its first render, and importing them from actives.ts built
 * every schema there (and loaded zod) before the screen could draw (issue 20).
 * actives.ts re-exports them for the server and the dialogs.
 */
import type { ActiveStatus } from '../dates';

export const RESULTS_RELEASE_LABEL = 'Resultados para docentes';

export const ACTIVE_STATUS_LABELS: Record<ActiveStatus, string> = {
  upcoming: 'Por Realizar',
  inProgress: 'En aplicación',
  finished: 'Finalizadas',
};

export const ACTIVE_STATUS_COLORS: Record<ActiveStatus, 'info' | 'success' | 'warning'> = {
  upcoming: 'info',
  inProgress: 'success',
  finished: 'warning',
};

export const NO_RIGHTS_TOOLTIP = '¿No puedes realizar cambios? solicita permiso a tu administrador';

/** Why a survey type of a previous application is not copied. */
export const SKIPPED_CYCLE_REASONS = ['exists', 'notGranted', 'campusDisabled', 'offAtCampus'] as const;
export type SkippedCycleReason = (typeof SKIPPED_CYCLE_REASONS)[number];

export const SKIPPED_CYCLE_LABELS: Record<SkippedCycleReason, string> = {
  exists: 'ya está en el periodo',
  notGranted: 'sin acceso',
  campusDisabled: 'campus deshabilitado',
  offAtCampus: 'deshabilitado en el campus',
};
