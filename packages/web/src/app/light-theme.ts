import type { Theme } from '@mui/material/styles';
import { alpha, darken, lighten } from '@mui/system/colorManipulator';
import snapshot from './theme-snapshot.json';

/**
 * What the light components read of the theme (components/light-sx.ts,
 * light-baseline.tsx and their styles' functions of the theme): the values of
 * theme.ts's MUI theme and MUI's functions over them, without MUI's
 * createTheme, ThemeProvider and emotion, which were a third of every page's
 * first script (docs/benchmarks.md). A respondent page loads no MUI module
 * first; MUI's theme is made only where MUI's components are drawn
 * (app/mui-theme.tsx).
 *
 * The values are theme-snapshot.json, written from theme.ts's theme by
 * light-theme.test.ts (run it with `--update` after a change of theme.ts), which
 * also checks each function against MUI's; the component tests check every
 * light style against MUI's resolution of it (test-support/dom-setup.ts).
 */
export type LightTheme = Pick<Theme, 'shadows' | 'zIndex' | 'shape' | 'spacing' | 'alpha' | 'lighten' | 'darken'> & {
  // Values only: MUI's palette and typography functions (getContrastText, augmentColor, pxToRem) are not in the snapshot.
  palette: Omit<Theme['palette'], 'getContrastText' | 'augmentColor'>;
  typography: Omit<Theme['typography'], 'pxToRem'>;
  breakpoints: Pick<Theme['breakpoints'], 'keys' | 'values' | 'up'>;
  transitions: Pick<Theme['transitions'], 'create' | 'duration' | 'easing'>;
};

type Breakpoint = Theme['breakpoints']['keys'][number];
type TransitionOptions = Parameters<Theme['transitions']['create']>[1];

const { breakpoints, transitions, spacingUnit } = snapshot;

/** MUI's createSpacing of a number: each argument times the unit, in px; strings as they are. */
function spacing(...args: (number | string)[]): string {
  return (args.length === 0 ? [1] : args).map((value) => (typeof value === 'number' ? `${value * spacingUnit}px` : value)).join(' ');
}

const milliseconds = (value: number | string) => (typeof value === 'string' ? value : `${Math.round(value)}ms`);

/** MUI's transitions.create. */
function createTransition(properties: string | string[] = ['all'], options: TransitionOptions = {}): string {
  const { duration = transitions.duration.standard, easing = transitions.easing.easeInOut, delay = 0 } = options;
  return (Array.isArray(properties) ? properties : [properties]).map((property) => `${property} ${milliseconds(duration)} ${easing} ${milliseconds(delay)}`).join(',');
}

/**
 * MUI's theme functions of colours, which for plain colours (this theme has no
 * CSS variables) are these of @mui/system (createThemeNoVars); MUI's also take
 * a CSS expression as coefficient, which none of the light styles writes.
 */
function ofNumbers(mix: (color: string, coefficient: number) => string) {
  return (color: string, coefficient: number | string) => {
    if (typeof coefficient !== 'number') throw new Error(`The light theme mixes colours by a number, not ${coefficient}`);
    return mix(color, coefficient);
  };
}

/** The theme's rules for the whole page (its MuiCssBaseline overrides), written by light-baseline.tsx. */
export const baselineOverrides = snapshot.baselineOverrides;

export const lightTheme = {
  palette: snapshot.palette as unknown as LightTheme['palette'],
  typography: snapshot.typography as unknown as LightTheme['typography'],
  shadows: snapshot.shadows as Theme['shadows'],
  zIndex: snapshot.zIndex,
  shape: snapshot.shape,
  spacing: spacing as Theme['spacing'],
  alpha: ofNumbers(alpha),
  lighten: ofNumbers(lighten),
  darken: ofNumbers(darken),
  breakpoints: {
    keys: breakpoints.keys as Breakpoint[],
    values: breakpoints.values,
    up: (key: Breakpoint | number) => `@media (min-width:${typeof key === 'number' ? key : breakpoints.values[key]}px)`,
  },
  transitions: { create: createTransition, duration: transitions.duration, easing: transitions.easing },
} satisfies LightTheme;
