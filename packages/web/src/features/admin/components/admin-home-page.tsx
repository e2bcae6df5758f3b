import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { ofInstitution } from '@encuestas/core/institution-name';
import { PERMISSIONS, hasPermission } from '@encuestas/core/permissions';
import { appConfig } from '../../../app/app-config';
import { usePageTitle } from '../../../hooks/use-page-title';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { SetupGuide } from '../../campuses-admin';
import { canSeeAnyReport } from '../../reports';
import { canManagePlatform, hasAnyWorkSection, visibleAdminSections } from '../admin-sections';
import { AdminSectionIcon } from './admin-section-icon';
import { useDashboard } from '../hooks/use-dashboard';
import { ParticipationDashboard } from './participation-dashboard';

// Only holders of 'Atender Alertas de Comentarios' load it (the start page's budget, scripts/bundle-budgets.mjs).
const OpenAlertsNotice = lazy(async () => ({ default: (await import('../../comment-alerts')).OpenAlertsNotice }));
// Only holders of 'Gestionar NOM-035' load it: the warning before the next evaluation (7.9) is due.
const NextEvaluationNotice = lazy(async () => ({ default: (await import('../../nom035-file')).NextEvaluationNotice }));

/**
 * The section cards' look, one rule over plain elements: an outlined card that
 * is one link (icon, name, what the permissions allow), as MUI's Card,
 * CardActionArea, CardContent, Stack and Typographies drew it, nine components
 * a card and up to twelve cards on every start page (issue 20).
 */
const sectionCardsSx = (t: Theme) => ({
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
  '& a': {
    display: 'block',
    height: '100%',
    boxSizing: 'border-box',
    p: 2,
    pb: 3,
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
    color: 'text.primary',
    textDecoration: 'none',
    '&:hover': { bgcolor: 'action.hover' },
  },
  '& .card-title': { display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 },
  '& .card-icon': { display: 'grid', placeItems: 'center', width: 40, height: 40, flexShrink: 0, borderRadius: '50%', bgcolor: 'secondary.main' },
  '& .card-icon svg': { width: 24, height: 24, fill: 'currentColor' },
  '& h2': { ...t.typography.h2, fontSize: '1.15rem', textWrap: 'balance', m: 0 },
  '& p': { ...t.typography.body2, color: 'text.secondary', m: 0 },
});

/** Spec §2 tooltip text, reused for users who have no permissions yet. */
export const ASK_FOR_PERMISSION_TEXT = '¿No puedes realizar cambios? solicita permiso a tu administrador';

/**
 * The back-office start page: a greeting, for a user who reads reports the
 * participation in the open surveys ("how are we doing?"), then a card per
 * section the user may use.
 */
// Over 80 lines (81) because it is the page's sections in the order the user reads them, each a few lines of JSX.
export function AdminHomePage() {
  usePageTitle('Panel administrativo');
  const { permissions, permissionsConfirmed } = useAdminUser();
  const sections = visibleAdminSections(permissions).filter((s) => s.key !== 'home');
  const noPermissions = permissionsConfirmed && !hasAnyWorkSection(permissions);
  const showsParticipation = canSeeAnyReport(permissions);
  // The section cards wait below the participation figures until those arrive: drawn at once, the
  // figures pushed them down the screen (a layout shift of 0.43, most of Lighthouse's deduction).
  const participationPending = useDashboard(showsParticipation).isPending && showsParticipation;

  return (
    <Stack spacing={3}>
      <Box>
        {/* Not «Bienvenido, Rosa» (issue 20): the same words for everyone, whatever their name's gender. */}
        <Typography variant="h1">Te damos la bienvenida</Typography>
        {noPermissions ? null : (
          // Promises only what the cards below offer: each card says what these permissions allow.
          <Typography color="textSecondary" sx={{ mt: 1, maxWidth: 720 }}>
            Estas son las secciones de las encuestas {ofInstitution(appConfig.institutionName)} que tus permisos te abren. Elige
            una para comenzar.
          </Typography>
        )}
      </Box>

      {hasPermission(permissions, PERMISSIONS.attendCommentAlerts) ? (
        <Suspense fallback={null}>
          <OpenAlertsNotice />
        </Suspense>
      ) : null}

      {hasPermission(permissions, PERMISSIONS.manageNom035) ? (
        <Suspense fallback={null}>
          <NextEvaluationNotice />
        </Suspense>
      ) : null}

      {showsParticipation ? <ParticipationDashboard permissions={permissions} /> : null}

      {canManagePlatform(permissions) ? <SetupGuide permissions={permissions} /> : null}

      {noPermissions ? (
        <Alert severity="info">
          <AlertTitle>Aún no tienes permisos asignados</AlertTitle>
          {ASK_FOR_PERMISSION_TEXT}
        </Alert>
      ) : null}

      {participationPending ? null : (
        <Box component="ul" aria-label="Secciones disponibles" sx={sectionCardsSx}>
          {sections.map((section) => (
            <li key={section.key}>
              <RouterLink to={section.path}>
                <span className="card-title">
                  <span className="card-icon">
                    <AdminSectionIcon section={section.key} />
                  </span>
                  <h2>{section.label}</h2>
                </span>
                <p>{section.description(permissions)}</p>
              </RouterLink>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
