import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueries } from '@tanstack/react-query';
import { NO_RIGHTS_TOOLTIP, type Active } from '@encuestas/core/api/actives';
import type { CampusCycle } from '@encuestas/core/api/campuses';
import type { Campus, Cicle, Periodo } from '@encuestas/core/api/periods';
import { errorMessage } from '../../../api/api-error';
import { campusesAdminKeys, fetchCampusCycles } from '../../campuses-admin';
import { useActive } from '../hooks/use-actives';
import { useCampusCycles, useGrantedCycles } from '../../../hooks/use-reference-lists';
import {
  activeDialogTitle,
  activeDialogMode,
  activeSaveLabel,
  canChangeActive,
  cyclesAtCampus,
  offeredCycles,
  type ActiveDialogMode,
} from '../logic/active-form';
import { ActiveDaysFields, CyclesFieldset, DialogLoadError, DialogLoading, OtherCampusesFieldset } from './active-form-fields';
import { useActiveForm } from './use-active-form';

export { CYCLES_LEGEND, OTHER_CAMPUSES_LEGEND } from './active-form-fields';
export { ACTIVE_CREATED_MESSAGE, ACTIVE_SAVED_MESSAGE } from './use-active-form';

interface ActiveDialogProps {
  open: boolean;
  /** The application being edited; null creates a new one. */
  activeId: number | null;
  /** Create mode: the campus and period chosen in the filters. */
  campus: Campus | null;
  periodo: Periodo | null;
  /** Campuses the user is granted: create mode offers the others besides the chosen one. */
  grantedCampuses: readonly Campus[];
  permissions: readonly string[];
  onClose: () => void;
}

/**
 * 'Nuevo periodo de encuestas' in both modes (spec §2, §4, §5), or
 * 'Consultar periodo de encuestas' for a user who may not change it: campus and
 * period read-only, the survey window and the survey types. The form lives in
 * a child that unmounts on close, so closing resets it and its selection.
 */
export function ActiveDialog({ open, activeId, campus, periodo, grantedCampuses, permissions, onClose }: ActiveDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const mode = activeDialogMode(activeId);
  const activeQuery = useActive(open ? activeId : null);
  const cyclesQuery = useGrantedCycles();
  const campusId = mode === 'edit' ? activeQuery.data?.campus_id : campus?.id;
  const campusCyclesQuery = useCampusCycles(open ? campusId : null);
  const granted = offeredCycles(cyclesQuery.data ?? []);
  const { cycles, hidden } = cyclesAtCampus(granted, campusCyclesQuery.data ?? [], activeQuery.data?.cicles.map((c) => c.id));
  const otherCampuses = mode === 'create' ? grantedCampuses.filter((c) => c.id !== campus?.id && c.avalible !== false) : [];
  // Each other campus's survey types, so one that turned a checked type off is not offered (the server would refuse the batch).
  const otherCampusCycles = useQueries({
    queries: otherCampuses.map((other) => ({
      queryKey: campusesAdminKeys.cycles(other.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCampusCycles(other.id, signal),
      enabled: open && canChangeActive(mode, permissions),
    })),
    combine: (results) => new Map(otherCampuses.map((other, i) => [other.id, results[i]?.data])),
  });

  let body;
  if (mode === 'edit' && activeQuery.isPending) {
    body = <DialogLoading label="Cargando periodo de encuestas…" />;
  } else if (mode === 'edit' && activeQuery.isError) {
    body = <DialogLoadError message={errorMessage(activeQuery.error)} onClose={onClose} />;
  } else if (cyclesQuery.isPending || (campusId != null && campusCyclesQuery.isPending)) {
    body = <DialogLoading label="Cargando tipos de encuesta…" />;
  } else if (cyclesQuery.isError || campusCyclesQuery.isError) {
    body = <DialogLoadError message={errorMessage(cyclesQuery.error ?? campusCyclesQuery.error)} onClose={onClose} />;
  } else {
    const active = mode === 'edit' ? activeQuery.data : undefined;
    body = (
      <ActiveForm
        key={active ? `edit-${active.id}` : `create-${campus?.id}-${periodo?.id}`}
        mode={mode}
        active={active}
        campus={active ? active.campus : campus}
        periodo={active ? active.periodo : periodo}
        cycles={cycles}
        hiddenCycles={hidden}
        noneGranted={granted.length === 0}
        otherCampuses={otherCampuses}
        otherCampusCycles={otherCampusCycles}
        permissions={permissions}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{activeDialogTitle(mode, permissions)}</DialogTitle>
      {body}
    </Dialog>
  );
}

interface ActiveFormProps {
  mode: ActiveDialogMode;
  active: Active | undefined;
  campus: { id: number; nombre: string } | null;
  periodo: { id: number; nombre: string } | null;
  cycles: readonly Cicle[];
  /** The user's survey types the campus has turned off: not offered, named so nobody wonders where they went. */
  hiddenCycles: readonly Cicle[];
  /** The user may attach no survey type at all (no grant), whatever the campus. */
  noneGranted: boolean;
  /** Create mode: other granted campuses the same application may also be created at. */
  otherCampuses: readonly Campus[];
  /** Each other campus's survey types (undefined while loading). */
  otherCampusCycles: ReadonlyMap<number, CampusCycle[] | undefined>;
  permissions: readonly string[];
  onClose: () => void;
}

/** The form's state and saving live in useActiveForm; its fieldsets in active-form-fields. */
function ActiveForm(props: ActiveFormProps) {
  const { mode, campus, periodo, cycles, hiddenCycles, noneGranted, otherCampuses, onClose } = props;
  const form = useActiveForm(props);
  const { allowed, disabled, mutation } = form;

  const saveButton = (
    <Button type="submit" variant="contained" disabled={!form.canSave} loading={mutation.isPending}>
      {activeSaveLabel(mode)}
    </Button>
  );

  return (
    <Box component="form" noValidate onSubmit={form.submit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {!allowed ? (
            <Alert severity="info">
              {mode === 'edit'
                ? 'Solo puedes consultar este periodo de encuestas.'
                : 'No tienes permiso para crear periodos de encuestas.'}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="Campus" value={campus?.nombre ?? ''} slotProps={{ input: { readOnly: true } }} />
            <TextField label="Periodo" value={periodo?.nombre ?? ''} slotProps={{ input: { readOnly: true } }} />
          </Stack>
          <ActiveDaysFields
            values={form.values}
            onChange={(change) => form.setValues((v) => ({ ...v, ...change }))}
            disabled={disabled}
            endBeforeStart={form.endBeforeStart}
            releaseBeforeStart={form.releaseBeforeStart}
          />
          <CyclesFieldset
            cycles={cycles}
            hiddenCycles={hiddenCycles}
            noneGranted={noneGranted}
            checked={form.values.cicles}
            onToggle={form.toggleCycle}
            disabled={disabled}
          />
          {allowed && otherCampuses.length > 0 ? (
            <OtherCampusesFieldset
              otherCampuses={otherCampuses}
              offAt={form.offAt}
              checked={form.alsoCampusIds}
              onToggle={form.toggleCampus}
              disabled={disabled}
            />
          ) : null}
          {mutation.isError ? (
            <Alert severity="error" role="alert">
              {errorMessage(mutation.error)}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>Cerrar</Button>
        {allowed ? (
          saveButton
        ) : (
          <Tooltip title={NO_RIGHTS_TOOLTIP}>
            <span tabIndex={0}>{saveButton}</span>
          </Tooltip>
        )}
      </DialogActions>
    </Box>
  );
}
