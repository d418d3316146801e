// Deploys never break an open tab: the once-only reload guard for missing chunks and the designed
// error screen every route shows instead of the router's default one.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { entityApi } from './entity-api';
import { ErrorScreen } from '@/components/route-error';
import { ApiError } from '@/lib/api-client';
import {
  RELOAD_GUARD_MS,
  RELOAD_MARKER_KEY,
  installPreloadErrorHandler,
  isChunkLoadError,
  reloadOnce,
  resetReloadStateForTests,
  type ReloadEnv,
} from '@/lib/chunk-reload';
import { fakeApi, renderRoute } from './harness';

jest.setTimeout(20_000);

jest.mock('@/features/marketing/components/what-we-offer', () => ({
  __esModule: true,
  default: function WhatWeOffer() {
    throw new Error('render failure in test');
  },
}));

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/search-page-D0RKgzl_.js');

function env(overrides: Partial<ReloadEnv> = {}): ReloadEnv & { reload: jest.Mock } {
  return { url: 'http://127.0.0.1/demo/search', now: 1_000_000, storage: window.sessionStorage, reload: jest.fn(), ...overrides } as ReloadEnv & {
    reload: jest.Mock;
  };
}

beforeEach(() => {
  window.sessionStorage.clear();
  resetReloadStateForTests();
});

describe('isChunkLoadError', () => {
  it.each([
    chunkError(),
    new TypeError('error loading dynamically imported module: /assets/x.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/use-tenant-D2BPxYeD.css'),
    Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
  ])('recognises %p', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('render failure'), new TypeError("Cannot read properties of undefined (reading 'name')"), null, 'Failed', undefined])(
    'leaves %p to the error screen',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe("Vite's preload error event", () => {
  it("reloads nothing for an error that is not a missing chunk (a route's first data answering 404), and lets Vite rethrow it", () => {
    const uninstall = installPreloadErrorHandler();
    try {
      const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error('Athlete 999 not found') });
      window.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
      expect(window.sessionStorage.getItem(RELOAD_MARKER_KEY)).toBeNull();
    } finally {
      uninstall();
    }
  });
});

describe('reloadOnce', () => {
  it('reloads and leaves a marker with the target URL and the time', () => {
    const first = env();
    expect(reloadOnce(first)).toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.sessionStorage.getItem(RELOAD_MARKER_KEY)!)).toEqual({ url: 'http://127.0.0.1/demo/search', at: 1_000_000 });
  });

  it('does not reload the same URL a second time within the guard window (no loop)', () => {
    reloadOnce(env());
    resetReloadStateForTests(); // the reloaded page starts afresh, with the marker kept in sessionStorage
    const again = env({ now: 1_000_000 + RELOAD_GUARD_MS - 1 });
    expect(reloadOnce(again)).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('reloads again for another URL or once the guard window has passed', () => {
    reloadOnce(env());
    resetReloadStateForTests();
    const other = env({ url: 'http://127.0.0.1/demo/athlete' });
    expect(reloadOnce(other)).toBe(true);
    resetReloadStateForTests();
    const later = env({ url: 'http://127.0.0.1/demo/athlete', now: 1_000_000 + RELOAD_GUARD_MS + 1 });
    expect(reloadOnce(later)).toBe(true);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without sessionStorage, since nothing could stop a loop', () => {
    const bare = env({ storage: null });
    expect(reloadOnce(bare)).toBe(false);
    expect(bare.reload).not.toHaveBeenCalled();
  });

  it('ignores a marker it cannot read', () => {
    window.sessionStorage.setItem(RELOAD_MARKER_KEY, '{not json');
    const e = env();
    expect(reloadOnce(e)).toBe(true);
  });
});

describe("Vite's preload error event", () => {
  const preloadError = (payload: unknown) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload });
    window.dispatchEvent(event);
    return event;
  };

  it('reloads once for a missing chunk, and leaves any other error to its caller (a 404 of the data a route reads first)', () => {
    const uninstall = installPreloadErrorHandler(window);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined); // jsdom has no navigation
    try {
      const notFound = preloadError(new ApiError(404, 'not_found', 'Athlete 999 not found'));
      expect(notFound.defaultPrevented).toBe(false);
      expect(window.sessionStorage.getItem(RELOAD_MARKER_KEY)).toBeNull();
      const missing = preloadError(chunkError());
      expect(missing.defaultPrevented).toBe(true);
      expect(window.sessionStorage.getItem(RELOAD_MARKER_KEY)).not.toBeNull();
    } finally {
      uninstall();
      spy.mockRestore();
    }
  });
});

describe('the designed error screen', () => {
  it('explains a missing chunk after the one reload and offers Reload and a way home', () => {
    const onReload = jest.fn();
    render(<ErrorScreen error={chunkError()} onReload={onReload} />);
    expect(screen.getByRole('heading', { level: 1, name: 'This page needs a reload' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Reload to continue where you were.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Explore the Demo' })).toHaveAttribute('href', '/demo');
    expect(document.title).toBe('This page needs a reload · Drift');
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('shows a render error as "Something went wrong"', () => {
    render(<ErrorScreen error={new Error('boom')} onReload={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

describe('errors inside the routes', () => {
  it('shows the designed screen inside the layout when a screen fails to render, and recovers on the next page', async () => {
    // Prepare: What We Offer throws while rendering (jest.mock at the top of this file).
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi(entityApi());
    renderRoute('/what-we-offer');

    // Act / Assess: the designed screen, with the marketing header still there.
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Site' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Learn' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'NIL cards, explained.' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
