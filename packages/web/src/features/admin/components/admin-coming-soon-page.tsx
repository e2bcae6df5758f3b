import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/Construction';
import { PATHS } from '../../../app/paths';
import { LinkButton } from '../../../components/router-link';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RequirePermission } from './require-permission';

interface AdminComingSoonPageProps {
  title: string;
  subtitle?: string;
  /** The section's permission rule; without it anyone signed in may look. */
  allowed?: (permissions: readonly string[]) => boolean;
}

const anyone = () => true;

/** A back-office section not built yet: says so plainly and leads back to the start page. */
export function AdminComingSoonPage({ title, subtitle, allowed = anyone }: AdminComingSoonPageProps) {
  usePageTitle(title);
  return (
    <RequirePermission allowed={allowed}>
      <Stack spacing={3} sx={{ maxWidth: 720 }}>
        <div>
          <Typography variant="h1">{title}</Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: '1.1rem' }}>
              {subtitle}
            </Typography>
          ) : null}
        </div>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Chip icon={<Construction />} label="Disponible próximamente" color="secondary" />
            <Typography>
              Estamos terminando esta sección. Muy pronto podrás usarla desde aquí; mientras tanto, vuelve al
              panel para ver lo que ya está disponible.
            </Typography>
            <LinkButton to={PATHS.admin} variant="contained">
              Volver al panel
            </LinkButton>
          </Stack>
        </Paper>
      </Stack>
    </RequirePermission>
  );
}
