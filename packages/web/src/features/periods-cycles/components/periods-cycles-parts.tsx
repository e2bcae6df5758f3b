import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventNote from '@mui/icons-material/EventNote';
import type { Periodo } from '@encuestas/core/api/periods';
import { errorMessage } from '../../../api/api-error';
import { QueryListBody } from '../../../components/lists/query-list-body';
import type { useActivesPage } from '../hooks/use-actives';
import { ACTIVE_DIALOG_TITLE } from '../logic/active-form';
import { COPY_TERM_BUTTON } from '../logic/copy-term';
import { ActiveStatusLegend } from './active-status-legend';
import { ActivesFilterBar } from '../../../components/filters/actives-filter-bar';
import type { ActivesFilterKey } from './use-actives-screen';

export const PERIODS_PAGE_TITLE = 'Gestión de peridos y ciclos';
export const PERIODS_PAGE_SUBTITLE = 'Activar periodos de encuestas';

/** The title, and 'Gestionar periodos' for those who may see the Power Campus periods. */
export function PeriodsHeader({ onManagePeriods }: { onManagePeriods: (() => void) | null }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {PERIODS_PAGE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          {PERIODS_PAGE_SUBTITLE}
        </Typography>
      </div>
      {onManagePeriods ? (
        <Button variant="outlined" startIcon={<EventNote />} onClick={onManagePeriods} aria-haspopup="dialog" sx={{ flexShrink: 0 }}>
          Gestionar periodos
        </Button>
      ) : null}
    </Stack>
  );
}

interface ActivesFiltersPanelProps {
  periodos: readonly Periodo[];
  campusId: number | null;
  periodoId: number | null;
  campusLocked: boolean;
  loadingPeriodos: boolean;
  onFilter: (key: ActivesFilterKey, id: number | null) => void;
  /** The reference lists' failures (campuses, periods). */
  errors: readonly unknown[];
}

/** Campus and period filters, the status legend and the lists' failures. */
export function ActivesFiltersPanel({ periodos, campusId, periodoId, campusLocked, loadingPeriodos, onFilter, errors }: ActivesFiltersPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack spacing={2} component="section" aria-label="Filtros">
        <ActivesFilterBar
          periodos={periodos}
          campusId={campusId}
          periodoId={periodoId}
          onCampusChange={(id) => onFilter('campusId', id)}
          onPeriodoChange={(id) => onFilter('periodoId', id)}
          campusLocked={campusLocked}
          loadingPeriodos={loadingPeriodos}
        />
        <ActiveStatusLegend />
        {errors.map((error, index) =>
          error ? (
            <Alert key={index} severity="error">
              {errorMessage(error)}
            </Alert>
          ) : null,
        )}
      </Stack>
    </Paper>
  );
}

/** 'Nuevo periodo de encuestas' and 'Copiar…' above the list; nothing when neither is offered. */
export function ActivesActions({ onNew, onCopy }: { onNew: (() => void) | null; onCopy: (() => void) | null }) {
  if (!onNew && !onCopy) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, pb: 0 }}>
      {onNew ? (
        <Button fullWidth variant="contained" color="secondary" size="large" startIcon={<Add />} aria-haspopup="dialog" onClick={onNew}>
          {ACTIVE_DIALOG_TITLE}
        </Button>
      ) : null}
      {onCopy ? (
        <Button fullWidth variant="outlined" size="large" startIcon={<ContentCopy />} aria-haspopup="dialog" onClick={onCopy}>
          {COPY_TERM_BUTTON}
        </Button>
      ) : null}
    </Stack>
  );
}

interface ActivesListBodyProps {
  query: ReturnType<typeof useActivesPage>;
  hasRows: boolean;
  filtered: boolean;
  children: ReactNode;
}

/** Loading, error and empty states around the table. */
export function ActivesListBody({ query, hasRows, filtered, children }: ActivesListBodyProps) {
  return (
    <QueryListBody
      query={query}
      isEmpty={!hasRows}
      loadingText="Cargando periodos de encuestas…"
      emptyTitle="No hay periodos de encuestas"
      emptyText={
        filtered
          ? 'No se encontraron periodos de encuestas con los filtros elegidos.'
          : 'Aún no se ha activado ningún periodo de encuestas en tus campus.'
      }
    >
      <Box sx={{ position: 'relative' }} aria-busy={query.isFetching}>
        {children}
      </Box>
    </QueryListBody>
  );
}
