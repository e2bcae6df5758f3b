import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Lock from '@mui/icons-material/Lock';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { RequirePermission } from '../../../components/require-permission';
import { CampusFilterField } from '../../../components/filters/actives-filter-bar';
import { useGrantedCampuses } from '../../../hooks/use-reference-lists';
import type { Nom035Referral } from '../api/nom035-referrals-api';
import { useReferralsPage } from '../hooks/use-referrals';
import {
  ATTENDED_FILTER_LABELS,
  INITIAL_REFERRAL_FILTERS,
  referralsPageQuery,
  type AttendedFilter,
  type ReferralFilters,
} from '../logic/referrals';
import { ReferralDialog } from './referral-dialog';
import { ReferralCards, ReferralsTable } from './referrals-list';

export const NOM035_PAGE_TITLE = 'Canalizaciones NOM-035';

const canViewReferrals = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewNom035Referrals);

/** /admin/nom035: the staff whom NOM-035 Guía I refers to clinical evaluation, and their follow-up. */
export function Nom035ReferralsPage() {
  usePageTitle(NOM035_PAGE_TITLE);
  return (
    <RequirePermission allowed={canViewReferrals}>
      <Nom035ReferralsScreen />
    </RequirePermission>
  );
}

export default Nom035ReferralsPage;

function Nom035ReferralsScreen() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [filters, setFilters] = useState<ReferralFilters>(INITIAL_REFERRAL_FILTERS);
  const paging = usePaging();
  const [opened, setOpened] = useState<Nom035Referral | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const listQuery = useReferralsPage(referralsPageQuery(filters, paging));
  const referrals = listQuery.data?.referrals ?? [];
  const total = listQuery.data?.total ?? 0;

  const changeFilters = (change: Partial<ReferralFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    paging.resetPage();
  };
  const open = (referral: Nom035Referral) => {
    setOpened(referral);
    setDialogOpen(true);
  };

  return (
    <Stack spacing={3}>
      <ReferralsIntro />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ReferralsFilterBar filters={filters} onChange={changeFilters} />
        <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
          <QueryListBody
            query={listQuery}
            isEmpty={referrals.length === 0}
            loadingText="Cargando canalizaciones…"
            emptyTitle="No hay canalizaciones"
            emptyText={
              filters.attended === 'pending'
                ? 'No hay canalizaciones pendientes con los filtros elegidos.'
                : 'No se encontraron canalizaciones con los filtros elegidos.'
            }
          >
            <Box aria-busy={listQuery.isFetching}>
              {isPhone ? (
                <ReferralCards referrals={referrals} onOpen={open} />
              ) : (
                <ReferralsTable referrals={referrals} onOpen={open} />
              )}
            </Box>
          </QueryListBody>
        </Box>
        <PagedTablePagination paging={paging} total={total} wrapOnPhone />
      </Paper>

      <ReferralDialog open={dialogOpen} referral={opened} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}

/** The campus and state pickers; the campuses' load error under them. */
function ReferralsFilterBar({ filters, onChange }: { filters: ReferralFilters; onChange: (change: Partial<ReferralFilters>) => void }) {
  const campusesQuery = useGrantedCampuses();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }} role="search" aria-label="Filtros de canalizaciones">
        <CampusFilterField
          id="nom035-campus"
          label="Campus"
          selectedId={filters.campusId}
          onChange={(campusId) => onChange({ campusId })}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          id="nom035-estado"
          label="Estado"
          value={filters.attended}
          onChange={(event) => onChange({ attended: event.target.value as AttendedFilter })}
          sx={{ flex: 1 }}
        >
          {(Object.keys(ATTENDED_FILTER_LABELS) as AttendedFilter[]).map((key) => (
            <MenuItem key={key} value={key}>
              {ATTENDED_FILTER_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {campusesQuery.isError ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Alert severity="error">{errorMessage(campusesQuery.error)}</Alert>
        </Box>
      ) : null}
    </>
  );
}

/** The page's title and its confidentiality warning. */
function ReferralsIntro() {
  return (
    <>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, textWrap: 'balance' }}>
          {NOM035_PAGE_TITLE}
        </Typography>
        <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Personal que la Guía de referencia I canaliza a valoración clínica.
        </Typography>
      </div>

      <Alert severity="warning" icon={<Lock />}>
        <AlertTitle>Información confidencial</AlertTitle>
        Esta es la única lista de la NOM-035 que identifica a personas. Las respuestas de los cuestionarios nunca se
        muestran: aquí solo aparece a quién hay que dar seguimiento. Úsala solo para ese fin y no la compartas.
      </Alert>
    </>
  );
}
