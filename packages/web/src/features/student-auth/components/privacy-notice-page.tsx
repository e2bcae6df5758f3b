import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router';
import { appConfig, injectedConfig } from '../../../app/app-config';
import { BrandMark } from '../../../components/brand-mark';
import { usePageTitle } from '../../../hooks/use-page-title';
import { configuredPrivacyNotice, defaultPrivacyNotice, parseNotice } from '../privacy-notice';
import { LightButton } from '../../../components/light-button';

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
      <Container maxWidth={false} sx={{ maxWidth: 720 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <BrandMark size={36} />
            <Typography sx={{ fontWeight: 700 }}>{appConfig.institutionName}</Typography>
          </Stack>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {TITLE}
          </Typography>
          {blocks.map((block, index) => {
            if (block.type === 'heading') {
              return (
                <Typography key={index} variant="h2" sx={{ fontSize: '1.2rem', pt: 1 }}>
                  {block.text}
                </Typography>
              );
            }
            if (block.type === 'list') {
              return (
                <Box component="ul" key={index} sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
                  {block.items.map((item, i) => (
                    <Typography component="li" key={i}>
                      {item}
                    </Typography>
                  ))}
                </Box>
              );
            }
            return <Typography key={index}>{block.text}</Typography>;
          })}
          <Box sx={{ pt: 2 }}>
            <LightButton variant="outlined" startIcon={<ArrowBack />} onClick={back}>
              Regresar
            </LightButton>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
