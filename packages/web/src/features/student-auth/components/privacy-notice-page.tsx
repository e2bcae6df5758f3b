import { useNavigate } from 'react-router';
import { appConfig, injectedConfig } from '../../../app/app-config';
import { BrandMark } from '../../../components/brand-mark';
import { usePageTitle } from '../../../hooks/use-page-title';
import { configuredPrivacyNotice, defaultPrivacyNotice, parseNotice } from '../privacy-notice';
import { LightButton } from '../../../components/light-button';
import { Box, Stack, Text } from '../../../components/light-ui';
import { ArrowBackIcon } from '../../../components/light-icons';

const TITLE = 'Aviso de privacidad';

/** /aviso-de-privacidad: public, readable on a phone, text from the server's config or the default. */
export function PrivacyNoticePage() {
  usePageTitle(TITLE);
  const navigate = useNavigate();
  const text =
    configuredPrivacyNotice(injectedConfig) ?? defaultPrivacyNotice(appConfig.institutionName);
  const blocks = parseNotice(text);
  // Opened in its own tab from a form: closing it is the way back; otherwise the previous page.
  const back = () => {
    if (window.history.length > 1) void navigate(-1);
    else void navigate('/login');
  };

  return (
    <Box component="main" sx={{ bgcolor: 'background.paper', minHeight: '100vh', py: { xs: 3, sm: 5 } }}>
      <Box sx={{ width: '100%', maxWidth: 720, mx: 'auto', px: { xs: 2, sm: 3 }, boxSizing: 'border-box' }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <BrandMark size={36} />
            <Text sx={{ fontWeight: 700 }}>{appConfig.institutionName}</Text>
          </Stack>
          <Text variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {TITLE}
          </Text>
          {blocks.map((block, index) => {
            if (block.type === 'heading') {
              return (
                <Text key={index} variant="h2" sx={{ fontSize: '1.2rem', pt: 1 }}>
                  {block.text}
                </Text>
              );
            }
            if (block.type === 'list') {
              return (
                <Box component="ul" key={index} sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
                  {block.items.map((item, i) => (
                    <Text component="li" key={i}>
                      {item}
                    </Text>
                  ))}
                </Box>
              );
            }
            return <Text key={index}>{block.text}</Text>;
          })}
          <Box sx={{ pt: 2 }}>
            <LightButton variant="outlined" startIcon={<ArrowBackIcon />} onClick={back}>
              Regresar
            </LightButton>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}
