import { useEffect, useRef } from 'react';

/** The new step's title, the first question to fix, or the message of a failed submission. */
export type FocusTarget = { type: 'step' } | { type: 'item'; id: string } | { type: 'failure' };

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The first answer control of a question (the chosen option of a radio group, if any). */
function focusItem(itemId: string): void {
  const block = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(itemId)}"]`);
  if (!block) return;
  const control =
    block.querySelector<HTMLElement>('input:checked') ??
    block.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])');
  block.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  control?.focus({ preventScroll: true });
}

/**
 * Where the focus goes after the render that a step change or a failed check
 * causes (`focusAfterRender`): the step's title (`stepHeadingRef`), a
 * question's answer, or the failure's message (`failureRef`), scrolled into view.
 */
export function usePendingFocus() {
  const pending = useRef<FocusTarget | null>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    if (target.type === 'item') {
      focusItem(target.id);
    } else if (target.type === 'failure') {
      failureRef.current?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    } else {
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      stepHeadingRef.current?.focus({ preventScroll: true });
    }
  });

  const focusAfterRender = (target: FocusTarget) => {
    pending.current = target;
  };
  return { focusAfterRender, stepHeadingRef, failureRef };
}
