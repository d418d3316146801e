// Colours that come from data (a school's colours) as CSS custom properties set through the DOM,
// never as a style attribute: the Content-Security-Policy (style-src 'self') blocks style
// attributes in HTML, and pages rendered on the server or prerendered are HTML. The ref sets them
// when the element is attached (before the first paint of a browser render; on hydration, as the
// app takes over a server-rendered page, which shows the stylesheet's defaults until then).
import { useCallback } from 'react';

export function useCssVars<T extends HTMLElement>(vars: Record<`--${string}`, string>): (element: T | null) => void {
  const key = JSON.stringify(vars);
  return useCallback(
    (element: T | null) => {
      if (!element) return;
      for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) element.style.setProperty(name, value);
    },
    [key],
  );
}
