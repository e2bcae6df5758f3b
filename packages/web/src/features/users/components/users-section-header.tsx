import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../../app/paths';

export const USERS_PATH = PATHS.adminUsers;
export const PERMISSION_GROUPS_PATH = `${PATHS.adminUsers}/permissions`;

export type UsersSection = 'users' | 'groups';

interface UsersSectionHeaderProps {
  section: UsersSection;
  title: string;
  subtitle?: ReactNode;
  /** Buttons at the right of the title (stacked under it on a phone). */
  actions?: ReactNode;
}

/** Title of a users page with the sub-navigation 'Usuarios' / 'Grupos de permisos'. */
export function UsersSectionHeader({ section, title, subtitle, actions }: UsersSectionHeaderProps) {
  return (
    <Stack spacing={2}>
      <Box component="nav" aria-label="Secciones de usuarios" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={section} variant="scrollable" allowScrollButtonsMobile={false} aria-label="Secciones de usuarios">
          <Tab
            value="users"
            label="Usuarios"
            component={RouterLink}
            to={USERS_PATH}
            aria-current={section === 'users' ? 'page' : undefined}
          />
          <Tab
            value="groups"
            label="Grupos de permisos"
            component={RouterLink}
            to={PERMISSION_GROUPS_PATH}
            aria-current={section === 'groups' ? 'page' : undefined}
          />
        </Tabs>
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions ? <Box sx={{ flexShrink: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box> : null}
      </Stack>
    </Stack>
  );
}
