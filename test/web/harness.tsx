// The web tests' one harness: the one fetch fake (answering /api by route or by a handler, with
// every call recorded), a render of the app's routes or of one element in a memory router with a
// fresh SWR cache, waiting until the screen has settled, and signing in with an unsigned token.
// The fake Cognito (auth-helpers.ts) and the fake catalog API (entity-api.ts) answer through it.
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { SAMPLE_CATALOG } from '@shared/catalog/seed-data';
import { AppRoutes } from '@/app/router';
import { applySession, resetSessionForTests, sessionFromResult } from '@/lib/auth/session-store';

// ---- the fetch fake ----------------------------------------------------------------------------

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/** Answers a request by its path (as fetched, with its query); undefined: 404. */
export type ApiHandler = (path: string, init: RequestInit | undefined) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/** One route's answer, or a function of the request (`url`: the path, a demo twin's /demo taken out). */
export type Handler = (init: RequestInit | undefined, url: string) => FakeResponse | undefined;

/** Answers by `${METHOD} ${path}` (with the query when the key has one, else without). */
export type Routes = Record<string, Handler | FakeResponse>;

export interface FakeApi extends jest.Mock {
  /** Every request: its path (a demo twin's /demo taken out), method and JSON body. */
  calls: Array<{ url: string; method: string; body: unknown }>;
}

const NOT_FOUND: FakeResponse = { status: 404, body: { error: { code: 'not_found', message: 'not found' } } };

/** The public pages' reads: the sample catalog, empty orders and posts. */
export const catalogHandler: ApiHandler = (path) => {
  if (path === '/api/catalog') return { body: SAMPLE_CATALOG };
  if (/^\/api(\/demo)?\/me\/orders/.test(path)) return { body: { items: [], nextCursor: null } };
  if (/^\/api\/athletes\/\d+\/posts$/.test(path)) return { body: { items: [] } };
  return NOT_FOUND;
};

/** Without a session the API client sends owner reads to their public demo twins: routes answer both alike. */
const ownerPath = (path: string) => path.replace(/^\/api\/demo\//, '/api/');

function routeHandler(routes: Routes): ApiHandler {
  return (path, init) => {
    const url = ownerPath(path);
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    return typeof route === 'function' ? route(init, url) : route;
  };
}

function jsonBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Requests of the fake not answered yet. */
let inFlight = 0;

/** Installs the fetch fake: `answer` is a route table or a handler (by default the sample catalog's reads). */
export function fakeApi(answer: Routes | ApiHandler = catalogHandler): FakeApi {
  const handler = typeof answer === 'function' ? answer : routeHandler(answer);
  const calls: FakeApi['calls'] = [];
  inFlight = 0;
  const respond = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push({ url: ownerPath(path), method: init?.method ?? 'GET', body: jsonBody(init?.body) });
    const { status = 200, body } = (await handler(path, init)) ?? NOT_FOUND;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: { get: () => 'application/json' },
      text: async () => (body === null || body === undefined ? '' : JSON.stringify(body)),
      json: async () => body,
    } as unknown as Response;
  };
  const fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    inFlight++;
    return respond(input, init).finally(() => inFlight--);
  });
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  return Object.assign(fetch, { calls });
}

/** The paths the fake was asked for, as fetched. */
export const requestedPaths = (fetch: jest.Mock): string[] => fetch.mock.calls.map((c) => String(c[0]));

/**
 * Resolves once the screen has settled: every request it made through the fake is answered and
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

/** Lets `ms` pass (timers, answers) inside act(). */
export async function flush(ms = 0) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

// ---- rendering -----------------------------------------------------------------------------------

// jsdom has no scrollTo; the shell scrolls to top on every route change.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

function LocationProbe({ onLocation }: { onLocation: (l: Location) => void }) {
  onLocation(useLocation());
  return null;
}

interface RenderOptions {
  /** The app's routes: the history entry's state. */
  state?: unknown;
  /** One element: the route path it is rendered at ('/' by default)... */
  path?: string;
  /** ...and where the memory router starts ('/' by default); any other path shows "elsewhere". */
  at?: string;
}

/**
 * Renders, with a fresh SWR cache, either the app's routes (the same AppRoutes as the browser and
 * the prerender) at a path, or one element at a route; `location()` is where the router is now.
 */
export function renderRoute(target: string | ReactElement, { state, path = '/', at = '/' }: RenderOptions = {}) {
  let current: Location | null = null;
  const screen = isValidElement(target) ? (
    <Routes>
      <Route path={path} element={target} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>
  ) : (
    <AppRoutes />
  );
  const entry = typeof target === 'string' ? (state ? { pathname: target, state } : target) : at;
  const utils = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <MemoryRouter initialEntries={[entry]}>
        <LocationProbe onLocation={(l) => (current = l)} />
        {screen}
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

// ---- signing in --------------------------------------------------------------------------------

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with these claims (the web app reads claims, it never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'RS256', kid: 'test' })}.${b64url(claims)}.sig`;
}

/** Signs in with an ID token carrying `claims` (a verified email, an hour to live, unless they say otherwise). */
export function signIn(claims: Record<string, unknown>, { refreshToken = '' }: { refreshToken?: string } = {}): void {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const id: Record<string, unknown> = { email_verified: true, exp, ...claims };
  applySession(
    sessionFromResult({ IdToken: fakeJwt(id), AccessToken: fakeJwt({ sub: id.sub, exp: id.exp }), RefreshToken: refreshToken, ExpiresIn: 3600 }, false),
  );
}

/** Signs in as the athlete or the collective with this id. */
export function signInAs(group: 'athlete' | 'collective', id: number, claims: Record<string, unknown> = {}): void {
  signIn({
    sub: group === 'athlete' ? 'athlete-sub' : 'c1',
    email: `${group}@demo.local`,
    'cognito:groups': [group],
    [`custom:${group}Id`]: String(id),
    ...claims,
  });
}

/** No session and no session timers (after each test that signed in). */
export function signOut(): void {
  act(() => applySession(null));
  resetSessionForTests();
}

/** After a test of a signed-in screen: the screen has settled and is gone before the session is
 * (signing out under a mounted screen re-renders it after the test, outside act()). */
export async function settleAndSignOut(): Promise<void> {
  await settled();
  cleanup();
  signOut();
}
