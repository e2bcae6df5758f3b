import type { CreateActiveRequest, CreateActivesBatchRequest, UpdateActiveRequest } from '@encuestas/core/api/actives';
import type { Cicle } from '@encuestas/core/api/periods';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { SUGGESTION_BOX_CYCLE_NAME, SUGGESTION_BOX_KIND } from '@encuestas/core/survey-kinds';

/** What the 'Nuevo periodo de encuestas' dialog holds. Days are YYYY-MM-DD. */
export interface ActiveFormValues {
  campusId: number | null;
  periodoId: number | null;
  startDate: string | null;
  endDate: string | null;
  cicles: number[];
  /** «Resultados para docentes»: the day chosen, or null for the default (the day after the end). */
  resultsReleaseDay: string | null;
  /** Whether each teacher's results wait for the review of their comments (else the reviewed ones are released on the day). */
  releaseWaitsForReview: boolean;
}

export type ActiveDialogMode = 'create' | 'edit';

export const ACTIVE_DIALOG_TITLE = 'Nuevo periodo de encuestas';
export const READ_ONLY_ACTIVE_DIALOG_TITLE = 'Consultar periodo de encuestas';

/** Create mode has no id; edit mode has the application's id (spec §4). */
export function activeDialogMode(activeId: number | null | undefined): ActiveDialogMode {
  return activeId == null ? 'create' : 'edit';
}

export function activeSaveLabel(mode: ActiveDialogMode): string {
  return mode === 'create' ? 'Crear Periodo' : 'Guardar Cambios';
}

/** Inputs are enabled with 'Crear Periodo de Encuestas' (create) or 'Editar Periodo de Encuestas' (edit). */
export function canChangeActive(mode: ActiveDialogMode, permissions: readonly string[]): boolean {
  return hasPermission(permissions, mode === 'create' ? PERMISSIONS.createActives : PERMISSIONS.editActives);
}

/**
 * The spec's title while the dialog can create or save; shown read-only to a
 * user without the right, it says what it is: a view of an existing application.
 */
export function activeDialogTitle(mode: ActiveDialogMode, permissions: readonly string[]): string {
  return canChangeActive(mode, permissions) ? ACTIVE_DIALOG_TITLE : READ_ONLY_ACTIVE_DIALOG_TITLE;
}

/** Whether the end day comes before the start day (only when both exist). */
export function isEndBeforeStart(startDate: string | null, endDate: string | null): boolean {
  return Boolean(startDate && endDate && endDate < startDate);
}

/** Whether the teachers' results day comes before the start (only when both exist). */
export function isReleaseBeforeStart(startDate: string | null, resultsReleaseDay: string | null): boolean {
  return Boolean(startDate && resultsReleaseDay && resultsReleaseDay < startDate);
}

/**
 * Spec §5: save is enabled only when no field is empty or null and, if both
 * dates exist, the end is not before the start. An empty cycle list counts as empty.
 */
export function canSaveActive(values: ActiveFormValues): boolean {
  const { campusId, periodoId, startDate, endDate, cicles, resultsReleaseDay } = values;
  if (campusId == null || periodoId == null) return false;
  if (!startDate || !endDate) return false;
  if (cicles.length === 0) return false;
  return !isEndBeforeStart(startDate, endDate) && !isReleaseBeforeStart(startDate, resultsReleaseDay);
}

/** The survey types an application can carry: everything but the suggestion box (BUZÓN). */
export function offeredCycles(cycles: readonly Cicle[]): Cicle[] {
  return cycles.filter((c) => c.survey_kind !== SUGGESTION_BOX_KIND && c.name !== SUGGESTION_BOX_CYCLE_NAME);
}

/** Shown instead of the survey types when the user may attach some but the campus applies none of them. */
export const NO_CYCLES_AT_CAMPUS_MESSAGE = 'Ningún tipo de encuesta está habilitado en este campus. Habilítelos en «Institución y campus».';

/**
 * The survey types the dialog offers at one campus: the user's offered ones
 * that the campus applies (campus management turns types off per campus, and
 * the server refuses those), plus, when editing, the ones the application
 * already carries (they stay attached; unticking one detaches it). `hidden`
 * names the user's types left out because the campus turned them off.
 */
export function cyclesAtCampus(
  offered: readonly Cicle[],
  atCampus: readonly { id: number; avalible: boolean }[],
  attachedIds: readonly number[] = [],
): { cycles: Cicle[]; hidden: Cicle[] } {
  const off = new Set(atCampus.filter((c) => !c.avalible).map((c) => c.id));
  const shown = (c: Cicle) => !off.has(c.id) || attachedIds.includes(c.id);
  return { cycles: offered.filter(shown), hidden: offered.filter((c) => !shown(c)) };
}

/**
 * The names of the checked survey types a campus has turned off: the same
 * application cannot also be created there. None while the campus's types load.
 */
export function checkedCyclesOffAt(
  checked: readonly number[],
  atCampus: readonly { id: number; name: string; avalible: boolean }[] | undefined,
): string[] {
  return (atCampus ?? []).filter((c) => !c.avalible && checked.includes(c.id)).map((c) => c.name);
}

/** Adds or removes one id (a cycle, a campus), keeping the offered order stable. */
export function toggleId(selected: readonly number[], id: number, checked: boolean): number[] {
  if (checked) return selected.includes(id) ? [...selected] : [...selected, id];
  return selected.filter((other) => other !== id);
}

/**
 * The form for an existing application. Only offered cycles are pre-checked:
 * the server keeps the ones this user cannot see.
 */
export function activeFormFromActive(
  active: {
    campus_id: number;
    periodo_id: number;
    start_active: string;
    end_active: string;
    results_release_day_chosen?: string | null;
    release_waits_for_review?: boolean;
    cicles: { id: number }[];
  },
  offered: readonly Pick<Cicle, 'id'>[],
): ActiveFormValues {
  const offeredIds = new Set(offered.map((c) => c.id));
  return {
    campusId: active.campus_id,
    periodoId: active.periodo_id,
    startDate: active.start_active,
    endDate: active.end_active,
    cicles: active.cicles.map((c) => c.id).filter((id) => offeredIds.has(id)),
    resultsReleaseDay: active.results_release_day_chosen ?? null,
    releaseWaitsForReview: active.release_waits_for_review ?? true,
  };
}

export function toCreateActiveRequest(values: ActiveFormValues): CreateActiveRequest {
  return {
    campusId: values.campusId ?? 0,
    periodoId: values.periodoId ?? 0,
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    cicles: values.cicles,
    resultsReleaseDay: values.resultsReleaseDay,
    releaseWaitsForReview: values.releaseWaitsForReview,
  };
}

/** The same application at the chosen campus and the other campuses ticked, the chosen one first. */
export function toCreateActivesBatchRequest(values: ActiveFormValues, otherCampusIds: readonly number[]): CreateActivesBatchRequest {
  const { campusId, ...rest } = toCreateActiveRequest(values);
  return { ...rest, campusIds: [...new Set([campusId, ...otherCampusIds])] };
}

export function toUpdateActiveRequest(values: ActiveFormValues): UpdateActiveRequest {
  return {
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    cicles: values.cicles,
    resultsReleaseDay: values.resultsReleaseDay,
    releaseWaitsForReview: values.releaseWaitsForReview,
  };
}
