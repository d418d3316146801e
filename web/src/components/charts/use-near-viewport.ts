// Whether an element has come near the viewport yet (and stays so once it has). A chart costs its
// Victory chunk (~74 KB gzip) and a few hundred milliseconds of main thread on a phone, so it is
// drawn only when the reader gets to it; below the fold on a phone, that is after the page has
// loaded. Where IntersectionObserver is missing, the answer is yes (after mount).
import { useEffect, useRef, useState } from 'react';

/** How far below the viewport an element counts as near: a small head start for the chunk. */
export const NEAR_MARGIN_PX = 48;

export function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // False on the first render everywhere (the prerendered HTML and its hydration agree).
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (typeof IntersectionObserver !== 'function' || !el) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: `0px 0px ${NEAR_MARGIN_PX}px 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
