// A page's server-rendered HTML in the document, then hydrated as main.tsx does: what the tests of
// prerendered and server-rendered pages share. Call once per file, at its top level (it registers
// the container's setup and cleanup).
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

export function serverHtml() {
  let container: HTMLElement;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container.remove();
  });
  return {
    /** The element's HTML, as the build or the render function writes it, in the page. */
    prerender(element: ReactElement) {
      container.innerHTML = renderToString(element);
    },
    /** React takes over the HTML in the page. */
    async hydrate(element: ReactElement) {
      await act(async () => {
        root = hydrateRoot(container, element);
      });
    },
    /** The app renders the element itself (no HTML of its own). */
    async render(element: ReactElement) {
      await act(async () => {
        root = createRoot(container);
        root.render(element);
      });
    },
  };
}
