/** sessionStorage, or null where it is unavailable (privacy modes, tests without a DOM). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * sessionStorage that never throws: reads give null where it is unavailable,
 * and writes that fail (storage full or blocked) leave a session that lasts
 * only as long as this page.
 */
export const safeSessionStorage = {
  read(key: string): string | null {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  write(key: string, value: string): void {
    try {
      storage()?.setItem(key, value);
    } catch {
      // Storage full or blocked: the session then lasts only as long as this page.
    }
  },
  remove(key: string): void {
    try {
      storage()?.removeItem(key);
    } catch {
      // Nothing stored we could remove.
    }
  },
};
