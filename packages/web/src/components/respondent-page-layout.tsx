import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { appConfig } from '../app/app-config';
import { BrandMark } from './brand-mark';
import { LinkButton } from './router-link';

interface RespondentPageLayoutProps {
  children: ReactNode;
  /** A link back (to the list of surveys) at the start of the bar. */
  back?: { to: string; label: string };
  /** Something at the end of the bar ('Cerrar sesión'). */
  actions?: ReactNode;
  /** Content pinned to the bottom of the screen (the form's Anterior / Siguiente). */
  bottomBar?: ReactNode;
}

/**
 * The respondent pages on a phone: a slim bar with the platform's mark,
 * a single column up to 640 px, and an optional bar at the bottom within
 * thumb's reach.
 */
export function RespondentPageLayout({ children, back, actions, bottomBar }: RespondentPageLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" elevation={0}>
        <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56, px: { xs: 1, sm: 2 } }}>
          {back ? (
            <LinkButton
              to={back.to}
              color="inherit"
              startIcon={<ArrowBack />}
              sx={{ minHeight: 44, px: 1.5, whiteSpace: 'nowrap' }}
            >
              {back.label}
            </LinkButton>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 1, minWidth: 0 }}>
              <BrandMark size={28} />
              <Typography component="span" sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {appConfig.platformName}
              </Typography>
            </Box>
          )}
          <Box sx={{ flex: 1 }} />
          {actions}
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={false} sx={{ maxWidth: 640, flex: 1, px: 2, py: 3 }}>
        {children}
      </Container>
      {bottomBar ? (
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: (t) => t.zIndex.appBar,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            pb: 'env(safe-area-inset-bottom)',
          }}
        >
          <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 1.5 }}>{bottomBar}</Box>
        </Box>
      ) : null}
    </Box>
  );
}
