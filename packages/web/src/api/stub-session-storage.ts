import { vi } from 'vitest';

function stubStorage(name: 'sessionStorage' | 'localStorage'): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal(name, {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}

/** For tests: replaces sessionStorage with a Map, returned so a test can look inside (undo with vi.unstubAllGlobals). */
export function stubSessionStorage(): Map<string, string> {
  return stubStorage('sessionStorage');
}

/** For tests: the same for localStorage. */
export function stubLocalStorage(): Map<string, string> {
  return stubStorage('localStorage');
}
