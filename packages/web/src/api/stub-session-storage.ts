import { vi } from 'vitest';

/** For tests: replaces sessionStorage with a Map, returned so a test can look inside (undo with vi.unstubAllGlobals). */
export function stubSessionStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  return items;
}
