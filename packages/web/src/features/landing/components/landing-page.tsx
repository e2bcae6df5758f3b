import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { appConfig } from '../../../app/app-config';
import { PATHS } from '../../../app/paths';
import { BrandMark } from '../../../components/brand-mark';
import { AppLink } from '../../../components/router-link';
import { LinkButton } from '../../../components/link-button';
import { touchLinkSx } from '../../../components/touch-link';
import { usePageTitle } from '../../../hooks/use-page-title';

/** The public start page: respondents go to their login, staff to the back office. */
export function LandingPage() {
  usePageTitle();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'secondary.light' }}
    >
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', py: { xs: 5, sm: 8 } }}>
        <Container maxWidth="sm">
          <Stack spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, textAlign: { sm: 'center' } }}>
            <BrandMark size={96} />
            <Box>
              <Typography variant="h1" sx={{ fontSize: { xs: '2rem', sm: '2.5rem' } }}>
                {appConfig.platformName}
              </Typography>
              <Typography variant="h2" component="p" sx={{ mt: 1, fontSize: '1.2rem', fontWeight: 500 }}>
                {appConfig.institutionName}
              </Typography>
            </Box>
            <Typography sx={{ fontSize: '1.05rem', maxWidth: 480 }}>
              Te damos la bienvenida. Aquí alumnos, docentes y personal responden las encuestas de su campus:
              tu opinión nos ayuda a mejorar la vida universitaria.
            </Typography>
            <LinkButton
              to={PATHS.studentLogin}
              variant="contained"
              size="large"
              endIcon={<ArrowForward />}
              sx={{ px: 4, py: 1.5, fontSize: '1.1rem', width: { xs: '100%', sm: 'auto' } }}
            >
              Responder encuestas
            </LinkButton>
          </Stack>
        </Container>
      </Box>
      <Box component="footer" sx={{ py: 3, textAlign: 'center' }}>
        <Typography variant="body2" color="textSecondary" component="p">
          ¿Trabajas en la administración de encuestas?{' '}
          <AppLink to={PATHS.adminLogin} color="inherit" sx={{ ...touchLinkSx, fontWeight: 600 }}>
            Acceso administrativo
          </AppLink>
        </Typography>
      </Box>
    </Box>
  );
}
