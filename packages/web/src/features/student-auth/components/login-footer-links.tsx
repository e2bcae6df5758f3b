import { LightLink } from '../../../components/light-link';
import { Stack, Text } from '../../../components/light-ui';

/** Links under the login forms: the privacy notice and the start page. */
export function LoginFooterLinks() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', pt: 1 }}>
      <Text variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        Tus respuestas a las encuestas son anónimas. Consulta cómo tratamos tus datos en el{' '}
        <LightLink to="/aviso-de-privacidad" touch>
          Aviso de privacidad
        </LightLink>
        .
      </Text>
      <Text variant="body2">
        <LightLink to="/" touch>
          Volver a la página principal
        </LightLink>
      </Text>
    </Stack>
  );
}
