import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Campus, Periodo } from '@encuestas/core/api/periods';
import { appConfig } from '../../../app/app-config';

export const ALL_CAMPUSES_LABEL = 'Todos los campus';
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
  loadingCampuses?: boolean;
  loadingPeriodos?: boolean;
}

function toId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
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
  loadingCampuses,
  loadingPeriodos,
}: ActivesFilterBarProps) {
  // A value outside the options (a campus not granted, a list still loading) shows as empty.
  const campusValue = campusId != null && campuses.some((c) => c.id === campusId) ? String(campusId) : '';
  const periodoValue = periodoId != null && periodos.some((p) => p.id === periodoId) ? String(periodoId) : '';

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
      <TextField
        select
        id="filtro-campus"
        label={campusPickerLabel()}
        value={campusValue}
        onChange={(event) => onCampusChange(toId(event.target.value))}
        disabled={campusLocked || loadingCampuses}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{loadingCampuses ? 'Cargando campus…' : ALL_CAMPUSES_LABEL}</MenuItem>
        {campuses.map((campus) => (
          <MenuItem key={campus.id} value={String(campus.id)}>
            {campus.nombre}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        id="filtro-periodo"
        label="Periodo"
        value={periodoValue}
        onChange={(event) => onPeriodoChange(toId(event.target.value))}
        disabled={loadingPeriodos}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{loadingPeriodos ? 'Cargando periodos…' : ALL_PERIODS_LABEL}</MenuItem>
        {periodos.map((periodo) => (
          <MenuItem key={periodo.id} value={String(periodo.id)}>
            {periodo.nombre}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
