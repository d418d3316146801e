// Horizontal scroll carousel (docs/ARCHITECTURE.md, "Screen rules"): 300 px cards (80% of the window on mobile), 16/8 px gaps,
// 948 px scroll step, 1023 px visible width, previous/next arrows on wide screens disabled at the ends.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export const SCROLL_STEP = 948;

/** Scroll snapping and sub-pixel layout park the track a few pixels off its ends; within this
 * distance it counts as being at the end. */
export const END_TOLERANCE_PX = 8;

export function arrowState(
  el: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  tolerance = END_TOLERANCE_PX,
): { atStart: boolean; atEnd: boolean } {
  return { atStart: el.scrollLeft <= tolerance, atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - tolerance };
}

interface Props {
  label: string;
  children: ReactNode;
  className?: string;
}

export function Carousel({ label, children, className = '' }: Props) {
  const track = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ atStart: true, atEnd: true });

  const update = useCallback(() => {
    if (track.current) setState(arrowState(track.current));
  }, []);

  useEffect(() => {
    update();
    const el = track.current;
    if (!el) return;
    // Re-evaluate when the track or its items change size (images, fonts, window) and when a
    // smooth scroll or a snap settles.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(el);
    for (const item of Array.from(el.children)) observer?.observe(item);
    window.addEventListener('resize', update);
    el.addEventListener('scrollend', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      el.removeEventListener('scrollend', update);
    };
  }, [update, children]);

  const scrollBy = (delta: number) => {
    const el = track.current;
    if (!el) return;
    if (typeof el.scrollBy === 'function') el.scrollBy({ left: delta, behavior: 'smooth' });
    else el.scrollLeft += delta;
  };

  return (
    <div className={`carousel ${className}`} role="group" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className="carousel-arrow prev" aria-label={`Previous ${label}`} disabled={state.atStart} onClick={() => scrollBy(-SCROLL_STEP)}>
        <span aria-hidden="true">‹</span>
      </button>
      <div
        ref={track}
        className="carousel-track"
        tabIndex={0}
        onScroll={update}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') {
            e.preventDefault();
            scrollBy(316);
          } else if (e.key === 'ArrowLeft') {
            e.preventDefault();
            scrollBy(-316);
          }
        }}
      >
        {children}
      </div>
      <button type="button" className="carousel-arrow next" aria-label={`Next ${label}`} disabled={state.atEnd} onClick={() => scrollBy(SCROLL_STEP)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
