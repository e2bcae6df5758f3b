import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and true from
 * then on). A long report draws each chart as the reader nears it instead of
 * every chart while the page opens: drawing one measures its labels, and each
 * measurement lays out the whole page again (Lighthouse counted 1.5 s of one
 * task on a report). Where IntersectionObserver does not exist, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '50% 0px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
