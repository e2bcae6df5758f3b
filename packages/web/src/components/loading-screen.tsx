import { visuallyHidden } from './visually-hidden';
import { LOADING_ANIMATION_DELAY_MS } from './loading-delay';
import { BrandMark } from './brand-mark';
import { keyframes } from './light-sheet';
import { useStaticClass } from './static-style';

const pulse = keyframes('light-logo-pulse', '0%,100%{transform:scale(0.9);opacity:0.6}50%{transform:scale(1.05);opacity:1}');

interface LoadingScreenProps {
  /** Fill the viewport (whole-page loads) or just the area it is placed in. */
  fullScreen?: boolean;
}

const SCREEN_SX = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 240,
  '&[data-full-screen="true"]': { minHeight: '100vh' },
  '& svg': {
    animation: `${pulse} 1.4s ease-in-out ${LOADING_ANIMATION_DELAY_MS}ms infinite`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  },
  '& > span': visuallyHidden,
} as const;

/** The pulsing-logo loading screen (spec §2), shown while lazy pages load; it pulses once the wait outlasts LOADING_ANIMATION_DELAY_MS. */
export function LoadingScreen({ fullScreen = true }: LoadingScreenProps) {
  return (
    <div role="status" aria-live="polite" className={useStaticClass(SCREEN_SX)} data-full-screen={fullScreen}>
      <BrandMark size={88} />
      <span>Cargando…</span>
    </div>
  );
}
