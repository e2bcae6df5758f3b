import Typography from '@mui/material/Typography';
import { PATHS } from '../../../app/paths';
import { CenteredCardLayout } from '../../../components/centered-card-layout';
import { LinkButton } from '../../../components/link-button';
import { usePageTitle } from '../../../hooks/use-page-title';
import { RESET_TOKEN_LIFETIME_MINUTES } from '@encuestas/core/api/auth';

/** Matches the server's reset-link lifetime (RESET_TOKEN_LIFETIME_MINUTES). */
const RESET_LINK_MINUTES = RESET_TOKEN_LIFETIME_MINUTES;

/** After asking for a reset link. Says the same whether or not the address exists. */
export function AdminEmailSendSuccessPage() {
  usePageTitle('Revisa tu correo');
  return (
    <CenteredCardLayout title="Revisa tu correo">
      <Typography>
        Si el correo está registrado, recibirás un enlace para restablecer tu contraseña. El enlace vence en{' '}
        {RESET_LINK_MINUTES} minutos y solo puede usarse una vez.
      </Typography>
      <Typography color="textSecondary">
        Si no lo encuentras en unos minutos, revisa tu carpeta de correo no deseado.
      </Typography>
      <LinkButton to={PATHS.adminLogin} variant="contained" size="large" fullWidth>
        Volver a iniciar sesión
      </LinkButton>
    </CenteredCardLayout>
  );
}
