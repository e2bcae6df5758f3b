import { SKIPPED_CYCLE_LABELS } from '@encuestas/core/api/active-labels';
import type { TermCopyItem, TermCopyPlan } from '@encuestas/core/api/actives';

export const COPY_TERM_BUTTON = 'Copiar del periodo anterior';
export const COPY_TERM_DIALOG_TITLE = 'Copiar periodos de encuestas del periodo anterior';

/** Applications whose copy gets at least one survey type, and those that get none. */
export function splitCopyPlan(plan: TermCopyPlan): { toCreate: TermCopyItem[]; toSkip: TermCopyItem[] } {
  return {
    toCreate: plan.items.filter((item) => item.cicles.length > 0),
    toSkip: plan.items.filter((item) => item.cicles.length === 0),
  };
}

const periodosDeEncuestas = (count: number) => (count === 1 ? '1 periodo de encuestas' : `${count} periodos de encuestas`);

/** What the dialog says it will do, in one sentence. */
export function copyPlanSummary(plan: TermCopyPlan, campusNombre: string | null): string {
  const weeks = Math.abs(plan.shift_days) / 7;
  const moved =
    weeks === 0
      ? 'con las mismas fechas'
      : `con sus fechas ${weeks === 1 ? 'una semana' : `${weeks} semanas`} ${plan.shift_days > 0 ? 'después' : 'antes'}`;
  const where = campusNombre ? `del campus ${campusNombre}` : 'de tus campus';
  return `Se copian a ${plan.to.nombre} los periodos de encuestas de ${plan.from.nombre} ${where}, ${moved}.`;
}

/** The survey types not copied, with why: 'Servicios A (ya está en el periodo)'. */
export function skippedCyclesText(item: TermCopyItem): string {
  return item.skipped.map((cycle) => `${cycle.name} (${SKIPPED_CYCLE_LABELS[cycle.reason]})`).join(', ');
}

export function copyButtonLabel(count: number): string {
  return count === 0 ? 'Nada que copiar' : `Copiar ${periodosDeEncuestas(count)}`;
}

export function notGrantedCampusesText(count: number): string {
  return count === 1
    ? 'Hay 1 periodo de encuestas en campus a los que no tienes acceso: no se copia.'
    : `Hay ${count} periodos de encuestas en campus a los que no tienes acceso: no se copian.`;
}

/** The notice after copying (none created: someone else copied them first). */
export function copiedMessage(created: number, from: string): string {
  if (created === 0) return `Ya estaban copiados los periodos de encuestas de ${from}.`;
  return created === 1 ? `Se copió 1 periodo de encuestas de ${from}.` : `Se copiaron ${created} periodos de encuestas de ${from}.`;
}
