import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useParams } from 'react-router';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { parsePositiveId } from '../../../components/parse-positive-id';
import { formatInstantEsMx } from '../../../components/dates/day-format';
import { AppLink } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useUserDetail } from '../hooks/use-users-queries';
import { AvailabilityChip } from './availability-chip';
import { UserAccessEditor } from './user-access-editor';
import { UserAvailabilitySwitch } from './user-availability-switch';
import { UserProfileForm } from './user-profile-form';
import { USERS_PATH, UsersSectionHeader } from './users-section-header';
import { PageSection } from '../../../components/page-section';

/**
 * /admin/users/{id}: profile, availability and access of one user. Editable
 * with 'Gestionar Usuarios y Permisos'; read-only with only 'Ver Usuarios'.
 */
export function UserDetailPage() {
  const id = parsePositiveId(useParams().id);
  const { user: me, permissions } = useAdminUser();
  const query = useUserDetail(id);
  const readOnly = !hasPermission(permissions, PERMISSIONS.manageUsers);
  const detail = query.data;
  usePageTitle(detail ? detail.user.full_name : 'Detalle del usuario');

  const back = (
    <AppLink to={USERS_PATH} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ArrowBack fontSize="small" aria-hidden="true" />
      Volver a usuarios
    </AppLink>
  );

  if (id === null) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">El identificador del usuario no es válido.</Alert>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 6 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>Cargando usuario…</Typography>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      </Stack>
    );
  }

  const { user } = query.data;
  return (
    <Stack spacing={3}>
      <UsersSectionHeader
        section="users"
        title={user.full_name}
        subtitle={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <span>{user.email}</span>
            <AvailabilityChip avalible={user.avalible} />
            <span>· Creado el {formatInstantEsMx(user.created_at)}</span>
          </Box>
        }
        actions={back}
      />
      {readOnly ? (
        <Alert severity="info">Solo puedes consultar este usuario. Para hacer cambios necesitas el permiso «{PERMISSIONS.manageUsers}».</Alert>
      ) : null}

      <PageSection title="Datos del usuario">
        <UserProfileForm key={`${user.id}-${user.email}-${user.name}`} user={user} readOnly={readOnly} />
      </PageSection>

      <PageSection title="Estado de la cuenta">
        <UserAvailabilitySwitch user={user} readOnly={readOnly} />
      </PageSection>

      <PageSection title="Permisos y accesos">
        <UserAccessEditor key={user.id} detail={query.data} readOnly={readOnly} isSelf={me?.id === user.id} />
        <EffectivePermissions permissions={query.data.permissions} />
      </PageSection>
    </Stack>
  );
}

export default UserDetailPage;

/** What the user may do, directly or through groups, as chips. */
function EffectivePermissions({ permissions }: { permissions: readonly string[] }) {
  return (
    <Box sx={{ mt: 3 }}>
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        Permisos efectivos
      </Typography>
      {permissions.length === 0 ? (
        <Typography color="textSecondary">Este usuario no tiene permisos.</Typography>
      ) : (
        <Box component="ul" aria-label="Permisos efectivos" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
          {permissions.map((name) => (
            <li key={name}>
              <Chip size="small" label={name} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
