import { __unsafe_useEmotionCache, css } from '@emotion/react';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';

type EmotionCache = NonNullable<ReturnType<typeof __unsafe_useEmotionCache>>;

/** A style object defined once, at a module's top level (its identity is the key). */
export type StaticSx = SxProps<Theme> & object;

const made = new WeakMap<StaticSx, { cache: EmotionCache; theme: Theme; className: string }>();

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
 * docs/benchmarks.md). Here the first element that asks resolves, serializes
 * and inserts the rule; every other element, and every later render, reads
 * the name. Only for objects made once at a module's top level: one made in
 * a render would be a new key each time.
 */
export function useStaticClass(sx: StaticSx): string {
  const theme = useTheme();
  const cache = __unsafe_useEmotionCache();
  if (!cache) throw new Error('useStaticClass needs an emotion cache (MUI provides one)');
  const known = made.get(sx);
  if (known && known.cache === cache && known.theme === theme) return known.className;
  const className = insert(cache, css(theme.unstable_sx(sx) as Parameters<typeof css>[0]));
  made.set(sx, { cache, theme, className });
  return className;
}

/** Emotion's own insertion (as @emotion/utils' insertStyles), once per style in the cache. */
function insert(cache: EmotionCache, serialized: ReturnType<typeof css>): string {
  const className = `${cache.key}-${serialized.name}`;
  if (cache.inserted[serialized.name] === undefined) {
    let current: typeof serialized | undefined = serialized;
    do {
      cache.insert(current === serialized ? `.${className}` : '', current, cache.sheet, true);
      current = current.next;
    } while (current !== undefined);
  }
  return className;
}
