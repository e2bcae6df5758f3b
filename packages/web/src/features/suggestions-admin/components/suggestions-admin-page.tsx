import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Suggestion } from '@encuestas/core/api/suggestions';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { RequirePermission } from '../../../components/require-permission';
import { useGrantedCampuses } from '../../../hooks/use-reference-lists';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
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

/** The lists the filters and the dialog choose from, and the first of their failures. */
function useReferenceLists() {
  const campusesQuery = useGrantedCampuses();
  const commentCategoriesQuery = useCommentCategories();
  const suggestionCategoriesQuery = useSuggestionCategories();
  const resolutionsQuery = useSuggestionResolutions();
  return {
    campuses: campusesQuery.data ?? [],
    commentCategories: commentCategoriesQuery.data ?? [],
    suggestionCategories: suggestionCategoriesQuery.data ?? NO_CATEGORIES,
    resolutions: resolutionsQuery.data ?? [],
    referenceError: [campusesQuery, commentCategoriesQuery, suggestionCategoriesQuery, resolutionsQuery].find((q) => q.isError)?.error,
  };
}

function SuggestionsAdminScreen() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { permissions } = useAdminUser();
  const canManage = hasPermission(permissions, PERMISSIONS.manageSuggestions);
  const [filters, setFilters] = useState<SuggestionFilters>(INITIAL_SUGGESTION_FILTERS);
  const paging = usePaging();
  // The dialog keeps its comment while it fades out.
  const [opened, setOpened] = useState<Suggestion | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const open = (suggestion: Suggestion) => {
    setOpened(suggestion);
    setDialogOpen(true);
  };
  const debouncedSearch = useDebouncedValue(filters.search);

  const { campuses, commentCategories, suggestionCategories, resolutions, referenceError } = useReferenceLists();

  const listQuery = useSuggestionsPage(suggestionsPageQuery({ ...filters, search: debouncedSearch }, paging));
  const suggestions = listQuery.data?.suggestions ?? [];
  const total = listQuery.data?.total ?? 0;
  const campus = campuses.find((c) => c.id === filters.campusId) ?? null;

  const changeFilters = (change: Partial<SuggestionFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    paging.resetPage();
  };

  return (
    <Stack spacing={3}>
      <PageHeading />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack spacing={2}>
          <SuggestionFilterBar
            filters={filters}
            onChange={changeFilters}
            onClear={() => {
              setFilters(INITIAL_SUGGESTION_FILTERS);
              paging.resetPage();
            }}
            canClear={hasActiveFilters(filters)}
            commentCategories={commentCategories}
            suggestionCategories={suggestionCategories}
            resolutions={resolutions}
          />
          {referenceError ? <Alert severity="error">{errorMessage(referenceError)}</Alert> : null}
          {canManage ? <BoxSwitchOrHint campus={campus} /> : null}
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <QueryListBody
          query={listQuery}
          isEmpty={suggestions.length === 0}
          loadingText="Cargando comentarios…"
          emptyTitle="No hay comentarios"
          emptyText={
            hasActiveFilters(filters)
              ? 'No se encontraron comentarios con los filtros elegidos.'
              : 'No hay comentarios abiertos en tus campus. Cambia el estado a «Todos» para ver los cerrados.'
          }
        >
          <Box aria-busy={listQuery.isFetching}>
            {isPhone ? (
              <SuggestionCards suggestions={suggestions} onOpen={open} />
            ) : (
              <SuggestionsTable suggestions={suggestions} onOpen={open} />
            )}
          </Box>
        </QueryListBody>
        <PagedTablePagination paging={paging} total={total} wrapOnPhone />
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

function PageHeading() {
  return (
    <div>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {SUGGESTIONS_PAGE_TITLE}
      </Typography>
      <Typography color="textSecondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
        Sugerencias y quejas de la comunidad de tus campus.
      </Typography>
    </div>
  );
}

/** For who manages the box: the chosen campus's switch, or how to get one. */
function BoxSwitchOrHint({ campus }: { campus: { id: number; nombre: string } | null }) {
  return (
    <>
      <Divider />
      {campus ? (
        <SuggestionBoxSwitch key={campus.id} campus={campus} />
      ) : (
        <Typography variant="body2" color="textSecondary">
          Elige un campus para abrir o cerrar su buzón de sugerencias.
        </Typography>
      )}
    </>
  );
}
