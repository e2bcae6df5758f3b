import Stack from '@mui/material/Stack';
import type { Periodo } from '@encuestas/core/api/periods';
import { appConfig } from '../../../app/app-config';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { CampusFilterField } from './campus-filter-field';

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
