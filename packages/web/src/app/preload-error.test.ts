import { describe, expect, it } from 'vitest';
import { PRELOAD_RELOAD_KEY, PRELOAD_RELOAD_WINDOW_MS, claimPreloadReload, isChunkLoadError } from './preload-error';

function store(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('claimPreloadReload', () => {
  it('reloads the first time and records when', () => {
    const s = store();
    expect(claimPreloadReload(s, 1_000)).toBe(true);
    expect(s.items.get(PRELOAD_RELOAD_KEY)).toBe('1000');
  });

  it('does not reload again soon after, so it never loops', () => {
    const s = store();
    expect(claimPreloadReload(s, 1_000)).toBe(true);
    expect(claimPreloadReload(s, 1_000 + PRELOAD_RELOAD_WINDOW_MS - 1)).toBe(false);
  });

  it('may reload again after the window (a later deployment)', () => {
    const s = store({ [PRELOAD_RELOAD_KEY]: '1000' });
    expect(claimPreloadReload(s, 1_000 + PRELOAD_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('never reloads without storage', () => {
    expect(claimPreloadReload(null)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => undefined,
    };
    expect(claimPreloadReload(throwing)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://x/encuestas/assets/a.js', true],
    ['Importing a module script failed.', true],
    ['error loading dynamically imported module', true],
    ['Cannot read properties of undefined', false],
  ])('%s -> %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });
});
