import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AuditLogEntry } from '@encuestas/core/api/audit';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { DayPickerField } from '../../../components/dates/day-picker-field';
import { IdSelectField } from '../../../components/filters/id-select-field';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { RequirePermission } from '../../../components/require-permission';
import { useAuditActions, useAuditActors, useAuditLogPage } from '../hooks/use-audit-log';
import {
  INITIAL_AUDIT_LOG_FILTERS,
  actionOptions,
  auditLogQuery,
  dateRangeError,
  hasActiveFilters,
  type AuditLogFilters,
} from '../logic/audit-log';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditLogCards, AuditLogTable } from './audit-log-list';

export const AUDIT_LOG_PAGE_TITLE = 'Bitácora';

const canViewAuditLog = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewAuditLog);

/** /admin/bitacora: who changed what in the back office, newest first. */
export function AuditLogPage() {
  usePageTitle(AUDIT_LOG_PAGE_TITLE);
  return (
    <RequirePermission allowed={canViewAuditLog}>
      <AuditLogScreen />
    </RequirePermission>
  );
}

export default AuditLogPage;

function AuditLogScreen() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [filters, setFilters] = useState<AuditLogFilters>(INITIAL_AUDIT_LOG_FILTERS);
  const paging = usePaging();
  // The dialog keeps its entry while it fades out.
  const [opened, setOpened] = useState<AuditLogEntry | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const actorsQuery = useAuditActors();
  const actionsQuery = useAuditActions();
  const listQuery = useAuditLogPage(auditLogQuery(filters, paging));
  const entries = listQuery.data?.entries ?? [];
  const total = listQuery.data?.total_entries ?? 0;
  const referenceError = [actorsQuery, actionsQuery].find((query) => query.isError)?.error;

  const changeFilters = (change: Partial<AuditLogFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    paging.resetPage();
  };
  const open = (entry: AuditLogEntry) => {
    setOpened(entry);
    setDialogOpen(true);
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
          {AUDIT_LOG_PAGE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Quién hizo cada cambio en la administración y cuándo, del más reciente al más antiguo.
        </Typography>
      </div>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AuditLogFilterBar filters={filters} onChange={changeFilters} actorsQuery={actorsQuery} actionsQuery={actionsQuery} />
        {referenceError ? (
          <Box sx={{ px: 2, pb: 2 }}>
            <Alert severity="error">{errorMessage(referenceError)}</Alert>
          </Box>
        ) : null}

        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <QueryListBody
            query={listQuery}
            isEmpty={entries.length === 0}
            loadingText="Cargando la bitácora…"
            emptyTitle="No hay registros"
            emptyText={
              hasActiveFilters(filters)
                ? 'No se encontraron registros con los filtros elegidos.'
                : 'Aquí aparecerán los cambios que se hagan en la administración.'
            }
          >
            <Box aria-busy={listQuery.isFetching}>
              {isPhone ? <AuditLogCards entries={entries} onOpen={open} /> : <AuditLogTable entries={entries} onOpen={open} />}
            </Box>
          </QueryListBody>
        </Box>
        <PagedTablePagination paging={paging} total={total} wrapOnPhone />
      </Paper>

      <AuditEntryDialog open={dialogOpen} entry={opened} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}

/** User, action and days (the range checked as typed), and 'Limpiar filtros' once one is set. */
function AuditLogFilterBar({
  filters,
  onChange: changeFilters,
  actorsQuery,
  actionsQuery,
}: {
  filters: AuditLogFilters;
  onChange: (change: Partial<AuditLogFilters>) => void;
  actorsQuery: ReturnType<typeof useAuditActors>;
  actionsQuery: ReturnType<typeof useAuditActions>;
}) {
  const rangeError = dateRangeError(filters);
  return (
    <>
    <Box
      role="search"
      aria-label="Filtros de la bitácora"
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 1.5fr 1fr 1fr' } }}
    >
      <IdSelectField
        id="bitacora-usuario"
        label="Usuario"
        selectedId={filters.userId}
        options={actorsQuery.data ?? []}
        optionLabel={(actor) => `${actor.full_name || actor.email} (${actor.email})`}
        emptyLabel={actorsQuery.isPending ? 'Cargando usuarios…' : 'Todos los usuarios'}
        onChange={(userId) => changeFilters({ userId })}
        disabled={actorsQuery.isPending}
      />
      <TextField
        select
        id="bitacora-accion"
        label="Acción"
        value={filters.action}
        onChange={(event) => changeFilters({ action: event.target.value })}
        disabled={actionsQuery.isPending}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{actionsQuery.isPending ? 'Cargando acciones…' : 'Todas las acciones'}</MenuItem>
        {actionOptions(actionsQuery.data ?? []).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <DayPickerField label="Desde" name="from" value={filters.from} onChange={(from) => changeFilters({ from })} />
      <DayPickerField
        label="Hasta"
        name="to"
        value={filters.to}
        onChange={(to) => changeFilters({ to })}
        minDay={filters.from}
        error={rangeError !== null}
        helperText={rangeError ?? undefined}
      />
    </Box>
    {hasActiveFilters(filters) ? (
      <Box sx={{ px: 2, pb: 2, mt: -1 }}>
        <Button size="small" onClick={() => changeFilters(INITIAL_AUDIT_LOG_FILTERS)}>
          Limpiar filtros
        </Button>
      </Box>
    ) : null}
    </>
  );
}
