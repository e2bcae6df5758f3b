type StorageName = 'sessionStorage' | 'localStorage';

/** The named storage, or null where it is unavailable (privacy modes, tests without a DOM). */
function storage(name: StorageName): Storage | null {
  try {
    return typeof globalThis[name] === 'undefined' ? null : globalThis[name];
  } catch {
    return null;
  }
}

export interface SafeStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * A Web Storage that never throws: reads give null where it is unavailable,
 * and writes that fail (storage full or blocked) leave a session that lasts
 * only as long as this page.
 */
function safeStorage(name: StorageName): SafeStorage {
  return {
    read(key) {
      try {
        return storage(name)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        storage(name)?.setItem(key, value);
      } catch {
        // Storage full or blocked: the session then lasts only as long as this page.
      }
    },
    remove(key) {
      try {
        storage(name)?.removeItem(key);
      } catch {
        // Nothing stored we could remove.
      }
    },
  };
}

export const safeSessionStorage = safeStorage('sessionStorage');
/** Only for a respondent who asked to stay signed in on this device (session-storage.ts). */
export const safeLocalStorage = safeStorage('localStorage');
