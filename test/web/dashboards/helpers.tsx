// Test helpers for the dashboards: a fetch stub answering API paths, and a render with a fresh SWR cache and router.
import { act, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';

export type Handler = (init: RequestInit | undefined, url: string) => { status?: number; body?: unknown } | undefined;

export interface FetchStub {
  calls: Array<{ url: string; method: string; body: unknown }>;
}

/** Requests of the stub not answered yet. */
let inFlight = 0;

/**
 * Resolves once the screen has settled: every request it made through the stub is answered and
 * what the answers set is rendered (React work flushed inside act(); a request that follows from
 * an answer is waited for too). A test that ends earlier leaves SWR's answers landing after it,
 * outside act(): React's "not wrapped in act(...)" warnings.
 */
export async function settled(): Promise<void> {
  do {
    await waitFor(() => expect(inFlight).toBe(0));
    await act(async () => undefined);
  } while (inFlight > 0);
}

/** Installs a fetch that answers `${METHOD} ${path}` keys (path without query unless the key has one). */
export function stubFetch(routes: Record<string, Handler | { status?: number; body?: unknown }>): FetchStub {
  const stub: FetchStub = { calls: [] };
  inFlight = 0;
  const respond = async (input: RequestInfo | URL, init?: RequestInit) => {
    // Without a session the API client sends owner reads to their public demo twins; answer both alike.
    const url = String(input).replace(/^\/api\/demo\//, '/api/');
    const method = init?.method ?? 'GET';
    stub.calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    const withQuery = `${method} ${url}`;
    const withoutQuery = `${method} ${url.split('?')[0]}`;
    const route = routes[withQuery] ?? routes[withoutQuery];
    const answer = typeof route === 'function' ? route(init, url) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer?.body ?? (answer ? null : { error: { code: 'not_found', message: 'not found' } });
    return { ok: status >= 200 && status < 300, status, text: async () => (body === null || body === undefined ? '' : JSON.stringify(body)) } as Response;
  };
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    inFlight++;
    return respond(input, init).finally(() => inFlight--);
  }) as unknown as typeof fetch;
  return stub;
}

export function renderRoute(element: ReactElement, { path = '/', at = '/' }: { path?: string; at?: string } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
