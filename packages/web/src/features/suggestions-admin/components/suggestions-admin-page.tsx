import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { DEFAULT_PAGE_SIZE, ROWS_PER_PAGE_OPTIONS } from '@encuestas/core/api/common';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../admin-auth/hooks/use-admin-user';
import { RequirePermission } from '../../admin/components/require-permission';
import { useGrantedCampuses } from '../../periods-cycles/hooks/use-reference-lists';
import { useDebouncedValue } from '../../users/hooks/use-debounced-value';
import {
  useCommentCategories,
  useSuggestionCategories,
  useSuggestionResolutions,
  useSuggestionsPage,
} from '../hooks/use-suggestions-admin';
import {
  INITIAL_SUGGESTION_FILTERS,
  hasActiveFilters,
  suggestionsPageQuery,
  type SuggestionFilters,
} from '../logic/suggestion-filters';
import { SuggestionBoxSwitch } from './suggestion-box-switch';
import { SuggestionDialog } from './suggestion-dialog';
import { SuggestionFilterBar } from './suggestion-filter-bar';
import { SuggestionCards, SuggestionsTable } from './suggestions-list';

export const SUGGESTIONS_PAGE_TITLE = 'Buzón de sugerencias';
export const ROWS_PER_PAGE_LABEL = 'Registros por página';

const canViewSuggestions = (permissions: readonly string[]) => hasPermission(permissions, PERMISSIONS.viewSuggestions);

/** /admin/buzon: the comments sent to the suggestion boxes of the user's campuses. */
export function SuggestionsAdminPage() {
  usePageTitle(SUGGESTIONS_PAGE_TITLE);
  return (
    <RequirePermission allowed={canViewSuggestions}>
      <SuggestionsAdminScreen />
    </RequirePermission>
  );
}

export default SuggestionsAdminPage;

const NO_CATEGORIES = { general: [], person: [] };

/** The pager wraps onto two lines on a phone instead of running off the screen. */
const paginationSx = {
  borderTop: 1,
  borderColor: 'divider',
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 1, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

function SuggestionsAdminScreen() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { permissions } = useAdminUser();
  const canManage = hasPermission(permissions, PERMISSIONS.manageSuggestions);
  const [filters, setFilters] = useState<SuggestionFilters>(INITIAL_SUGGESTION_FILTERS);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_PAGE_SIZE);
  // The dialog keeps its comment while it fades out.
  const [opened, setOpened] = useState<Suggestion | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = (suggestion: Suggestion) => {
    setOpened(suggestion);
    setDialogOpen(true);
  };
  const debouncedSearch = useDebouncedValue(filters.search);

  const campusesQuery = useGrantedCampuses();
  const commentCategoriesQuery = useCommentCategories();
  const suggestionCategoriesQuery = useSuggestionCategories();
  const resolutionsQuery = useSuggestionResolutions();
  const campuses = campusesQuery.data ?? [];
  const commentCategories = commentCategoriesQuery.data ?? [];
  const suggestionCategories = suggestionCategoriesQuery.data ?? NO_CATEGORIES;
  const resolutions = resolutionsQuery.data ?? [];
  const referenceError = [campusesQuery, commentCategoriesQuery, suggestionCategoriesQuery, resolutionsQuery].find(
    (q) => q.isError,
  )?.error;

  const listQuery = useSuggestionsPage(suggestionsPageQuery({ ...filters, search: debouncedSearch }, { page, rowsPerPage }));
  const suggestions = listQuery.data?.suggestions ?? [];
  const total = listQuery.data?.total ?? 0;
  const campus = campuses.find((c) => c.id === filters.campusId) ?? null;

  const changeFilters = (change: Partial<SuggestionFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(0);
  };

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {SUGGESTIONS_PAGE_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
          Sugerencias y quejas de la comunidad de tus campus.
        </Typography>
      </div>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={2}>
          <SuggestionFilterBar
            filters={filters}
            onChange={changeFilters}
            onClear={() => {
              setFilters(INITIAL_SUGGESTION_FILTERS);
              setPage(0);
            }}
            canClear={hasActiveFilters(filters)}
            campuses={campuses}
            commentCategories={commentCategories}
            suggestionCategories={suggestionCategories}
            resolutions={resolutions}
            loadingCampuses={campusesQuery.isPending}
          />
          {referenceError ? <Alert severity="error">{errorMessage(referenceError)}</Alert> : null}
          {canManage ? (
            <>
              <Divider />
              {campus ? (
                <SuggestionBoxSwitch key={campus.id} campus={campus} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Elige un campus para abrir o cerrar su buzón de sugerencias.
                </Typography>
              )}
            </>
          ) : null}
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {listQuery.isPending ? (
          <Stack role="status" direction="row" spacing={2} sx={{ justifyContent: 'center', alignItems: 'center', py: 6 }}>
            <CircularProgress size={28} aria-hidden="true" />
            <Typography>Cargando comentarios…</Typography>
          </Stack>
        ) : listQuery.isError ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void listQuery.refetch()}>
                  Reintentar
                </Button>
              }
            >
              {errorMessage(listQuery.error)}
            </Alert>
          </Box>
        ) : suggestions.length === 0 ? (
          <Box sx={{ py: 6, px: 2, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>No hay comentarios</Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {hasActiveFilters(filters)
                ? 'No se encontraron comentarios con los filtros elegidos.'
                : 'No hay comentarios abiertos en tus campus. Cambia el estado a «Todos» para ver los cerrados.'}
            </Typography>
          </Box>
        ) : (
          <Box aria-busy={listQuery.isFetching}>
            {isPhone ? (
              <SuggestionCards suggestions={suggestions} onOpen={open} />
            ) : (
              <SuggestionsTable suggestions={suggestions} onOpen={open} />
            )}
          </Box>
        )}
        <TablePagination
          component="div"
          count={total}
          page={total === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(total / rowsPerPage) - 1))}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={ROWS_PER_PAGE_LABEL}
          sx={paginationSx}
        />
      </Paper>

      <SuggestionDialog
        open={dialogOpen}
        suggestionId={opened?.id ?? null}
        fromList={opened ?? undefined}
        permissions={permissions}
        commentCategories={commentCategories}
        suggestionCategories={suggestionCategories}
        resolutions={resolutions}
        onClose={() => setDialogOpen(false)}
      />
    </Stack>
  );
}
