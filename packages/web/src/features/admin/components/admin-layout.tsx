import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@encuestas/core/api/auth';
import { Link as RouterLink, Outlet, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/api-error';
import { clearAdminSession } from '../../../api/session-storage';
import { appConfig } from '../../../app/app-config';
import { PATHS } from '../../../app/paths';
import { BrandMark } from '../../../components/brand-mark';
import { logoutAdmin } from '../../admin-auth';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { useRevealedCount } from '../../../hooks/use-revealed-count';
import { AdminNav } from './admin-nav';

const DRAWER_WIDTH = 260;

/**
 * The back office: app bar (platform name, user, 'Cerrar sesión') and a drawer
 * that is permanent from the md breakpoint and a menu-button drawer below it.
 */
export function AdminLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { user, permissions, error, refetch } = useAdminUser();
  // The menu is drawn a task after the page (useRevealedCount): drawn together they made the back office's
  // longest task as a page opened (periods: 190 ms of CPU in Lighthouse's traces). Not the page after the
  // frame: a page that suspends there (a lazy part) made Preact draw the whole layout twice.
  const navShown = useRevealedCount(2) === 2;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const logout = async () => {
    setLeaving(true);
    try {
      await logoutAdmin();
    } catch {
      // The session ends here whatever the server said.
    }
    clearAdminSession();
    queryClient.clear();
    void navigate(PATHS.adminLogin, { replace: true });
  };

  const closeMenu = () => setMenuOpen(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#contenido"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          '&:focus': { top: 8 },
        }}
      >
        Saltar al contenido
      </Link>
      <AdminAppBar
        isDesktop={isDesktop}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        userName={user?.full_name ?? null}
        leaving={leaving}
        onLogout={() => void logout()}
      />

      <AdminDrawer isDesktop={isDesktop} open={menuOpen} onClose={closeMenu} user={user} permissions={permissions} navShown={navShown} />

      <Box
        component="main"
        id="contenido"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        <Toolbar />
        {error ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                Reintentar
              </Button>
            }
          >
            {errorMessage(error)}
          </Alert>
        ) : null}
        <Outlet />
      </Box>
    </Box>
  );
}

interface AdminAppBarProps {
  isDesktop: boolean;
  menuOpen: boolean;
  onOpenMenu: () => void;
  /** The signed-in user's full name; null before it is known. */
  userName: string | null;
  leaving: boolean;
  onLogout: () => void;
}

/** The platform's name (home link), the user and 'Cerrar sesión'; below md, the menu button. */
function AdminAppBar({ isDesktop, menuOpen, onOpenMenu, userName, leaving, onLogout }: AdminAppBarProps) {
  return (
    <AppBar
      position="fixed"
      elevation={0}
      // Above the permanent drawer on desktop; below the phone drawer, which covers it.
      sx={isDesktop ? { zIndex: (t) => t.zIndex.drawer + 1 } : undefined}
    >
      <Toolbar sx={{ gap: 1 }}>
        {isDesktop ? null : (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Abrir menú"
            aria-controls="menu-administracion"
            aria-expanded={menuOpen}
            onClick={onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={PATHS.admin}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
            flexGrow: 1,
          }}
        >
          <BrandMark size={32} />
          <Typography component="span" noWrap sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            {appConfig.platformName}
          </Typography>
        </Box>
        {userName !== null ? (
          <Typography
            component="span"
            noWrap
            sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 280, mr: 1 }}
            data-testid="admin-user-name"
          >
            {userName}
          </Typography>
        ) : null}
        {isDesktop ? (
          <Button
            color="inherit"
            variant="outlined"
            startIcon={<Logout />}
            onClick={onLogout}
            disabled={leaving}
          >
            Cerrar sesión
          </Button>
        ) : (
          <IconButton color="inherit" edge="end" aria-label="Cerrar sesión" onClick={onLogout} disabled={leaving}>
            <Logout />
          </IconButton>
        )}
      </Toolbar>
    </AppBar>
  );
}

interface AdminDrawerProps {
  isDesktop: boolean;
  /** Below md: whether the menu is open. */
  open: boolean;
  onClose: () => void;
  user: AdminUser | null;
  permissions: readonly string[];
  /** The desktop's menu is drawn a task after the page (the phone's is drawn when opened). */
  navShown: boolean;
}

/** The menu: a permanent drawer from md, a modal one below it (with the user's name). */
function AdminDrawer({ isDesktop, open, onClose, user, permissions, navShown }: AdminDrawerProps) {
  return isDesktop ? (
    <Drawer
      variant="permanent"
      sx={{
        width: DRAWER_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      {navShown ? <AdminNav permissions={permissions} /> : null}
    </Drawer>
  ) : (
    <Drawer
      id="menu-administracion"
      variant="temporary"
      open={open}
      onClose={onClose}
      // A modal dialog on a phone: named like the menu it holds.
      slotProps={{ paper: { 'aria-label': 'Menú principal' } }}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' } }}
    >
      <AdminNav permissions={permissions} user={user} onNavigate={onClose} />
    </Drawer>
  );
}
