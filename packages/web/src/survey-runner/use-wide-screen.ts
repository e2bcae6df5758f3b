import { useSyncExternalStore } from 'react';

/** Room for a matrix of five or six answer columns beside the questions (MUI's md breakpoint). */
const WIDE = '(min-width: 900px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for a matrix (false on a phone, and where matchMedia is missing). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(WIDE).matches === true,
    () => false,
  );
}
