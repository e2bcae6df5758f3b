import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Periodo } from '@encuestas/core/api/periods';
import { appConfig } from '../../app/app-config';
import { IdSelectField } from './id-select-field';
import { useGrantedAllCampuses, useGrantedCampuses } from '../../hooks/use-reference-lists';

/* The back office's one campus filter (periods, suggestions, NOM-035, reports). */
export const ALL_CAMPUSES_LABEL = 'Todos los campus';
/** For a user granted only some campuses: the empty filter shows those, not every campus. */
export const ALL_MY_CAMPUSES_LABEL = 'Todos mis campus';
export const CHOOSE_CAMPUS_LABEL = 'Elige un campus';
export const LOADING_CAMPUSES_LABEL = 'Cargando campus…';

/**
 * The campus filter's first option, true to what the list then shows: every
 * campus only for a user granted every campus, else their own ('Todos mis
 * campus'); 'Elige un campus' where a campus must be chosen.
 */
export function campusFilterEmptyLabel(state: { loading: boolean; grantedAllCampuses: boolean; required?: boolean }): string {
  if (state.loading) return LOADING_CAMPUSES_LABEL;
  if (state.required) return CHOOSE_CAMPUS_LABEL;
  return state.grantedAllCampuses ? ALL_CAMPUSES_LABEL : ALL_MY_CAMPUSES_LABEL;
}

interface CampusFilterFieldProps {
  id: string;
  label: string;
  selectedId: number | null;
  onChange: (campusId: number | null) => void;
  /** A campus must be chosen: the first option asks for one instead of standing for all. */
  required?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** The back office's campus filter: the campuses granted to the user, and a first option for none. */
export function CampusFilterField({ id, label, selectedId, onChange, required, disabled, sx }: CampusFilterFieldProps) {
  const campuses = useGrantedCampuses();
  const grantedAllCampuses = useGrantedAllCampuses();
  return (
    <IdSelectField
      id={id}
      label={label}
      selectedId={selectedId}
      options={campuses.data ?? []}
      optionLabel={(campus) => campus.nombre}
      emptyLabel={campusFilterEmptyLabel({ loading: campuses.isPending, grantedAllCampuses, required })}
      onChange={onChange}
      disabled={disabled || campuses.isPending}
      sx={sx}
    />
  );
}

export const ALL_PERIODS_LABEL = 'Todos los periodos';

/** The campus picker's label: the platform name plus 'Campus' (spec §2). */
export function campusPickerLabel(platformName: string = appConfig.platformName): string {
  return `${platformName} Campus`;
}

interface ActivesFilterBarProps {
  periodos: readonly Periodo[];
  campusId: number | null;
  periodoId: number | null;
  onCampusChange: (campusId: number | null) => void;
  onPeriodoChange: (periodoId: number | null) => void;
  /** Locked when the route names the campus (/admin/actives-campus/{campusId}). */
  campusLocked: boolean;
  loadingPeriodos?: boolean;
}

/** Campus and period pickers above the applications table. */
export function ActivesFilterBar({
  periodos,
  campusId,
  periodoId,
  onCampusChange,
  onPeriodoChange,
  campusLocked,
  loadingPeriodos,
}: ActivesFilterBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
      <CampusFilterField
        id="filtro-campus"
        label={campusPickerLabel()}
        selectedId={campusId}
        onChange={onCampusChange}
        disabled={campusLocked}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <IdSelectField
        id="filtro-periodo"
        label="Periodo"
        selectedId={periodoId}
        options={periodos}
        optionLabel={(periodo) => periodo.nombre}
        emptyLabel={loadingPeriodos ? 'Cargando periodos…' : ALL_PERIODS_LABEL}
        onChange={onPeriodoChange}
        disabled={loadingPeriodos}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Stack>
  );
}
