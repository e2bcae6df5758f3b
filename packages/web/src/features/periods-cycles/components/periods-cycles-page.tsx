import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import EventNote from '@mui/icons-material/EventNote';
import { useParams, useSearchParams } from 'react-router';
import { PERIODS_ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/common';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { parsePositiveId } from '../../../components/parse-positive-id';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { pagingQuery } from '../../../components/paging/paging';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { RequirePermission } from '../../../components/require-permission';
import { useActivesPage, useResetActivesOnLeave } from '../hooks/use-actives';
import { useGrantedCampuses, usePeriodos } from '../../../hooks/use-reference-lists';
import { ACTIVE_DIALOG_TITLE } from '../logic/active-form';
import { ActiveDialog } from './active-dialog';
import { COPY_TERM_BUTTON } from '../logic/copy-term';
import { ActiveStatusLegend } from './active-status-legend';
import { ActivesFilterBar } from '../../../components/filters/actives-filter-bar';
import { ActivesTable } from './actives-table';
import { CopyTermDialog } from './copy-term-dialog';
import { ManagePeriodsDialog } from './manage-periods-dialog';

export const PERIODS_PAGE_TITLE = 'Gestión de peridos y ciclos';
export const PERIODS_PAGE_SUBTITLE = 'Activar periodos de encuestas';

const canViewActives = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewActives);

/**
 * /admin/periodosCiclos and /admin/actives-campus/{campusId} (spec §2): survey
 * applications by campus and period, and the dialogs that create and edit them.
 */
export function PeriodsCyclesPage() {
  usePageTitle(PERIODS_PAGE_TITLE);
  return (
    <RequirePermission allowed={canViewActives}>
      <PeriodsCyclesScreen />
    </RequirePermission>
  );
}

export default PeriodsCyclesPage;

interface DialogState {
  open: boolean;
  activeId: number | null;
}

function PeriodsCyclesScreen() {
  const { permissions } = useAdminUser();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const routeCampusId = params.campusId;
  const campusLocked = routeCampusId !== undefined;
  const campusId = campusLocked ? parsePositiveId(routeCampusId) : parsePositiveId(searchParams.get('campusId'));
  const periodoId = parsePositiveId(searchParams.get('periodoId'));

  const paging = usePaging();
  const [dialog, setDialog] = useState<DialogState>({ open: false, activeId: null });
  const [managingPeriods, setManagingPeriods] = useState(false);
  const [copying, setCopying] = useState(false);

  const campusesQuery = useGrantedCampuses();
  const periodosQuery = usePeriodos();
  const campuses = campusesQuery.data ?? [];
  const periodos = periodosQuery.data ?? [];
  const campus = campuses.find((c) => c.id === campusId) ?? null;
  const periodo = periodos.find((p) => p.id === periodoId) ?? null;
  const lockedCampusDenied = campusLocked && campusesQuery.isSuccess && campus === null;
  // A campus fixed by the route is asked for only once it is known to be granted (no 403 round trip).
  const listEnabled = !campusLocked || (campusesQuery.isSuccess && campus !== null);

  useResetActivesOnLeave();
  const activesQuery = useActivesPage(
    { ...pagingQuery(paging), campusId: campusId ?? undefined, periodoId: periodoId ?? undefined },
    listEnabled,
  );

  const setFilter = (key: 'campusId' | 'periodoId', id: number | null) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id == null) next.delete(key);
        else next.set(key, String(id));
        return next;
      },
      { replace: true },
    );
    paging.resetPage();
  };

  const canCreate = hasPermission(permissions, PERMISSIONS.createActives);
  // A disabled campus keeps its applications but takes no new one (campus management).
  const showNewButton = canCreate && campus !== null && campus.avalible !== false && periodo !== null;
  // Into the chosen term, at the chosen campus or at all of the user's.
  const showCopyButton = canCreate && periodo !== null && (campusId === null || campus !== null);
  const actives = activesQuery.data?.actives ?? [];
  const total = activesQuery.data?.total_actives ?? 0;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {PERIODS_PAGE_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
            {PERIODS_PAGE_SUBTITLE}
          </Typography>
        </div>
        {hasPermission(permissions, PERMISSIONS.viewPowerCampusPeriods) ? (
          <Button
            variant="outlined"
            startIcon={<EventNote />}
            onClick={() => setManagingPeriods(true)}
            aria-haspopup="dialog"
            sx={{ flexShrink: 0 }}
          >
            Gestionar periodos
          </Button>
        ) : null}
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={2} component="section" aria-label="Filtros">
          <ActivesFilterBar
            periodos={periodos}
            campusId={campusId}
            periodoId={periodoId}
            onCampusChange={(id) => setFilter('campusId', id)}
            onPeriodoChange={(id) => setFilter('periodoId', id)}
            campusLocked={campusLocked}
            loadingPeriodos={periodosQuery.isPending}
          />
          <ActiveStatusLegend />
          {campusesQuery.isError ? <Alert severity="error">{errorMessage(campusesQuery.error)}</Alert> : null}
          {periodosQuery.isError ? <Alert severity="error">{errorMessage(periodosQuery.error)}</Alert> : null}
        </Stack>
      </Paper>

      {lockedCampusDenied ? (
        <Alert severity="warning">No tienes acceso a este campus. Solicítalo a tu administrador.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {showNewButton || showCopyButton ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, pb: 0 }}>
              {showNewButton ? (
                <Button
                  fullWidth
                  variant="contained"
                  color="secondary"
                  size="large"
                  startIcon={<Add />}
                  aria-haspopup="dialog"
                  onClick={() => setDialog({ open: true, activeId: null })}
                >
                  {ACTIVE_DIALOG_TITLE}
                </Button>
              ) : null}
              {showCopyButton ? (
                <Button
                  fullWidth
                  variant="outlined"
                  size="large"
                  startIcon={<ContentCopy />}
                  aria-haspopup="dialog"
                  onClick={() => setCopying(true)}
                >
                  {COPY_TERM_BUTTON}
                </Button>
              ) : null}
            </Stack>
          ) : null}
          <ActivesListBody
            query={activesQuery}
            hasRows={actives.length > 0}
            filtered={campusId !== null || periodoId !== null}
          >
            <ActivesTable
              actives={actives}
              permissions={permissions}
              onOpen={(active) => setDialog({ open: true, activeId: active.id })}
            />
          </ActivesListBody>
          <PagedTablePagination paging={paging} total={total} rowsPerPageOptions={PERIODS_ROWS_PER_PAGE_OPTIONS} wrapOnPhone />
        </Paper>
      )}

      <ActiveDialog
        open={dialog.open}
        activeId={dialog.activeId}
        campus={campus}
        periodo={periodo}
        grantedCampuses={campuses}
        permissions={permissions}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      {periodo !== null ? (
        <CopyTermDialog key={`${periodo.id}-${campus?.id}`} open={copying} periodo={periodo} campus={campus} onClose={() => setCopying(false)} />
      ) : null}
      <ManagePeriodsDialog open={managingPeriods} permissions={permissions} onClose={() => setManagingPeriods(false)} />
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
function ActivesListBody({ query, hasRows, filtered, children }: ActivesListBodyProps) {
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
