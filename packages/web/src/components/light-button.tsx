import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LightTheme } from '../app/light-theme';
import { keyframes } from './light-sheet';
import { useStaticClass } from './static-style';

export interface LightButtonLook {
  /** 'contained': the page's main action; 'outlined': a second one; 'text' (default): a quiet one. */
  variant?: 'contained' | 'outlined' | 'text';
  /** 'inherit' takes the surrounding text's colour (the black bar's white); for text and outlined buttons. */
  color?: 'primary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /**
   * More classes: a parent's rule placing it, or one of the button's own:
   * `cta` (52 px, larger text: a page's one call to action), `tall` (52 px),
   * `finger` (a small button as wide and tall as a finger, 44 px).
   */
  className?: string;
  children: ReactNode;
}

const shadow = (level: number) => (t: LightTheme) => t.shadows[level];
const spin = keyframes('light-spin', 'to{transform:rotate(360deg)}');

/**
 * MUI's Button drawn as a native <button> or <a> under one style rule (the
 * respondent pages and the error page): MUI's is a ButtonBase with a ripple,
 * focus tracking and a styled root, label and icons, redrawn with every
 * render; with its progress indicators it was about 10 kB gz of every
 * respondent page's first file (docs/benchmarks.md). Same sizes, colours,
 * elevation and motion as MUI's, without the ripple; a finger's 44 px at
 * least (48 large). The focus ring is the app's own (`:focus-visible`, theme.ts).
 */
const BUTTON_SX = {
  typography: 'button',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  m: 0,
  border: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  appearance: 'none',
  bgcolor: 'transparent',
  color: 'primary.main',
  minWidth: 64,
  minHeight: 44,
  p: '6px 8px',
  borderRadius: 1,
  transition: (t: LightTheme) => t.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], { duration: t.transitions.duration.short }),
  '&[data-color="inherit"]': { color: 'inherit' },
  '&[data-full-width="true"]': { width: '100%' },
  '&[data-variant="contained"]': { p: '6px 16px', color: 'primary.contrastText', bgcolor: 'primary.main', boxShadow: shadow(2) },
  '&[data-variant="outlined"]': { p: '5px 15px', border: 1, borderColor: (t: LightTheme) => t.alpha(t.palette.primary.main, 0.5) },
  '&[data-variant="outlined"][data-color="inherit"]': { borderColor: 'currentColor' },
  '&[data-size="small"]': { minHeight: 30, fontSize: '0.8125rem', p: '4px 5px' },
  '&[data-size="small"][data-variant="contained"]': { p: '4px 10px' },
  '&[data-size="small"][data-variant="outlined"]': { p: '3px 9px' },
  '&[data-size="large"]': { minHeight: 48, fontSize: '0.9375rem', p: '8px 11px' },
  '&[data-size="large"][data-variant="contained"]': { p: '8px 22px' },
  '&[data-size="large"][data-variant="outlined"]': { p: '7px 21px' },
  '&.tall': { minHeight: 52 },
  '&.cta': { minHeight: 52, fontSize: '1.1rem' },
  '&.finger': { minHeight: 44, minWidth: 44, flexShrink: 0 },
  '@media (hover: hover)': {
    '&:hover': { bgcolor: 'action.hover' },
    '&[data-variant="contained"]:hover': { bgcolor: 'primary.dark', boxShadow: shadow(4) },
    '&[data-variant="outlined"]:hover': { borderColor: 'primary.main' },
    '&[data-variant="outlined"][data-color="inherit"]:hover': { borderColor: 'currentColor' },
  },
  '&[data-variant="contained"]:active': { boxShadow: shadow(8) },
  '&:disabled, &:disabled:hover': { color: 'action.disabled', cursor: 'default', pointerEvents: 'none' },
  '&[data-variant="contained"]:disabled': { bgcolor: 'action.disabledBackground', boxShadow: 'none' },
  '&[data-variant="outlined"]:disabled': { borderColor: 'action.disabledBackground' },
  '& > .button-icon': { display: 'inherit', flexShrink: 0 },
  '& > .button-icon > *': { fontSize: 20 },
  '&[data-size="small"] > .button-icon > *': { fontSize: 18 },
  '&[data-size="large"] > .button-icon > *': { fontSize: 22 },
  '& > .button-icon.start': { mr: 1, ml: '-4px' },
  '& > .button-icon.end': { ml: 1, mr: '-4px' },
  '&[data-size="small"] > .button-icon.start': { ml: '-2px' },
  '&[data-size="small"] > .button-icon.end': { mr: '-2px' },
  // SubmitButton's spinner: MUI's CircularProgress look, one element.
  '& .button-spinner': {
    width: 18,
    height: 18,
    boxSizing: 'border-box',
    borderRadius: '50%',
    border: '2px solid currentColor',
    borderRightColor: 'transparent',
    animation: `${spin} 0.8s linear infinite`,
  },
} as const;

function useLook({ variant = 'text', color = 'primary', size = 'medium', fullWidth, className }: Omit<LightButtonLook, 'children'>) {
  const own = useStaticClass(BUTTON_SX);
  return {
    className: className ? `${own} ${className}` : own,
    'data-variant': variant,
    'data-color': color,
    'data-size': size,
    'data-full-width': fullWidth || undefined,
  };
}

function Label({ startIcon, endIcon, children }: Pick<LightButtonLook, 'startIcon' | 'endIcon' | 'children'>) {
  return (
    <>
      {startIcon ? <span className="button-icon start">{startIcon}</span> : null}
      {children}
      {endIcon ? <span className="button-icon end">{endIcon}</span> : null}
    </>
  );
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'className' | 'children'>;

/** A native button with MUI Button's look (see BUTTON_SX). */
export function LightButton({ variant, color, size, fullWidth, startIcon, endIcon, className, children, type = 'button', ...native }: LightButtonLook & NativeButtonProps) {
  return (
    <button type={type} {...native} {...useLook({ variant, color, size, fullWidth, className })}>
      <Label startIcon={startIcon} endIcon={endIcon}>
        {children}
      </Label>
    </button>
  );
}

/**
 * A link that looks like a LightButton: `to`, a path inside the app (relative
 * to /encuestas, the router's link); `href`, a full address (a reload, another
 * site).
 */
export function LightLinkButton({
  to,
  href,
  state,
  replace,
  onClick,
  'aria-label': ariaLabel,
  startIcon,
  endIcon,
  children,
  ...look
}: LightButtonLook & ({ to: string; href?: never; state?: unknown; replace?: boolean } | { href: string; to?: never; state?: never; replace?: never }) & {
  onClick?: () => void;
  'aria-label'?: string;
}) {
  const props = { onClick, 'aria-label': ariaLabel, ...useLook(look) };
  const label = (
    <Label startIcon={startIcon} endIcon={endIcon}>
      {children}
    </Label>
  );
  return to !== undefined ? (
    <RouterLink to={to} state={state} replace={replace} {...props}>
      {label}
    </RouterLink>
  ) : (
    <a href={href} {...props}>
      {label}
    </a>
  );
}
