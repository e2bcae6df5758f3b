import type { ReactNode } from 'react';
import { appConfig } from '../app/app-config';
import { BrandMark } from './brand-mark';
import { useStaticClass, type StaticSx } from './static-style';

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
 * The page and its card in one style rule, the card's parts plain elements
 * under it: as a Box, a Paper, two Stacks and four Typographies they were
 * about a third of the sign-in pages' first render on a phone (Lighthouse
 * traces, docs/benchmarks.md). Same look: MUI's outlined paper, the theme's
 * h1, body1 and body2, 24 px between the card's parts.
 */
const LAYOUT_SX = {
  minHeight: '100vh',
  display: 'flex',
  alignItems: { xs: 'stretch', sm: 'center' },
  justifyContent: 'center',
  bgcolor: { xs: 'background.paper', sm: 'secondary.light' },
  p: { xs: 0, sm: 3 },
  '& .card': {
    width: '100%',
    boxSizing: 'border-box',
    bgcolor: 'background.paper',
    color: 'text.primary',
    p: { xs: 3, sm: 4 },
    borderRadius: { xs: 0, sm: 3 },
    border: { xs: 'none', sm: 1 },
    borderColor: { sm: 'divider' },
    display: 'flex',
    flexDirection: 'column',
    gap: 3,
  },
  '& .card-brand': { display: 'flex', alignItems: 'center', gap: 1.5 },
  '& .card-brand p': { m: 0, typography: 'body2', color: 'text.secondary' },
  '& .card-brand p:first-of-type': { typography: 'body1', color: 'text.primary', fontWeight: 700, lineHeight: 1.2 },
  '& .card h1': { typography: 'h1', m: 0, fontSize: { xs: '1.5rem', sm: '1.75rem' } },
  '& .card-description': { typography: 'body1', color: 'text.secondary', m: 0, mt: 1 },
} as const;

const layouts = new Map<number, StaticSx>();
/** The layout's rule with the card's width from 600 px up (one rule per width; a few are used). */
function layoutSx(width: number): StaticSx {
  let sx = layouts.get(width);
  if (!sx) layouts.set(width, (sx = { ...LAYOUT_SX, '& .card': { ...LAYOUT_SX['& .card'], maxWidth: { sm: width } } }));
  return sx;
}

/**
 * A centred card on a plain page: the public screens (login, password reset,
 * error pages). Full width on phones, a card from 600 px up.
 */
export function CenteredCardLayout({ title, description, children, width = 440 }: CenteredCardLayoutProps) {
  return (
    <main className={useStaticClass(layoutSx(width))}>
      <div className="card">
        <div className="card-brand">
          <BrandMark size={40} />
          <div>
            <p>{appConfig.platformName}</p>
            <p>{appConfig.institutionName}</p>
          </div>
        </div>
        <div>
          <h1>{title}</h1>
          {description ? <p className="card-description">{description}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
