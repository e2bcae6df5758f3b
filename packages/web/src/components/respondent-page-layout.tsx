import type { ReactNode } from 'react';
import { appConfig } from '../app/app-config';
import { BrandMark } from './brand-mark';
import { LightLinkButton } from './light-button';
import { useStaticClass } from './static-style';
import { ArrowBackIcon } from './light-icons';

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
 * The page, its bar and its column in one style rule, their parts plain
 * elements under it: as a Box, an AppBar (a Paper), a Toolbar, a Container
 * and four more Boxes and Typographies they were redrawn on every respondent
 * page's first render on a phone (Lighthouse traces, docs/benchmarks.md).
 * Same look as MUI's static primary AppBar with a dense 56 px Toolbar, and a
 * 640 px Container.
 */
const PAGE_SX = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  bgcolor: 'background.default',
  '& > header': {
    display: 'flex',
    alignItems: 'center',
    gap: 1,
    minHeight: 56,
    px: { xs: 1, sm: 2 },
    boxSizing: 'border-box',
    flexShrink: 0,
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
  },
  '& .bar-brand': { display: 'flex', alignItems: 'center', gap: 1, pl: 1, minWidth: 0 },
  '& .bar-brand span': { typography: 'body1', fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .bar-back': { minHeight: 44, px: 1.5, whiteSpace: 'nowrap' },
  '& .bar-space': { flex: 1 },
  '& > main': { width: '100%', maxWidth: 640, mx: 'auto', boxSizing: 'border-box', flex: 1, px: 2, py: 3 },
  '& .bottom-bar': {
    position: 'sticky',
    bottom: 0,
    zIndex: 'appBar',
    bgcolor: 'background.paper',
    borderTop: 1,
    borderColor: 'divider',
    pb: 'env(safe-area-inset-bottom)',
  },
  '& .bottom-bar > div': { maxWidth: 640, mx: 'auto', px: 2, py: 1.5 },
} as const;

/**
 * The respondent pages on a phone: a slim bar with the platform's mark,
 * a single column up to 640 px, and an optional bar at the bottom within
 * thumb's reach.
 */
export function RespondentPageLayout({ children, back, actions, bottomBar }: RespondentPageLayoutProps) {
  return (
    <div className={useStaticClass(PAGE_SX)}>
      {/* MuiAppBar-root: the theme's focus ring is yellow inside the app bar (theme.ts). */}
      <header className="MuiAppBar-root">
        {back ? (
          <LightLinkButton to={back.to} color="inherit" startIcon={<ArrowBackIcon />} className="bar-back">
            {back.label}
          </LightLinkButton>
        ) : (
          <div className="bar-brand">
            <BrandMark size={28} />
            <span>{appConfig.platformName}</span>
          </div>
        )}
        <div className="bar-space" />
        {actions}
      </header>
      <main>{children}</main>
      {bottomBar ? (
        <div className="bottom-bar">
          <div>{bottomBar}</div>
        </div>
      ) : null}
    </div>
  );
}
