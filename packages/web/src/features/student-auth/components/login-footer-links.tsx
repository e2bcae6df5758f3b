import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AppLink } from '../../../components/router-link';
import { touchLinkSx } from '../../../components/touch-link';

/** Links under the login forms: the privacy notice and the start page. */
export function LoginFooterLinks() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        Tus respuestas a las encuestas son anónimas. Consulta cómo tratamos tus datos en el{' '}
        <AppLink to="/aviso-de-privacidad" sx={touchLinkSx}>
          Aviso de privacidad
        </AppLink>
        .
      </Typography>
      <AppLink to="/" variant="body2" sx={touchLinkSx}>
        Volver a la página principal
      </AppLink>
    </Stack>
  );
}
