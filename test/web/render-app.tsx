// Test harness: renders the real route table in a memory router with a fresh SWR cache and a fake API.
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { SWRConfig } from 'swr';
import { AppRoutes } from '@/app/router';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}
export type ApiHandler = (path: string, init: RequestInit | undefined) => FakeResponse | Promise<FakeResponse>;

export const catalogHandler: ApiHandler = (path) => {
  if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
  if (/^\/api(\/demo)?\/me\/orders/.test(path)) return { body: { items: [], nextCursor: null } };
  if (/^\/api\/athletes\/\d+\/posts$/.test(path)) return { body: { items: [] } };
  return { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };
};

/** Installs a fetch that answers /api calls with the handler; returns the mock for assertions. */
export function mockApi(handler: ApiHandler = catalogHandler): jest.Mock {
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = typeof input === 'string' ? input : input.toString();
    const res = await handler(path, init);
    const status = res.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => 'application/json' },
      text: async () => (res.body === undefined ? '' : JSON.stringify(res.body)),
      json: async () => res.body,
    };
  });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

// jsdom has no scrollTo; the shell scrolls to top on every route change.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

function LocationProbe({ onLocation }: { onLocation: (l: Location) => void }) {
  onLocation(useLocation());
  return null;
}

/** Renders the app's routes (the same AppRoutes as the browser and the prerender) at a path in a memory router. */
export function renderRoute(initialPath: string, { state }: { state?: unknown } = {}) {
  let current: Location | null = null;
  const utils = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[state ? { pathname: initialPath, state } : initialPath]}>
        <LocationProbe onLocation={(l) => (current = l)} />
        <AppRoutes />
      </MemoryRouter>
    </SWRConfig>,
  );
  const location = () => current as unknown as Location;
  return {
    ...utils,
    location,
    router: {
      get state() {
        return { location: location() };
      },
    },
  };
}

export async function flush(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}
