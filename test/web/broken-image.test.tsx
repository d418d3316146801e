// An image that failed before the app hydrated the page (prerendered and server-rendered pages
// paint from HTML; React's onError never hears of an error that fired before it attached) still
// falls back: the logo to its text wordmark, other images to the default logo. The server's HTML
// is put into the page, its image marked as failed the way a browser leaves it (complete, no
// pixels), then hydrated as main.tsx does. The browser version is test/e2e/screen-fixes.test.ts.
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { FallbackImage, DEFAULT_LOGO } from '@/components/fallback-image';
import { Logo } from '@/components/logo';

let container: HTMLElement;
let root: Root | null = null;
let errors: jest.SpyInstance;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  errors.mockRestore();
});

/** What the browser leaves on an <img> whose load failed: complete, with no natural size. */
function markFailed(img: HTMLImageElement, failed = true) {
  Object.defineProperty(img, 'complete', { configurable: true, get: () => failed });
  Object.defineProperty(img, 'naturalWidth', { configurable: true, get: () => 0 });
}

async function hydrateAfter(element: React.ReactElement, before: (img: HTMLImageElement) => void) {
  container.innerHTML = renderToString(element);
  before(container.querySelector('img')!);
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

describe('images that failed before hydration', () => {
  it('turns the logo into the text wordmark, without a hydration mismatch', async () => {
    await hydrateAfter(<Logo height={48} />, (img) => markFailed(img));
    const wordmark = screen.getByRole('img', { name: 'Drift' });
    expect(wordmark.tagName).toBe('SPAN');
    expect(wordmark).toHaveTextContent('DRIFT');
    expect(container.querySelector('img')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps the logo image while it is still loading or once it has loaded', async () => {
    await hydrateAfter(<Logo />, (img) => markFailed(img, false));
    expect(screen.getByRole('img', { name: 'Drift' }).tagName).toBe('IMG');
  });

  it('shows the default logo in place of another image that failed', async () => {
    await hydrateAfter(<FallbackImage src="/uploads/missing.png" alt="Portrait of Marcus Reed" />, (img) => markFailed(img));
    const img = screen.getByRole('img', { name: 'Portrait of Marcus Reed' });
    expect(img).toHaveAttribute('src', DEFAULT_LOGO);
    expect(img).toHaveAttribute('data-fallback', 'true');
    expect(errors).not.toHaveBeenCalled();
  });

  it('still falls back on an error after hydration', async () => {
    await hydrateAfter(<Logo />, (img) => markFailed(img, false));
    await act(async () => {
      container.querySelector('img')!.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('img', { name: 'Drift' }).tagName).toBe('SPAN');
  });
});
