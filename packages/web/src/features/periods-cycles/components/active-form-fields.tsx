import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { END_BEFORE_START_MESSAGE } from '@encuestas/core/api/periods';
import { RELEASE_WAITS_FOR_REVIEW_LABEL, RESULTS_RELEASE_BEFORE_START_MESSAGE, RESULTS_RELEASE_LABEL, resultsReleaseDayOf } from '@encuestas/core/api/actives';
import { displayDay } from '@encuestas/core/dates';
import type { Campus, Cicle } from '@encuestas/core/api/periods';
import { DayPickerField } from '../../../components/dates/day-picker-field';
import { NO_CYCLES_AT_CAMPUS_MESSAGE, type ActiveFormValues } from '../logic/active-form';

export const OTHER_CAMPUSES_LEGEND = 'Crear también en estos campus:';
export const CYCLES_LEGEND = 'Tipos de encuestas asignados a ese periodo:';

export function DialogLoading({ label }: { label: string }) {
  return (
    <DialogContent>
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>{label}</Typography>
      </Stack>
    </DialogContent>
  );
}

export function DialogLoadError({ message, onClose }: { message: string; onClose: () => void }) {
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

interface ActiveDaysFieldsProps {
  values: ActiveFormValues;
  onChange: (change: Partial<Pick<ActiveFormValues, 'startDate' | 'endDate' | 'resultsReleaseDay' | 'releaseWaitsForReview'>>) => void;
  disabled: boolean;
  endBeforeStart: boolean;
  releaseBeforeStart: boolean;
}

/** Under «Resultados para docentes»: the error, or the default day it takes when left empty. */
function releaseHelper(values: ActiveFormValues, releaseBeforeStart: boolean): string {
  if (releaseBeforeStart) return RESULTS_RELEASE_BEFORE_START_MESSAGE;
  if (values.resultsReleaseDay) return 'Los docentes ven sus resultados desde este día.';
  return values.endDate
    ? `Vacío: el día siguiente al final (${displayDay(resultsReleaseDayOf(values.endDate, null))}).`
    : 'Vacío: el día siguiente al final de encuestas.';
}

/**
 * 'Inicio de encuestas' and 'Final de encuestas', the end no earlier than the start; the teachers' results day, not
 * before the start, and whether each teacher's results wait for the review of their comments.
 */
export function ActiveDaysFields({ values, onChange, disabled, endBeforeStart, releaseBeforeStart }: ActiveDaysFieldsProps) {
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DayPickerField
          label="Inicio de encuestas"
          name="startDate"
          value={values.startDate}
          onChange={(startDate) => onChange({ startDate })}
          disabled={disabled}
          required
        />
        <DayPickerField
          label="Final de encuestas"
          name="endDate"
          value={values.endDate}
          onChange={(endDate) => onChange({ endDate })}
          disabled={disabled}
          required
          minDay={values.startDate}
          error={endBeforeStart}
          helperText={endBeforeStart ? END_BEFORE_START_MESSAGE : undefined}
        />
      </Stack>
      <DayPickerField
        label={RESULTS_RELEASE_LABEL}
        name="resultsReleaseDay"
        value={values.resultsReleaseDay}
        onChange={(resultsReleaseDay) => onChange({ resultsReleaseDay })}
        disabled={disabled}
        minDay={values.startDate}
        error={releaseBeforeStart}
        helperText={releaseHelper(values, releaseBeforeStart)}
      />
      <ReleaseWaitsSwitch checked={values.releaseWaitsForReview} onChange={(releaseWaitsForReview) => onChange({ releaseWaitsForReview })} disabled={disabled} />
    </Stack>
  );
}

function ReleaseWaitsSwitch({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  const helpId = useId();
  return (
    <div>
      <FormControlLabel
        label={RELEASE_WAITS_FOR_REVIEW_LABEL}
        disabled={disabled}
        sx={{ minHeight: 44 }}
        control={
          <Switch
            name="releaseWaitsForReview"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <Typography id={helpId} variant="body2" color="textSecondary">
        {checked
          ? 'Un docente con comentarios sin revisar ve sus resultados cuando se terminen de revisar.'
          : 'En la fecha de resultados, cada docente ve sus resultados con los comentarios ya revisados.'}
      </Typography>
    </div>
  );
}

interface CyclesFieldsetProps {
  cycles: readonly Cicle[];
  hiddenCycles: readonly Cicle[];
  noneGranted: boolean;
  checked: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
  disabled: boolean;
}

/** The survey types to attach, or why there are none; those the campus turned off named below. */
export function CyclesFieldset({ cycles, hiddenCycles, noneGranted, checked, onToggle, disabled }: CyclesFieldsetProps) {
  const legendId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 0.5 }}>
        {CYCLES_LEGEND}
      </FormLabel>
      {noneGranted ? (
        <Typography color="textSecondary">No tienes tipos de encuesta asignados. Solicítalos a tu administrador.</Typography>
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
                  checked={checked.includes(cycle.id)}
                  onChange={(event) => onToggle(cycle.id, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {cycles.length > 0 && hiddenCycles.length > 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          Apagados en este campus (se habilitan en «Institución y campus»): {hiddenCycles.map((c) => c.name).join(', ')}.
        </Typography>
      ) : null}
    </FormControl>
  );
}

interface OtherCampusesFieldsetProps {
  otherCampuses: readonly Campus[];
  /** The checked survey types a campus turned off (it cannot be ticked then). */
  offAt: (campusId: number) => string[];
  checked: readonly number[];
  onToggle: (id: number, checked: boolean) => void;
  disabled: boolean;
}

/** 'Crear también en estos campus:' (create mode). */
export function OtherCampusesFieldset({ otherCampuses, offAt, checked, onToggle, disabled }: OtherCampusesFieldsetProps) {
  const campusesLegendId = useId();
  return (
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
                  checked={checked.includes(other.id)}
                  onChange={(event) => onToggle(other.id, event.target.checked)}
                />
              }
            />
          );
        })}
      </FormGroup>
    </FormControl>
  );
}
