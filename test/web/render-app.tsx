// Test harness: renders the real route table in a memory router with a fresh SWR cache and a fake API.
import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useLocation, useRoutes, type Location } from 'react-router-dom';
import { SAMPLE_CATALOG } from '@shared/seed-data';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';

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

function Routed({ onLocation }: { onLocation: (l: Location) => void }) {
  const location = useLocation();
  onLocation(location);
  return useRoutes(routes);
}

/** Renders the route table at a path (a declarative MemoryRouter: the data router needs fetch's Request, which jsdom lacks). */
export function renderRoute(initialPath: string, { state }: { state?: unknown } = {}) {
  let current: Location | null = null;
  const utils = render(
    <AppProvider value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[state ? { pathname: initialPath, state } : initialPath]}>
        <Suspense fallback={null}>
          <Routed onLocation={(l) => (current = l)} />
        </Suspense>
      </MemoryRouter>
    </AppProvider>,
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
