import { forwardRef, type AllHTMLAttributes, type CSSProperties, type ElementType, type ReactNode } from 'react';
import type { LightTheme } from '../app/light-theme';
import { ErrorOutlineIcon, InfoOutlinedIcon, ReportProblemOutlinedIcon, SuccessOutlinedIcon, CloseIcon } from './light-icons';
import { keyframes } from './light-sheet';
import { sxKey, useKeyedClass, type PlainSx, type SxPart } from './static-style';

/**
 * MUI's Typography, Stack, Box, Paper, Alert and Skeleton as plain elements,
 * for the respondent pages (a phone's first render): each MUI one is a styled
 * component that resolves its styles and its caller's `sx` against the theme
 * and serializes them on every render. Here a style is made once per
 * variant and `sx` (named by its JSON: an inline `sx` must hold plain values,
 * no functions of the theme), then every render reads its class name. Same
 * look, same elements and roles as MUI's.
 */

type Element = keyof HTMLElementTagNameMap;
type Attributes = Omit<AllHTMLAttributes<HTMLElement>, 'color' | 'wrap'>;

type TextVariant = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'subtitle1' | 'subtitle2' | 'body1' | 'body2' | 'caption' | 'overline';

/** Typography's elements for its variants. */
const TEXT_ELEMENT: Record<TextVariant, Element> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h5',
  h6: 'h6',
  subtitle1: 'h6',
  subtitle2: 'h6',
  body1: 'p',
  body2: 'p',
  caption: 'span',
  overline: 'span',
};

/** Typography's colour names; anything else is a palette path ('success.main'). */
const TEXT_COLOR: Record<string, string> = {
  textPrimary: 'text.primary',
  textSecondary: 'text.secondary',
  textDisabled: 'text.disabled',
  primary: 'primary.main',
  secondary: 'secondary.main',
  error: 'error.main',
  warning: 'warning.main',
  info: 'info.main',
  success: 'success.main',
};

export interface TextProps extends Attributes {
  variant?: TextVariant;
  component?: Element;
  color?: string;
  sx?: PlainSx;
  children?: ReactNode;
}

/** Typography: the theme's type for `variant` (body1 by default), no margin. */
export const Text = forwardRef<HTMLElement, TextProps>(function Text({ variant = 'body1', component, color, sx, className, ...rest }, ref) {
  const own = useKeyedClass(`text|${variant}|${color ?? ''}|${sxKey(sx)}`, () => [
    { m: 0, typography: variant },
    color ? { color: TEXT_COLOR[color] ?? color } : {},
    sx ?? {},
  ]);
  const Tag = (component ?? TEXT_ELEMENT[variant]) as ElementType;
  return <Tag ref={ref} className={className ? `${own} ${className}` : own} {...rest} />;
});

type Direction = 'row' | 'column';
type Breakpoint = 'xs' | 'sm' | 'md';

export interface StackProps extends Attributes {
  direction?: Direction | Partial<Record<Breakpoint, Direction>>;
  /** Theme spacing between children (8 px each). */
  spacing?: number;
  component?: Element;
  sx?: PlainSx;
  children?: ReactNode;
}

/** A Stack's rules for one direction at one breakpoint: MUI's, which sets its children's margins (theirs are reset). */
function stackAt(direction: Direction, spacing: number) {
  return {
    flexDirection: direction,
    '& > :not(style):not(style)': { m: 0 },
    '& > :not(style) ~ :not(style)': direction === 'row' ? { ml: spacing } : { mt: spacing },
  };
}

function stackSx(direction: StackProps['direction'], spacing: number): SxPart {
  if (typeof direction !== 'object') return { display: 'flex', ...stackAt(direction ?? 'column', spacing) };
  // Per breakpoint: the direction, and the margin on its side (the other side's 0).
  const each = (of: (direction: Direction) => number) => Object.fromEntries(Object.entries(direction).map(([breakpoint, value]) => [breakpoint, of(value)]));
  return {
    display: 'flex',
    flexDirection: direction,
    '& > :not(style):not(style)': { m: 0 },
    '& > :not(style) ~ :not(style)': { mt: each((value) => (value === 'row' ? 0 : spacing)), ml: each((value) => (value === 'row' ? spacing : 0)) },
  };
}

/** Stack: a flex column (or row) with `spacing` between its children. */
export function Stack({ direction, spacing = 0, component = 'div', sx, className, ...rest }: StackProps) {
  const own = useKeyedClass(`stack|${JSON.stringify(direction ?? 'column')}|${spacing}|${sxKey(sx)}`, () => [stackSx(direction, spacing), sx ?? {}]);
  const Tag = component as ElementType;
  return <Tag className={className ? `${own} ${className}` : own} {...rest} />;
}

export interface BoxProps extends Attributes {
  component?: Element;
  sx?: PlainSx;
  children?: ReactNode;
}

/** Box: an element (a div by default) with a plain `sx`. */
export function Box({ component = 'div', sx, className, ...rest }: BoxProps) {
  const own = useKeyedClass(`box|${sxKey(sx)}`, () => sx ?? {});
  const Tag = component as ElementType;
  return <Tag className={className ? `${own} ${className}` : own} {...rest} />;
}

const paperSx = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  transition: (t: LightTheme) => t.transitions.create('box-shadow'),
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
} as const;

/** An outlined Paper (the only kind the respondent pages draw): the paper's colour, a divider's border, the theme's corners. */
export function Paper({ component = 'div', sx, className, ...rest }: BoxProps) {
  const own = useKeyedClass(`paper|${sxKey(sx)}`, () => [paperSx, sx ?? {}]);
  const Tag = component as ElementType;
  return <Tag className={className ? `${own} ${className}` : own} {...rest} />;
}

type Severity = 'success' | 'info' | 'warning' | 'error';

const ALERT_ICON: Record<Severity, () => ReactNode> = {
  success: () => <SuccessOutlinedIcon fontSize="inherit" />,
  info: () => <InfoOutlinedIcon fontSize="inherit" />,
  warning: () => <ReportProblemOutlinedIcon fontSize="inherit" />,
  error: () => <ErrorOutlineIcon fontSize="inherit" />,
};

function alertSx(severity: Severity): SxPart {
  return (t: LightTheme) => ({
    ...t.typography.body2,
    display: 'flex',
    p: '6px 16px',
    borderRadius: 1,
    color: t.darken(t.palette[severity].light, 0.6),
    bgcolor: t.lighten(t.palette[severity].light, 0.9),
    '& > .alert-icon': { mr: '12px', p: '7px 0', display: 'flex', fontSize: 22, opacity: 0.9, color: t.palette[severity].main },
    '& > .alert-message': { p: '8px 0', minWidth: 0, overflow: 'auto' },
    '& > .alert-action': { display: 'flex', alignItems: 'flex-start', p: '4px 0 0 16px', ml: 'auto', mr: '-8px' },
    '& .alert-close': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      p: '5px',
      minWidth: 44,
      minHeight: 44,
      m: 0,
      border: 0,
      borderRadius: '50%',
      bgcolor: 'transparent',
      color: 'inherit',
      fontSize: '1.125rem',
      cursor: 'pointer',
      '@media (hover: hover)': { '&:hover': { bgcolor: 'action.hover' } },
    },
  });
}

export interface AlertProps extends Omit<Attributes, 'action'> {
  severity?: Severity;
  /** At the end (a button); replaces the close button. */
  action?: ReactNode;
  /** Shows a close button («Cerrar», a finger's 44 px) that calls it. */
  onClose?: () => void;
  /** The close button's tooltip, if not «Cerrar». */
  closeTitle?: string;
  /** Instead of the severity's icon; false for none. */
  icon?: ReactNode | false;
  sx?: PlainSx;
  children?: ReactNode;
}

/** MUI's standard Alert: the severity's tint and icon, the message, an action or a close button; role «alert» unless told. */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { severity = 'success', action, onClose, closeTitle = 'Cerrar', icon, sx, className, role = 'alert', children, ...rest },
  ref,
) {
  const own = useKeyedClass(`alert|${severity}|${sxKey(sx)}`, () => [alertSx(severity), sx ?? {}]);
  const end =
    action ??
    (onClose ? (
      <button type="button" className="alert-close" aria-label="Cerrar" title={closeTitle} onClick={onClose}>
        <CloseIcon fontSize="inherit" />
      </button>
    ) : null);
  return (
    <div ref={ref} role={role} className={className ? `${own} ${className}` : own} {...rest}>
      {icon === false ? null : <div className="alert-icon">{icon ?? ALERT_ICON[severity]()}</div>}
      <div className="alert-message">{children}</div>
      {end ? <div className="alert-action">{end}</div> : null}
    </div>
  );
});

const pulse = keyframes('light-pulse', '0%{opacity:1}50%{opacity:0.4}100%{opacity:1}');

const SKELETON_SX = {
  display: 'block',
  bgcolor: (t: LightTheme) => t.alpha(t.palette.text.primary, 0.11),
  height: '1.2em',
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  '&[data-variant="text"]': {
    my: 0,
    height: 'auto',
    transformOrigin: '0 55%',
    transform: 'scale(1, 0.60)',
    borderRadius: '8px/13.3px',
    '&:empty:before': { content: '"\\00a0"' },
  },
  '&[data-variant="rounded"]': { borderRadius: 1 },
  '&[data-variant="circular"]': { borderRadius: '50%' },
  // Content inside only gives its size (MUI's Skeleton with children).
  '& > *': { visibility: 'hidden' },
} as const;

export interface SkeletonProps {
  variant?: 'text' | 'rounded' | 'rectangular' | 'circular';
  width?: number | string;
  height?: number | string;
  /** Hidden content whose size the placeholder takes (the text that will come, so that nothing moves when it does). */
  children?: ReactNode;
}

/** A pulsing placeholder of the content's size, as MUI's Skeleton. */
export function Skeleton({ variant = 'text', width, height, children }: SkeletonProps) {
  const style: CSSProperties = { width, height: height ?? (children ? 'auto' : undefined) };
  return (
    <span className={useKeyedClass('skeleton', () => SKELETON_SX)} data-variant={variant} style={style}>
      {children}
    </span>
  );
}

const PROGRESS_SX = {
  position: 'relative',
  overflow: 'hidden',
  display: 'block',
  mt: 0.5,
  height: 8,
  borderRadius: 4,
  bgcolor: (t: LightTheme) => t.lighten(t.palette.primary.main, 0.62),
  '& > span': {
    position: 'absolute',
    inset: 0,
    borderRadius: 4,
    bgcolor: 'primary.main',
    transition: 'transform .4s linear',
  },
} as const;

/** MUI's determinate LinearProgress (8 px, rounded): a `progressbar` with its rounded percentage. */
export function ProgressBar({ value, 'aria-label': label }: { value: number; 'aria-label': string }) {
  const percent = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <span className={useKeyedClass('progress', () => PROGRESS_SX)} role="progressbar" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
      <span style={{ transform: `translateX(${percent - 100}%)` }} />
    </span>
  );
}
