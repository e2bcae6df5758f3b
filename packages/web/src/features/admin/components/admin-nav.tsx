import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '@encuestas/core/api/auth';
import { NavLink } from 'react-router';
import { visibleAdminSections } from '../admin-sections';
import { AdminSectionIcon } from './admin-section-icon';

interface AdminNavProps {
  permissions: readonly string[];
  /** Phones show who is signed in here, since the app bar has no room. */
  user?: AdminUser | null;
  onNavigate?: () => void;
}

/** The drawer's menu: only the sections the user may use. */
export function AdminNav({ permissions, user, onNavigate }: AdminNavProps) {
  return (
    <Box component="nav" aria-label="Menú principal">
      {user ? (
        <Box sx={{ px: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
        </Box>
      ) : null}
      <List>
        {visibleAdminSections(permissions).map((section) => (
          // A list holds list items only (axe 'list'): the link sits inside one.
          <ListItem key={section.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={section.path}
              end={section.key === 'home'}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 1,
                '&.active': {
                  bgcolor: 'secondary.light',
                  fontWeight: 700,
                  boxShadow: (t) => `inset 4px 0 0 ${t.palette.secondary.main}`,
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40, color: 'text.primary' }}>
                <AdminSectionIcon section={section.key} />
              </ListItemIcon>
              {/* Balanced lines: 'Canalizaciones / NOM-035', never a break inside 'NOM-035'. */}
              <ListItemText primary={section.label} slotProps={{ primary: { sx: { textWrap: 'balance' } } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
