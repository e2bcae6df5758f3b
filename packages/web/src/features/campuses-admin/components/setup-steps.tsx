import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ManagedCampus } from '@encuestas/core/api/campuses';
import { Link as RouterLink } from 'react-router';
import { setupSteps } from '../logic/setup';
import { CampusCreateForm } from './campus-create-form';
import { InstitutionForm } from './institution-form';

/**
 * The set-up guide's steps, with the forms for names and campuses: loaded only
 * on a platform still being set up (setup-guide.tsx), so the start page of a
 * running platform loads no form fields or schemas.
 */
export function SetupSteps({ permissions, campuses }: { permissions: readonly string[]; campuses: readonly ManagedCampus[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Configuración inicial" sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.3rem', mb: 1 }}>
        Configuración inicial
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {campuses.length === 0 ? 'La plataforma aún no tiene campus.' : 'La plataforma aún no tiene aplicaciones de encuestas.'} Estos
        pasos la dejan lista para la primera aplicación de encuestas.
      </Alert>
      <Stepper orientation="vertical" nonLinear activeStep={-1}>
        {setupSteps(permissions).map((step) => (
          <Step key={step.key} expanded>
            <StepLabel optional={step.allowed ? undefined : <Typography variant="caption">Necesitas permiso para este paso</Typography>}>
              {step.label}
            </StepLabel>
            <StepContent>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {step.description}
              </Typography>
              {!step.allowed ? null : step.key === 'institution' ? (
                <InstitutionForm />
              ) : step.key === 'campuses' ? (
                <CampusCreateForm campuses={campuses} />
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
