/**
 * After a deployment, an open page may ask for a lazy chunk that no longer
 * exists. Reloading once fetches the new index.html and its chunks; the flag
 * (a timestamp in sessionStorage) stops a second reload soon after, so a
 * chunk that stays broken shows the error page instead of looping.
 */
export const PRELOAD_RELOAD_KEY = 'encuestas:preload-reload-at';

/** No second automatic reload within this window. */
export const PRELOAD_RELOAD_WINDOW_MS = 5 * 60 * 1000;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Whether to reload now; records the reload when it says yes. */
export function claimPreloadReload(store: KeyValueStore | null, now: number = Date.now()): boolean {
  if (!store) return false;
  try {
    const last = Number(store.getItem(PRELOAD_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < PRELOAD_RELOAD_WINDOW_MS) return false;
    store.setItem(PRELOAD_RELOAD_KEY, String(now));
    return true;
  } catch {
    // Without storage there is no guard, so never reload automatically.
    return false;
  }
}

/** Chunk-load failures as browsers word them (Chromium, Firefox, Safari). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

function sessionStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Reloads once (guarded) and says whether it did. With `href`, loads that
 * address instead: the page the user was navigating to when its chunk failed.
 */
export function reloadOnceForStaleChunks(href?: string): boolean {
  if (!claimPreloadReload(sessionStore())) return false;
  if (href) window.location.assign(href);
  else window.location.reload();
  return true;
}

/** `pendingHref` gives the address of a navigation in progress, if any. */
export function installPreloadErrorReload(pendingHref: () => string | undefined = () => undefined): void {
  window.addEventListener('vite:preloadError', (event) => {
    // preventDefault keeps Vite from throwing while the page reloads; when the
    // guard says no, the error reaches the router's error page as usual.
    if (reloadOnceForStaleChunks(pendingHref())) event.preventDefault();
  });
}
