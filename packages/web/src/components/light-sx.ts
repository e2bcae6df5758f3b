import type { LightTheme } from '../app/light-theme';
import type { StyleObject } from './light-sheet';

/**
 * MUI's `sx` resolved against the theme for the light components' styles, as
 * MUI's styleFunctionSx does it for what they write: spacing (m, p and their
 * sides, gap), palette paths (color, bgcolor, border colours), borders as
 * numbers, the theme's corner multiples, sizes as fractions, z-indexes and
 * shadows by name, a typography variant, values per breakpoint (min-width
 * media queries first, ascending), nested selectors and functions of the
 * theme. MUI's is generic (a breakpoint object made and pruned for every
 * nested object, each property looked up in its configuration): about a
 * tenth of a respondent page's script time on a phone. The component tests
 * check each style against MUI's own (test-support/dom-setup.ts).
 */

type Value = StyleObject[string];
type Sx = StyleObject | ((theme: LightTheme) => StyleObject) | readonly (StyleObject | ((theme: LightTheme) => StyleObject))[];

const SIDES: Record<string, readonly string[]> = { t: ['Top'], r: ['Right'], b: ['Bottom'], l: ['Left'], x: ['Left', 'Right'], y: ['Top', 'Bottom'] };
const SPACING: Record<string, readonly string[]> = {};
for (const [short, property] of [
  ['m', 'margin'],
  ['p', 'padding'],
] as const) {
  SPACING[short] = [property];
  SPACING[property] = [property];
  for (const [side, names] of Object.entries(SIDES)) {
    SPACING[short + side] = names.map((name) => property + name);
    if (names.length === 1) SPACING[property + names[0]] = [property + names[0]];
  }
  SPACING[`${property}X`] = SPACING[`${short}x`]!;
  SPACING[`${property}Y`] = SPACING[`${short}y`]!;
}
for (const property of ['gap', 'rowGap', 'columnGap']) SPACING[property] = [property];

const PALETTE = new Set(['color', 'bgcolor', 'backgroundColor', 'borderColor', 'borderTopColor', 'borderRightColor', 'borderBottomColor', 'borderLeftColor', 'outlineColor']);
const BORDERS = new Set(['border', 'borderTop', 'borderRight', 'borderBottom', 'borderLeft', 'outline']);
const SIZES = new Set(['width', 'minWidth', 'height', 'maxHeight', 'minHeight']);
const TYPOGRAPHY_KEYS = new Set(['fontSize', 'fontStyle', 'fontWeight']);

function path(object: unknown, dotted: string): unknown {
  let at = object;
  for (const part of dotted.split('.')) {
    if (at == null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const sizing = (value: Value) => (typeof value === 'number' && value <= 1 && value !== 0 ? `${value * 100}%` : value);

/** One property's declarations (MUI's configuration for it), into `target`. */
function declare(target: StyleObject, key: string, value: Value, theme: LightTheme): void {
  const spacing = SPACING[key];
  if (spacing) {
    const resolved = typeof value === 'number' ? theme.spacing(value) : value;
    for (const property of spacing) target[property] = resolved;
  } else if (PALETTE.has(key)) {
    const property = key === 'bgcolor' ? 'backgroundColor' : key;
    // 'grey' names MUI's grey scale for colours and backgrounds (paletteTransform), not for borders.
    const keepsGrey = value === 'grey' && (key === 'color' || property === 'backgroundColor');
    target[property] = typeof value === 'string' && !keepsGrey ? ((path(theme.palette, value) as Value) ?? value) : value;
  } else if (BORDERS.has(key)) target[key] = typeof value === 'number' ? `${value}px solid` : value;
  else if (key === 'borderRadius') target[key] = typeof value === 'number' ? (theme.shape.borderRadius as number) * value : value;
  else if (SIZES.has(key)) target[key] = sizing(value);
  else if (key === 'maxWidth') {
    const breakpoint = typeof value === 'string' ? theme.breakpoints.values[value as keyof LightTheme['breakpoints']['values']] : undefined;
    target[key] = breakpoint ?? sizing(value);
  } else if (key === 'zIndex') target[key] = typeof value === 'string' ? ((path(theme.zIndex, value) as Value) ?? value) : value;
  else if (key === 'boxShadow') target[key] = typeof value === 'number' ? (theme.shadows[value] ?? value) : typeof value === 'string' ? ((path(theme.shadows, value) as Value) ?? value) : value;
  else if (key === 'typography') Object.assign(target, typeof value === 'string' ? (path(theme.typography, value) as StyleObject | undefined) : undefined);
  else if (TYPOGRAPHY_KEYS.has(key) && typeof value === 'string' && value !== 'inherit') target[key] = (path(theme.typography, value) as Value) ?? value;
  else target[key] = value;
}

const isBreakpointObject = (theme: LightTheme, value: object) => theme.breakpoints.keys.some((key) => key in value);

function resolveObject(input: StyleObject | ((theme: LightTheme) => StyleObject), theme: LightTheme): StyleObject {
  const sx = typeof input === 'function' ? input(theme) : input;
  // Media queries first, ascending, as MUI's (it starts from an object of every breakpoint's query and prunes the empty ones).
  const media: Record<string, StyleObject> = {};
  const rest: StyleObject = {};
  for (const key in sx) {
    const raw = sx[key] as Value | ((theme: LightTheme) => Value);
    const value = typeof raw === 'function' ? raw(theme) : raw;
    if (value == null) continue;
    if (typeof value === 'object' && !Array.isArray(value) && isBreakpointObject(theme, value)) {
      for (const [breakpoint, each] of Object.entries(value)) {
        if (!(breakpoint in theme.breakpoints.values)) {
          rest[breakpoint] = each;
          continue;
        }
        if (each == null) continue;
        const query = theme.breakpoints.up(breakpoint as keyof LightTheme['breakpoints']['values']);
        declare((media[query] ??= {}), key, each, theme);
      }
    } else if (typeof value === 'object' && !Array.isArray(value)) rest[key] = resolveObject(value as StyleObject, theme);
    else declare(rest, key, value, theme);
  }
  const css: StyleObject = {};
  for (const breakpoint of theme.breakpoints.keys) {
    const query = theme.breakpoints.up(breakpoint);
    if (media[query]) css[query] = media[query];
  }
  return Object.assign(css, rest);
}

/** `sx` as CSS objects (an array's parts each). */
export function resolveSx(sx: Sx, theme: LightTheme): StyleObject | StyleObject[] {
  return Array.isArray(sx) ? sx.map((part: StyleObject | ((theme: LightTheme) => StyleObject)) => resolveObject(part, theme)) : resolveObject(sx as StyleObject, theme);
}
