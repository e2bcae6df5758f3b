import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useNavigate } from 'react-router';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUsersPage } from '../hooks/use-users-queries';
import { usersPageQuery, type AvailabilityFilter } from '../logic/users-list';
import { NewUserDialog } from './new-user-dialog';
import { UserCards, UsersSearchBar, UsersTable } from './users-list-parts';
import { USERS_PATH, UsersSectionHeader } from './users-section-header';

/** /admin/users: back-office accounts, searchable and paged on the server. */
export function UsersListPage() {
  usePageTitle('Usuarios');
  const navigate = useNavigate();
  const { permissions } = useAdminUser();
  const canManage = hasPermission(permissions, PERMISSIONS.manageUsers);
  const [search, setSearch] = useState('');
  const [availability, setAvailability] = useState<AvailabilityFilter>('all');
  const paging = usePaging();
  const [creating, setCreating] = useState(false);
  const debouncedSearch = useDebouncedValue(search);

  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useUsersPage(usersPageQuery({ ...paging, search: debouncedSearch, availability }));
  const users = query.data?.users ?? [];
  const total = query.data?.total_users ?? 0;

  return (
    <Stack spacing={3}>
      <UsersSectionHeader
        section="users"
        title="Usuarios"
        subtitle="Cuentas del personal administrativo y su acceso."
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setCreating(true)} aria-haspopup="dialog">
              Nuevo usuario
            </Button>
          ) : null
        }
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <UsersSearchBar
          search={search}
          availability={availability}
          onSearch={(value) => {
            setSearch(value);
            paging.resetPage();
          }}
          onAvailability={(value) => {
            setAvailability(value);
            paging.resetPage();
          }}
        />

        <QueryListBody
          query={query}
          isEmpty={users.length === 0}
          loadingText="Cargando usuarios…"
          emptyTitle="No se encontraron usuarios"
          emptyText={
            debouncedSearch.trim() || availability !== 'all'
              ? 'Prueba con otra búsqueda o cambia el filtro de estado.'
              : 'Aún no hay usuarios registrados.'
          }
        >
          {phone ? (
            <UserCards users={users} busy={query.isFetching} />
          ) : (
            <UsersTable users={users} busy={query.isFetching} />
          )}
        </QueryListBody>

        <PagedTablePagination paging={paging} total={total} wrapOnPhone />
      </Paper>

      {canManage ? (
        <NewUserDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(user) => void navigate(`${USERS_PATH}/${user.id}`)}
        />
      ) : null}
    </Stack>
  );
}

export default UsersListPage;
