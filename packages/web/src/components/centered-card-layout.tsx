import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appConfig } from '../app/app-config';
import { BrandMark } from './brand-mark';

interface CenteredCardLayoutProps {
  /** The page's one h1. */
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Card width on larger screens, in px. */
  width?: number;
}

/**
 * A centred card on a plain page: the public screens (login, password reset,
 * error pages). Full width on phones, a card from 600 px up.
 */
export function CenteredCardLayout({ title, description, children, width = 440 }: CenteredCardLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: { xs: 'stretch', sm: 'center' },
        justifyContent: 'center',
        bgcolor: { xs: 'background.paper', sm: 'secondary.light' },
        p: { xs: 0, sm: 3 },
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: { sm: width },
          p: { xs: 3, sm: 4 },
          borderRadius: { xs: 0, sm: 3 },
          border: { xs: 'none', sm: '1px solid' },
          borderColor: { sm: 'divider' },
        }}
      >
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <BrandMark size={40} />
            <Box>
              <Typography sx={{ fontWeight: 700, lineHeight: 1.2 }}>{appConfig.platformName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {appConfig.institutionName}
              </Typography>
            </Box>
          </Stack>
          <Box>
            <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
              {title}
            </Typography>
            {description ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {description}
              </Typography>
            ) : null}
          </Box>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
