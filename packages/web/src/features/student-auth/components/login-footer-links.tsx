import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LightLink } from '../../../components/light-link';

/** Links under the login forms: the privacy notice and the start page. */
export function LoginFooterLinks() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
      <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        Tus respuestas a las encuestas son anónimas. Consulta cómo tratamos tus datos en el{' '}
        <LightLink to="/aviso-de-privacidad" touch>
          Aviso de privacidad
        </LightLink>
        .
      </Typography>
      <Typography variant="body2">
        <LightLink to="/" touch>
          Volver a la página principal
        </LightLink>
      </Typography>
    </Stack>
  );
}
