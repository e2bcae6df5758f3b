import { Fragment, type ReactNode } from 'react';
import { useRevealedCount } from '../hooks/use-revealed-count';

/**
 * `parts` drawn one a task (useRevealedCount). The count lives here, not in the
 * page, so each step redraws only this list: the parts already drawn are the
 * same elements as before, which Preact does not draw again (drawn from the
 * page's own state, every step redrew every part before it).
 */
export function RevealInTurn({ parts }: { parts: readonly (readonly [key: string, part: ReactNode])[] }) {
  const revealed = useRevealedCount(parts.length);
  return (
    <>
      {parts.slice(0, revealed).map(([key, part]) => (
        <Fragment key={key}>{part}</Fragment>
      ))}
    </>
  );
}
