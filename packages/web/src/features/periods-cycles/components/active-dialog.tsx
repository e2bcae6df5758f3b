import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import { NO_RIGHTS_TOOLTIP, type Active } from '@encuestas/core/api/actives';
import type { CampusCycle } from '@encuestas/core/api/campuses';
import type { Campus, Cicle, Periodo } from '@encuestas/core/api/periods';
import { errorMessage } from '../../../api/api-error';
import { campusesAdminKeys, fetchCampusCycles } from '../../campuses-admin';
import { DayPickerField } from '../../../components/dates/day-picker-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { createActive, createActivesBatch, updateActive } from '../api/periods-cycles-api';
import { periodsCyclesKeys } from '../api/periods-cycles-keys';
import { useActive } from '../hooks/use-actives';
import { useCampusCycles, useGrantedCycles } from '../../../hooks/use-reference-lists';
import {
  activeDialogTitle,
  activeDialogMode,
  activeFormFromActive,
  activeSaveLabel,
  canChangeActive,
  canSaveActive,
  checkedCyclesOffAt,
  cyclesAtCampus,
  isEndBeforeStart,
  NO_CYCLES_AT_CAMPUS_MESSAGE,
  offeredCycles,
  toCreateActiveRequest,
  toCreateActivesBatchRequest,
  toggleId,
  toUpdateActiveRequest,
  type ActiveDialogMode,
  type ActiveFormValues,
} from '../logic/active-form';

export const ACTIVE_CREATED_MESSAGE = 'Periodo de encuestas creado correctamente';
export const OTHER_CAMPUSES_LEGEND = 'Crear también en estos campus:';
const createdAtCampusesMessage = (count: number) => `Periodo de encuestas creado en ${count} campus`;
export const ACTIVE_SAVED_MESSAGE = 'Cambios guardados correctamente';
export const CYCLES_LEGEND = 'Tipos de encuestas asignados a ese periodo:';

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
    body = <Loading label="Cargando periodo de encuestas…" />;
  } else if (mode === 'edit' && activeQuery.isError) {
    body = <LoadError message={errorMessage(activeQuery.error)} onClose={onClose} />;
  } else if (cyclesQuery.isPending || (campusId != null && campusCyclesQuery.isPending)) {
    body = <Loading label="Cargando tipos de encuesta…" />;
  } else if (cyclesQuery.isError || campusCyclesQuery.isError) {
    body = <LoadError message={errorMessage(cyclesQuery.error ?? campusCyclesQuery.error)} onClose={onClose} />;
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

function Loading({ label }: { label: string }) {
  return (
    <DialogContent>
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{label}</Typography>
      </Stack>
    </DialogContent>
  );
}

function LoadError({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <>
      <DialogContent>
        <Alert severity="error">{message}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </>
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

function ActiveForm({
  mode,
  active,
  campus,
  periodo,
  cycles,
  hiddenCycles,
  noneGranted,
  otherCampuses,
  otherCampusCycles,
  permissions,
  onClose,
}: ActiveFormProps) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const legendId = useId();
  const campusesLegendId = useId();
  const [tickedCampusIds, setTickedCampusIds] = useState<number[]>([]);
  const [values, setValues] = useState<ActiveFormValues>(() =>
    active
      ? activeFormFromActive(active, cycles)
      : { campusId: campus?.id ?? null, periodoId: periodo?.id ?? null, startDate: null, endDate: null, cicles: [] },
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
  const disabled = !allowed || mutation.isPending;
  const endBeforeStart = isEndBeforeStart(values.startDate, values.endDate);
  const canSave = allowed && canSaveActive(values) && !mutation.isPending;
  const saveLabel = activeSaveLabel(mode);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) mutation.mutate();
  };

  const saveButton = (
    <Button type="submit" variant="contained" disabled={!canSave} loading={mutation.isPending}>
      {saveLabel}
    </Button>
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DayPickerField
              label="Inicio de encuestas"
              name="startDate"
              value={values.startDate}
              onChange={(startDate) => setValues((v) => ({ ...v, startDate }))}
              disabled={disabled}
              required
            />
            <DayPickerField
              label="Final de encuestas"
              name="endDate"
              value={values.endDate}
              onChange={(endDate) => setValues((v) => ({ ...v, endDate }))}
              disabled={disabled}
              required
              minDay={values.startDate}
              error={endBeforeStart}
              helperText={endBeforeStart ? END_BEFORE_START_MESSAGE : undefined}
            />
          </Stack>
          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend" id={legendId} sx={{ mb: 0.5 }}>
              {CYCLES_LEGEND}
            </FormLabel>
            {noneGranted ? (
              <Typography color="text.secondary">
                No tienes tipos de encuesta asignados. Solicítalos a tu administrador.
              </Typography>
            ) : cycles.length === 0 ? (
              <Alert severity="warning">{NO_CYCLES_AT_CAMPUS_MESSAGE}</Alert>
            ) : (
              <FormGroup aria-labelledby={legendId}>
                {cycles.map((cycle) => (
                  <FormControlLabel
                    key={cycle.id}
                    label={cycle.name}
                    control={
                      <Checkbox
                        name="cicles"
                        value={cycle.id}
                        checked={values.cicles.includes(cycle.id)}
                        onChange={(event) =>
                          setValues((v) => ({ ...v, cicles: toggleId(v.cicles, cycle.id, event.target.checked) }))
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            {cycles.length > 0 && hiddenCycles.length > 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                Apagados en este campus (se habilitan en «Institución y campus»): {hiddenCycles.map((c) => c.name).join(', ')}.
              </Typography>
            ) : null}
          </FormControl>
          {allowed && otherCampuses.length > 0 ? (
            <FormControl component="fieldset" disabled={disabled}>
              <FormLabel component="legend" id={campusesLegendId} sx={{ mb: 0.5 }}>
                {OTHER_CAMPUSES_LEGEND}
              </FormLabel>
              <FormGroup aria-labelledby={campusesLegendId} row>
                {otherCampuses.map((other) => {
                  const off = offAt(other.id);
                  return (
                    <FormControlLabel
                      key={other.id}
                      label={off.length > 0 ? `${other.nombre} (no aplica ${off.join(', ')})` : other.nombre}
                      disabled={off.length > 0}
                      sx={{ minHeight: 44, minWidth: { xs: '45%', sm: 'auto' } }}
                      control={
                        <Checkbox
                          name="campusIds"
                          value={other.id}
                          checked={alsoCampusIds.includes(other.id)}
                          onChange={(event) => setTickedCampusIds((ids) => toggleId(ids, other.id, event.target.checked))}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
            </FormControl>
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
