import Stack from '@mui/material/Stack';
import type { Campus, Periodo } from '@encuestas/core/api/periods';
import { appConfig } from '../../../app/app-config';
import { IdSelectField } from '../../../components/filters/id-select-field';

export const ALL_CAMPUSES_LABEL = 'Todos los campus';
/** For a user granted only some campuses: the empty filter shows those, not every campus. */
export const ALL_MY_CAMPUSES_LABEL = 'Todos mis campus';

/** The campus filter's 'no choice' option, true to what the list then shows. */
export function allCampusesLabel(grantedAllCampuses: boolean): string {
  return grantedAllCampuses ? ALL_CAMPUSES_LABEL : ALL_MY_CAMPUSES_LABEL;
}
export const ALL_PERIODS_LABEL = 'Todos los periodos';

/** The campus picker's label: the platform name plus 'Campus' (spec §2). */
export function campusPickerLabel(platformName: string = appConfig.platformName): string {
  return `${platformName} Campus`;
}

interface ActivesFilterBarProps {
  campuses: readonly Campus[];
  periodos: readonly Periodo[];
  campusId: number | null;
  periodoId: number | null;
  onCampusChange: (campusId: number | null) => void;
  onPeriodoChange: (periodoId: number | null) => void;
  /** Locked when the route names the campus (/admin/actives-campus/{campusId}). */
  campusLocked: boolean;
  /** Whether the user is granted every campus ('Todos los campus'), or only some ('Todos mis campus'). */
  grantedAllCampuses: boolean;
  loadingCampuses?: boolean;
  loadingPeriodos?: boolean;
}

/** Campus and period pickers above the applications table. */
export function ActivesFilterBar({
  campuses,
  periodos,
  campusId,
  periodoId,
  onCampusChange,
  onPeriodoChange,
  campusLocked,
  grantedAllCampuses,
  loadingCampuses,
  loadingPeriodos,
}: ActivesFilterBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
      <IdSelectField
        id="filtro-campus"
        label={campusPickerLabel()}
        selectedId={campusId}
        options={campuses}
        optionLabel={(campus) => campus.nombre}
        emptyLabel={loadingCampuses ? 'Cargando campus…' : allCampusesLabel(grantedAllCampuses)}
        onChange={onCampusChange}
        disabled={campusLocked || loadingCampuses}
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
