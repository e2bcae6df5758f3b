import { Suspense, useRef, type ReactNode } from 'react';

/**
 * Renders `children` (a lazily loaded dialog) from the first time `open` is
 * true, and keeps them mounted after: a page does not load or evaluate a
 * dialog's code (its form, rules and date pickers) until someone opens it, and
 * once open, closing still plays the dialog's transition and returns the focus.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current ? <Suspense fallback={null}>{children}</Suspense> : null;
}
