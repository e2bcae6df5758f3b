import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Search from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import type { AdminUser } from '@encuestas/core/api/auth';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { formatInstantEsMx } from '../../../components/dates/day-format';
import { AppLink } from '../../../components/router-link';
import { QueryListBody } from '../../../components/lists/query-list-body';
import { PagedTablePagination } from '../../../components/paging/paged-table-pagination';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useUsersPage } from '../hooks/use-users-queries';
import { AVAILABILITY_FILTER_LABELS, usersPageQuery, type AvailabilityFilter } from '../logic/users-list';
import { AvailabilityChip } from './availability-chip';
import { NewUserDialog } from './new-user-dialog';
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }} role="search">
          <TextField
            label="Buscar por nombre o correo"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              paging.resetPage();
            }}
            sx={{ flex: 2 }}
            slotProps={{
              htmlInput: { maxLength: 100 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search aria-hidden="true" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label="Estado"
            value={availability}
            onChange={(event) => {
              setAvailability(event.target.value as AvailabilityFilter);
              paging.resetPage();
            }}
            sx={{ flex: 1, minWidth: 160 }}
          >
            {(Object.keys(AVAILABILITY_FILTER_LABELS) as AvailabilityFilter[]).map((key) => (
              <MenuItem key={key} value={key}>
                {AVAILABILITY_FILTER_LABELS[key]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

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
            <TableContainer sx={{ overflowX: 'auto' }} aria-busy={query.isFetching}>
              <Table size="small" sx={{ minWidth: 680 }} aria-label="Usuarios">
                <TableHead>
                  <TableRow>
                    <TableCell>ID</TableCell>
                    <TableCell>Nombre completo</TableCell>
                    <TableCell>Correo electrónico</TableCell>
                    <TableCell>Estado</TableCell>
                    <TableCell>Fecha de creación</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {users.map((user) => (
                    <TableRow
                      key={user.id}
                      hover
                      onClick={() => void navigate(`${USERS_PATH}/${user.id}`)}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell>{user.id}</TableCell>
                      <TableCell>
                        <AppLink to={`${USERS_PATH}/${user.id}`} onClick={(event) => event.stopPropagation()}>
                          {user.full_name}
                        </AppLink>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                      <TableCell>
                        <AvailabilityChip avalible={user.avalible} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInstantEsMx(user.created_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
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

/** On a phone, one card per account instead of a table wider than the screen. */
function UserCards({ users, busy }: { users: readonly AdminUser[]; busy: boolean }) {
  return (
    <Box component="ul" aria-label="Usuarios" aria-busy={busy} sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1.5 }}>
      {users.map((user) => (
        <li key={user.id}>
          <Card variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <AppLink to={`${USERS_PATH}/${user.id}`} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, fontWeight: 600 }}>
                  {user.full_name}
                </AppLink>
                <AvailabilityChip avalible={user.avalible} />
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                ID {user.id} · Alta: {formatInstantEsMx(user.created_at)}
              </Typography>
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}
