// An image that fails before the app hydrates never reaches React's onError: prerendered and
// server-rendered pages paint from their HTML, and the browser may give up on an image (404,
// blocked, offline) before the app's JS has run, so the error event has already fired when React
// attaches its listener. The hook checks the element once it is mounted (or hydrated) and
// whenever its source changes: an image the browser is done with (`complete`) that has no pixels
// (`naturalWidth` 0) has failed. An error after that still reaches onError. The fallback is a
// state change after hydration, so the hydrated markup always matches the server's.
import { useEffect, useRef, type RefObject } from 'react';

/** True when the browser has finished with the image and it has no pixels: it failed to load. */
export function isBrokenImage(img: HTMLImageElement): boolean {
  return Boolean(img.getAttribute('src')) && img.complete && img.naturalWidth === 0;
}

/** A ref for an <img>: calls `onBroken` when the image it holds has already failed on mount. */
export function useBrokenImageCheck(src: string | undefined, onBroken: () => void): RefObject<HTMLImageElement | null> {
  const ref = useRef<HTMLImageElement>(null);
  const callback = useRef(onBroken);
  callback.current = onBroken;
  useEffect(() => {
    if (ref.current && isBrokenImage(ref.current)) callback.current();
  }, [src]);
  return ref;
}
