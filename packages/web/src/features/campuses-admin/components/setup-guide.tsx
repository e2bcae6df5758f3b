import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { fetchActivesPage, periodsCyclesKeys } from '../../periods-cycles';
import { campusesAdminKeys, fetchManagedCampuses } from '../api/campuses-admin-api';
import { setupGuideShown, setupSteps } from '../logic/setup';
import { CampusCreateForm } from './campus-create-form';
import { InstitutionForm } from './institution-form';

/**
 * Until the platform has a campus and its first application, the start page
 * walks the administrator through set-up: names and campuses right here, then
 * the screens for the rest. Gone once an application exists (the campus
 * screen keeps everything).
 */
export function SetupGuide({ permissions }: { permissions: readonly string[] }) {
  const campuses = useQuery({ queryKey: campusesAdminKeys.managed, queryFn: ({ signal }) => fetchManagedCampuses(signal) });
  const seesApplications = hasPermission(permissions, PERMISSIONS.viewActives);
  const firstPage = { page: 1, perPage: 1 };
  const applications = useQuery({
    queryKey: periodsCyclesKeys.activesPage(firstPage),
    queryFn: ({ signal }) => fetchActivesPage(firstPage, signal),
    enabled: seesApplications,
  });
  if (!campuses.data || (seesApplications && !applications.data)) return null;
  if (!setupGuideShown({ campuses: campuses.data.length, applications: applications.data?.total_actives })) return null;
  return (
    <Paper variant="outlined" component="section" aria-label="Configuración inicial" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Configuración inicial
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {campuses.data.length === 0 ? 'La plataforma aún no tiene campus.' : 'La plataforma aún no tiene aplicaciones de encuestas.'} Estos
        pasos la dejan lista para la primera aplicación de encuestas.
      </Alert>
      <Stepper orientation="vertical" nonLinear activeStep={-1}>
        {setupSteps(permissions).map((step) => (
          <Step key={step.key} expanded>
            <StepLabel optional={step.allowed ? undefined : <Typography variant="caption">Necesitas permiso para este paso</Typography>}>
              {step.label}
            </StepLabel>
            <StepContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {step.description}
              </Typography>
              {!step.allowed ? null : step.key === 'institution' ? (
                <InstitutionForm />
              ) : step.key === 'campuses' ? (
                <CampusCreateForm campuses={campuses.data} />
              ) : step.path ? (
                <Button component={RouterLink} to={step.path} variant="outlined" size="small">
                  Ir a {step.label.charAt(0).toLowerCase() + step.label.slice(1)}
                </Button>
              ) : null}
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Paper>
  );
}
