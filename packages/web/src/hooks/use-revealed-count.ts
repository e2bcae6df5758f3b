import { useLayoutEffect, useState } from 'react';

/**
 * How many of a long page's `total` parts to draw now: `first` at once, then
 * one more a task until every part is drawn. Drawn at once, a report's parts
 * made one task of 200-400 ms in Lighthouse's traces (issue 20), during which
 * the page answered no click; one part a task keeps each task short and puts
 * the first screen up sooner. The whole page is there a moment later, for
 * find-in-page, the report index's links and screen readers alike.
 */
export function useRevealedCount(total: number, first = 1): number {
  const [revealed, setRevealed] = useState(first);
  useLayoutEffect(() => {
    if (revealed >= total) return;
    // A task of its own: the browser may paint and answer input between parts.
    const timer = setTimeout(() => setRevealed((count) => count + 1), 0);
    return () => clearTimeout(timer);
  }, [revealed, total]);
  return Math.min(revealed, total);
}
