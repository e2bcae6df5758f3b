import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useStaticClass } from './static-style';
import { touchLinkSx } from './touch-link';

/**
 * MUI's Link (the app's: underlined, weight 500, the primary colour with a
 * lighter underline) as a plain <a> under one style rule, for the respondent
 * pages: router-link.tsx's AppLink is MUI's Link over the router's, a styled
 * Typography redrawn with every render, and the only reason those pages
 * loaded it (docs/benchmarks.md). `touch`: a 44 px tap target in running
 * text (touch-link.ts).
 */
const LINK_SX = {
  color: 'primary.main',
  fontWeight: 500,
  textDecoration: 'underline',
  textDecorationColor: 'rgba(0, 0, 0, 0.4)',
  '&:hover': { textDecorationColor: 'inherit' },
  '&.touch': touchLinkSx,
} as const;

interface LightLinkProps {
  /** A path inside the app (relative to /encuestas), or `href` for a full address. */
  to?: string;
  href?: string;
  /** With `href`: '_blank' opens a new tab (without access to this one). */
  target?: '_blank';
  touch?: boolean;
  children: ReactNode;
}

export function LightLink({ to, href, target, touch, children }: LightLinkProps) {
  const own = useStaticClass(LINK_SX);
  const className = touch ? `${own} touch` : own;
  if (to !== undefined)
    return (
      <RouterLink to={to} className={className}>
        {children}
      </RouterLink>
    );
  return (
    <a href={href} target={target} rel={target ? 'noopener' : undefined} className={className}>
      {children}
    </a>
  );
}
