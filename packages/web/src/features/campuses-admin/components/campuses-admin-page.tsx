import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS, hasPermission, type PermissionName } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { campusesAdminKeys, fetchManagedCampuses } from '../api/campuses-admin-api';
import { CampusCreateForm } from './campus-create-form';
import { CampusList } from './campus-list';
import { InstitutionForm } from './institution-form';

/** /admin/campus: the institution's names, the campuses and the survey types each applies. */
export function CampusesAdminPage() {
  usePageTitle('Institución y campus');
  const { permissions } = useAdminUser();
  const may = (permission: PermissionName) => hasPermission(permissions, permission);
  const campuses = useQuery({ queryKey: campusesAdminKeys.managed, queryFn: ({ signal }) => fetchManagedCampuses(signal) });

  return (
    <Stack spacing={3}>
      <Typography variant="h1">Institución y campus</Typography>
      {may(PERMISSIONS.manageInstitution) ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Institución">
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
            Institución
          </Typography>
          <InstitutionForm />
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Campus">
        <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
          Campus
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          Un campus no se borra: deshabilitado conserva sus respuestas, aplicaciones y directorio, pero no se ofrece a nadie ni admite
          nuevas aplicaciones.
        </Typography>
        {campuses.isError ? <Alert severity="error">{errorMessage(campuses.error)}</Alert> : null}
        {campuses.data ? (
          <Stack spacing={3}>
            <CampusList
              campuses={campuses.data}
              canManageCampuses={may(PERMISSIONS.manageCampuses)}
              canManageCycles={may(PERMISSIONS.manageCampusCycles)}
            />
            {may(PERMISSIONS.manageCampuses) ? <CampusCreateForm campuses={campuses.data} /> : null}
          </Stack>
        ) : null}
      </Paper>
    </Stack>
  );
}
