import type { SxProps, Theme } from '@mui/material/styles';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { useGrantedAllCampuses, useGrantedCampuses } from '../hooks/use-reference-lists';

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
