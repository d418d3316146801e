// The rendered width of an element, kept up to date (charts draw at their real size, so their
// text stays at its real font size on phones instead of being scaled down with the SVG). Null
// until measured: the measure runs before the browser paints (layout effect), so a chart can wait
// for it instead of drawing once at a guessed width and again at the real one.
import { useLayoutEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
