import { memo } from 'react';
import Stack from '@mui/material/Stack';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { LazyDayPickerField } from '../../../components/dates/lazy-day-picker-field';
import { CampusFilterField, campusPickerLabel } from '../../../components/filters/actives-filter-bar';
import { useGrantedCycles, usePeriodos } from '../../../hooks/use-reference-lists';
import { invalidRangeMessage, type ReportFilters } from '../logic/report-filters';
import { useRevealedCount } from '../../../hooks/use-revealed-count';

interface ReportFilterBarProps {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  /** The report by campus names its campus in the path: the picker shows it, locked. */
  campusLocked?: boolean;
  /** The report by cycle may span every campus the user holds. */
  allowAllCampuses?: boolean;
  /** The date range (left out where a report ignores it). */
  showDates?: boolean;
}

/** An outlined field's height (MUI's medium TextField). */
const DATE_FIELD_HEIGHT = 56;

/**
 * Survey type, period, campus and date range of a report; every change goes to
 * the address. Drawn again only when its own props change (memo): the report
 * screen redraws as its figures arrive, and the five fields were redrawn each time.
 */
export const ReportFilterBar = memo(function ReportFilterBar({ filters, onChange, campusLocked = false, allowAllCampuses = false, showDates = true }: ReportFilterBarProps) {
  const cycles = useGrantedCycles();
  const periodos = usePeriodos();
  const rangeError = invalidRangeMessage(filters);
  const field = { flex: 1, minWidth: { xs: '100%', sm: 180 } } as const;
  // The date fields a task after the pickers, in boxes of their height meanwhile (nothing moves): the bar
  // drawn whole was most of the report's opening task (useRevealedCount).
  const datesShown = useRevealedCount(2) === 2;
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
      <IdSelectField
        id="reporte-ciclo"
        label="Tipo de encuesta"
        selectedId={filters.cicleId}
        options={cycles.data ?? []}
        optionLabel={(cycle) => cycle.name}
        emptyLabel={cycles.isPending ? 'Cargando tipos de encuesta…' : 'Elige un tipo de encuesta'}
        onChange={(cicleId) => onChange({ ...filters, cicleId })}
        disabled={cycles.isPending}
        sx={field}
      />
      <IdSelectField
        id="reporte-periodo"
        label="Periodo"
        selectedId={filters.periodoId}
        options={periodos.data ?? []}
        optionLabel={(periodo) => periodo.nombre}
        emptyLabel={periodos.isPending ? 'Cargando periodos…' : 'Elige un periodo'}
        onChange={(periodoId) => onChange({ ...filters, periodoId })}
        disabled={periodos.isPending}
        sx={field}
      />
      <CampusFilterField
        id="reporte-campus"
        label={campusPickerLabel()}
        selectedId={filters.campusId}
        onChange={(campusId) => onChange({ ...filters, campusId })}
        required={!allowAllCampuses}
        disabled={campusLocked}
        sx={field}
      />
      {showDates && !datesShown ? (
        <>
          <Stack sx={{ ...field, height: DATE_FIELD_HEIGHT }} />
          <Stack sx={{ ...field, height: DATE_FIELD_HEIGHT }} />
        </>
      ) : showDates ? (
        <>
          <Stack sx={field}>
            <LazyDayPickerField label="Desde" value={filters.from} onChange={(from) => onChange({ ...filters, from })} />
          </Stack>
          <Stack sx={field}>
            <LazyDayPickerField
              label="Hasta"
              value={filters.to}
              minDay={filters.from}
              onChange={(to) => onChange({ ...filters, to })}
              error={rangeError != null}
              helperText={rangeError ?? undefined}
            />
          </Stack>
        </>
      ) : null}
    </Stack>
  );
});
