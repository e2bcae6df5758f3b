import type { SxProps, Theme } from '@mui/material/styles';
import { lightTheme } from '../app/light-theme';
import { insertStyle, type StyleObject } from './light-sheet';
import { resolveSx } from './light-sx';

/** A style object defined once, at a module's top level (its identity is the key). */
export type StaticSx = SxProps<Theme> & object;

const made = new WeakMap<StaticSx, string>();

/**
 * The class name of a style that never changes, in MUI's `sx` syntax, made
 * once: `<article className={useStaticClass(CARD_SX)}>` where
 * `<Box component="article" sx={CARD_SX}>` was.
 *
 * `sx` does its work on every render of every element: MUI resolves the
 * object against the theme (breakpoints, spacing, palette paths), emotion
 * serializes and hashes the result to find its class. On a respondent page
 * that was a fifth to a third of the first render's CPU, and a tap on a scale
 * did it again for every cell (Lighthouse traces, bench/trace-summary.ts,
 * docs/benchmarks.md). Here the first element that asks resolves the style
 * against the light theme (app/light-theme.ts, the MUI theme's values) and
 * writes its rules in the light components' own sheet (light-sheet.ts, no
 * emotion); every other element, and every later render, reads the name.
 * Only for objects made once at a module's top level: one made in a render
 * would be a new key each time.
 */
export function useStaticClass(sx: StaticSx): string {
  return madeClass(made, sx, () => sx);
}

/** The class `store` holds for `key`, else made by `make`, inserted and kept there. */
function madeClass<K>(store: { get(key: K): string | undefined; set(key: K, className: string): unknown }, key: K, make: () => SxProps<Theme>): string {
  const known = store.get(key);
  if (known !== undefined) return known;
  const sx = make();
  const style = resolveSx(sx as Parameters<typeof resolveSx>[0], lightTheme);
  styleCheck?.(sx, style);
  const className = insertStyle(style);
  store.set(key, className);
  return className;
}

type StyleCheck = (sx: SxProps<Theme>, resolved: StyleObject | StyleObject[]) => void;
let styleCheck: StyleCheck | undefined;

/**
 * A check of every style made from now on (the component tests': MUI's own
 * resolution of the same `sx` against theme.ts's theme, order included, in
 * test-support/dom-setup.ts). Production has none: it would bring MUI back.
 */
export function checkStylesWith(check: StyleCheck | undefined): void {
  styleCheck = check;
}

/** One part of an `sx` array (an object or a function of the theme). */
export type SxPart = Exclude<SxProps<Theme>, readonly unknown[]>;

/** An `sx` of plain values (no functions), so that its JSON names it. */
export type PlainSx = { [key: string]: PlainSxValue };
type PlainSxValue = string | number | boolean | null | undefined | PlainSx | readonly (string | number | null)[];

const keyed = new Map<string, string>();

/**
 * The class name of a style named by `key` (a component's variant and its
 * caller's plain `sx` in JSON), made once by `make` as useStaticClass's: for light components whose `sx` is written inline, a new object
 * every render but the same text. Its values must come from a small set (a
 * page's constants, a state's two colours), as each new text is a new rule.
 */
export function useKeyedClass(key: string, make: () => SxProps<Theme>): string {
  return madeClass(keyed, key, make);
}

/** The key of a plain `sx` (empty without one). */
export function sxKey(sx: PlainSx | undefined): string {
  return sx ? JSON.stringify(sx) : '';
}
