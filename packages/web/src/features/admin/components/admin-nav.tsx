import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
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

/**
 * The menu's look, as one rule over plain elements: a list item and link per
 * section rather than MUI's five components each (ListItem, ListItemButton,
 * ListItemIcon, ListItemText, Typography), which every back-office page drew
 * on open, up to 13 times (issue 20: the pages' blocking time). Same look as
 * MUI's list buttons, without their ripple.
 */
const menuStyle = (t: Theme) => ({
  listStyle: 'none',
  m: 0,
  py: 1,
  px: 0,
  '& a': {
    display: 'flex',
    alignItems: 'center',
    mx: 1,
    px: 2,
    py: 1,
    borderRadius: 1,
    color: 'text.primary',
    textDecoration: 'none',
    ...t.typography.body1,
    transition: t.transitions.create('background-color', { duration: t.transitions.duration.shortest }),
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus', outline: `2px solid ${t.palette.primary.main}`, outlineOffset: -2 },
    '&.active': { bgcolor: 'secondary.light', fontWeight: 700, boxShadow: `inset 4px 0 0 ${t.palette.secondary.main}` },
  },
  '& svg': { flexShrink: 0, width: 24, height: 24, mr: 2, fill: 'currentColor' },
  // Balanced lines: 'Canalizaciones / NOM-035', never a break inside 'NOM-035'.
  '& span': { my: 0.5, textWrap: 'balance' },
});

/** The drawer's menu: only the sections the user may use. */
export function AdminNav({ permissions, user, onNavigate }: AdminNavProps) {
  return (
    <Box component="nav" aria-label="Menú principal">
      {user ? (
        <Box sx={{ px: 2, py: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }}>{user.full_name}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ wordBreak: 'break-all' }}>
            {user.email}
          </Typography>
        </Box>
      ) : null}
      <Box component="ul" sx={menuStyle}>
        {visibleAdminSections(permissions).map((section) => (
          // A list holds list items only (axe 'list'): the link sits inside one.
          <li key={section.key}>
            <NavLink to={section.path} end={section.key === 'home'} onClick={onNavigate}>
              <AdminSectionIcon section={section.key} />
              <span>{section.label}</span>
            </NavLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
