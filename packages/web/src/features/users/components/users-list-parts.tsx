import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Search from '@mui/icons-material/Search';
import { useNavigate } from 'react-router';
import type { AdminUser } from '@encuestas/core/api/auth';
import { formatInstantEsMx } from '../../../components/dates/day-format';
import { AppLink } from '../../../components/router-link';
import { AVAILABILITY_FILTER_LABELS, type AvailabilityFilter } from '../logic/users-list';
import { AvailabilityChip } from './availability-chip';
import { USERS_PATH } from './users-section-header';

/** On a phone, one card per account instead of a table wider than the screen. */
export function UserCards({ users, busy }: { users: readonly AdminUser[]; busy: boolean }) {
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
              <Typography variant="body2" color="textSecondary">
                ID {user.id} · Alta: {formatInstantEsMx(user.created_at)}
              </Typography>
            </CardContent>
          </Card>
        </li>
      ))}
    </Box>
  );
}

interface UsersSearchBarProps {
  search: string;
  availability: AvailabilityFilter;
  onSearch: (search: string) => void;
  onAvailability: (availability: AvailabilityFilter) => void;
}

/** Search by name or e-mail, and the account state filter. */
export function UsersSearchBar({ search, availability, onSearch, onAvailability }: UsersSearchBarProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2 }} role="search">
      <TextField
        label="Buscar por nombre o correo"
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
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
        onChange={(event) => onAvailability(event.target.value as AvailabilityFilter)}
        sx={{ flex: 1, minWidth: 160 }}
      >
        {(Object.keys(AVAILABILITY_FILTER_LABELS) as AvailabilityFilter[]).map((key) => (
          <MenuItem key={key} value={key}>
            {AVAILABILITY_FILTER_LABELS[key]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** From the sm breakpoint, a table whose rows open the user. */
export function UsersTable({ users, busy }: { users: readonly AdminUser[]; busy: boolean }) {
  const navigate = useNavigate();
  return (
    <TableContainer sx={{ overflowX: 'auto' }} aria-busy={busy}>
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
  );
}
