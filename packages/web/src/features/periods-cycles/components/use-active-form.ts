import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Active } from '@encuestas/core/api/actives';
import type { CampusCycle } from '@encuestas/core/api/campuses';
import type { Cicle } from '@encuestas/core/api/periods';
import { useNotify } from '../../../components/notifications/use-notify';
import { createActive, createActivesBatch, updateActive } from '../api/periods-cycles-api';
import { periodsCyclesKeys } from '../api/periods-cycles-keys';
import {
  activeFormFromActive,
  canChangeActive,
  canSaveActive,
  checkedCyclesOffAt,
  isEndBeforeStart,
  isReleaseBeforeStart,
  toCreateActiveRequest,
  toCreateActivesBatchRequest,
  toggleId,
  toUpdateActiveRequest,
  type ActiveDialogMode,
  type ActiveFormValues,
} from '../logic/active-form';

export const ACTIVE_CREATED_MESSAGE = 'Periodo de encuestas creado correctamente';
const createdAtCampusesMessage = (count: number) => `Periodo de encuestas creado en ${count} campus`;
export const ACTIVE_SAVED_MESSAGE = 'Cambios guardados correctamente';

interface ActiveFormInput {
  mode: ActiveDialogMode;
  active: Active | undefined;
  campus: { id: number } | null;
  periodo: { id: number } | null;
  cycles: readonly Cicle[];
  /** Each other campus's survey types (undefined while loading). */
  otherCampusCycles: ReadonlyMap<number, CampusCycle[] | undefined>;
  permissions: readonly string[];
  onClose: () => void;
}

/**
 * The application form's values, the other campuses ticked, and saving: one
 * PUT (edit), one POST, or one batch POST when other campuses are ticked.
 */
export function useActiveForm({ mode, active, campus, periodo, cycles, otherCampusCycles, permissions, onClose }: ActiveFormInput) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [tickedCampusIds, setTickedCampusIds] = useState<number[]>([]);
  const [values, setValues] = useState<ActiveFormValues>(() =>
    active
      ? activeFormFromActive(active, cycles)
      : { campusId: campus?.id ?? null, periodoId: periodo?.id ?? null, startDate: null, endDate: null, cicles: [], resultsReleaseDay: null, releaseWaitsForReview: true },
  );
  const offAt = (campusId: number) => checkedCyclesOffAt(values.cicles, otherCampusCycles.get(campusId));
  // A campus that turned a checked type off is left out, even if ticked before that type was checked.
  const alsoCampusIds = tickedCampusIds.filter((id) => offAt(id).length === 0);

  const mutation = useMutation({
    /** Resolves to how many applications were created or saved. */
    mutationFn: async (): Promise<number> => {
      if (mode === 'edit' && active) {
        await updateActive(active.id, toUpdateActiveRequest(values));
        return 1;
      }
      if (alsoCampusIds.length > 0) return (await createActivesBatch(toCreateActivesBatchRequest(values, alsoCampusIds))).length;
      await createActive(toCreateActiveRequest(values));
      return 1;
    },
    onSuccess: async (count) => {
      notify(mode === 'edit' ? ACTIVE_SAVED_MESSAGE : count > 1 ? createdAtCampusesMessage(count) : ACTIVE_CREATED_MESSAGE, 'success');
      await queryClient.invalidateQueries({ queryKey: periodsCyclesKeys.actives });
      onClose();
    },
  });

  const allowed = canChangeActive(mode, permissions);
  const canSave = allowed && canSaveActive(values) && !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) mutation.mutate();
  };

  return {
    values,
    setValues,
    offAt,
    alsoCampusIds,
    toggleCampus: (id: number, checked: boolean) => setTickedCampusIds((ids) => toggleId(ids, id, checked)),
    toggleCycle: (id: number, checked: boolean) => setValues((v) => ({ ...v, cicles: toggleId(v.cicles, id, checked) })),
    mutation,
    allowed,
    disabled: !allowed || mutation.isPending,
    endBeforeStart: isEndBeforeStart(values.startDate, values.endDate),
    releaseBeforeStart: isReleaseBeforeStart(values.startDate, values.resultsReleaseDay),
    canSave,
    submit,
  };
}
