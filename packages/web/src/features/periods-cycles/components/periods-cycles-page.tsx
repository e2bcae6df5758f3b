import { lazy, useState } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { PERIODS_ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/paging';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useRevealedCount } from '../../../hooks/use-revealed-count';
import { RequirePermission } from '../../../components/require-permission';
import { OnceOpened } from '../../../components/once-opened';
import { ActivesTable } from './actives-table';
import { ActivesActions, ActivesFiltersPanel, ActivesListBody, PeriodsHeader, PERIODS_PAGE_TITLE } from './periods-cycles-parts';
import { useActivesScreen } from './use-actives-screen';

export { PERIODS_PAGE_SUBTITLE, PERIODS_PAGE_TITLE } from './periods-cycles-parts';

// The dialogs' code (forms, rules, date pickers) loads when one is first opened.
const ActiveDialog = lazy(async () => ({ default: (await import('./active-dialog')).ActiveDialog }));
const CopyTermDialog = lazy(async () => ({ default: (await import('./copy-term-dialog')).CopyTermDialog }));
const ManagePeriodsDialog = lazy(async () => ({ default: (await import('./manage-periods-dialog')).ManagePeriodsDialog }));

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

/** The screen's state lives in useActivesScreen; the dialogs' open state here. */
function PeriodsCyclesScreen() {
  const { permissions } = useAdminUser();
  const screen = useActivesScreen(permissions);
  const { campusId, periodoId, campus, periodo, activesQuery } = screen;
  const [dialog, setDialog] = useState<DialogState>({ open: false, activeId: null });
  const [managingPeriods, setManagingPeriods] = useState(false);
  const [copying, setCopying] = useState(false);
  const actives = activesQuery.data?.actives ?? [];
  // The title and filters first, the list a task later (useRevealedCount), its query already on its way:
  // drawn together they were the screen's longest task (Lighthouse traces: 132-245 -> 52-90 ms of blocking CPU).
  const listShown = useRevealedCount(2) === 2;

  return (
    <Stack spacing={3}>
      <PeriodsHeader
        onManagePeriods={hasPermission(permissions, PERMISSIONS.viewPowerCampusPeriods) ? () => setManagingPeriods(true) : null}
      />
      <ActivesFiltersPanel
        periodos={screen.periodos}
        campusId={campusId}
        periodoId={periodoId}
        campusLocked={screen.campusLocked}
        loadingPeriodos={screen.periodosQuery.isPending}
        onFilter={screen.setFilter}
        errors={[screen.campusesQuery.error, screen.periodosQuery.error]}
      />

      {!listShown ? null : screen.lockedCampusDenied ? (
        <Alert severity="warning">No tienes acceso a este campus. Solicítalo a tu administrador.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <ActivesActions
            onNew={screen.showNewButton ? () => setDialog({ open: true, activeId: null }) : null}
            onCopy={screen.showCopyButton ? () => setCopying(true) : null}
          />
          <ActivesListBody query={activesQuery} hasRows={actives.length > 0} filtered={campusId !== null || periodoId !== null}>
            <ActivesTable actives={actives} permissions={permissions} onOpen={(active) => setDialog({ open: true, activeId: active.id })} />
          </ActivesListBody>
          <PagedTablePagination
            paging={screen.paging}
            total={activesQuery.data?.total_actives ?? 0}
            rowsPerPageOptions={PERIODS_ROWS_PER_PAGE_OPTIONS}
            wrapOnPhone
          />
        </Paper>
      )}

      <OnceOpened open={dialog.open}>
        <ActiveDialog
          open={dialog.open}
          activeId={dialog.activeId}
          campus={campus}
          periodo={periodo}
          grantedCampuses={screen.campuses}
          permissions={permissions}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
      </OnceOpened>
      {periodo !== null ? (
        <OnceOpened open={copying}>
          <CopyTermDialog key={`${periodo.id}-${campus?.id}`} open={copying} periodo={periodo} campus={campus} onClose={() => setCopying(false)} />
        </OnceOpened>
      ) : null}
      <OnceOpened open={managingPeriods}>
        <ManagePeriodsDialog open={managingPeriods} permissions={permissions} onClose={() => setManagingPeriods(false)} />
      </OnceOpened>
    </Stack>
  );
}
