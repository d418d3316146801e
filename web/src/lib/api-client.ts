// The one HTTP client of the web app: same-origin /api calls, JSON in and out, typed errors.
// It also owns who may read what: the ID token goes along as a bearer token when someone is
// signed in, and owner-only reads (an athlete's orders, a collective's stats, my orders and collection) are sent
// to the public demo twins when the caller does not own them, so features call one path only.
import type { ApiErrorBody } from '@shared/platform/http-api';
import { API_BASE } from '@/config/api';
import { freshIdToken, getSession, groupsOf, refreshSession, type Session } from '@/lib/auth/session-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const ATHLETE_READ = /^\/athletes\/(\d+)\/(orders|donations)(?=$|\?)/;
const COLLECTIVE_READ = /^\/collectives\/(\d+)\/(stats|transactions)(?=$|\?)/;
/** The buyer's own reads (their orders, one order, their collection): the demo buyer's twin when nobody is signed in. */
const MY_READ = /^\/me\/(orders|collection)(?=$|\?|\/)/;

/**
 * The path actually requested for `path`: owner reads go to `/demo/...` unless the session owns
 * them. Athlete reads by a collective member go to the owner route (the server checks membership).
 */
export function resolveApiPath(path: string, method: string, session: Session | null): string {
  if (method.toUpperCase() !== 'GET') return path;
  const groups = groupsOf(session);
  const athlete = ATHLETE_READ.exec(path);
  if (athlete) {
    const owns = groups.includes('collective') || (groups.includes('athlete') && session?.claims['custom:athleteId'] === athlete[1]);
    return owns ? path : `/demo${path}`;
  }
  const collective = COLLECTIVE_READ.exec(path);
  if (collective) {
    const owns = groups.includes('collective') && session?.claims['custom:collectiveId'] === collective[1];
    return owns ? path : `/demo${path}`;
  }
  if (MY_READ.test(path)) return session ? path : `/demo${path}`;
  return path;
}

async function send(path: string, init: RequestInit, token: string | null): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${path}`, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const token = await freshIdToken();
  let response = await send(resolveApiPath(path, method, getSession()), init, token);
  if (response.status === 401 && token) {
    // The token may have been revoked or expired in flight: refresh once and retry; a failed
    // refresh signs out, and the retry then goes to the public twin where there is one.
    const refreshed = await refreshSession();
    response = await send(resolveApiPath(path, method, refreshed), init, refreshed?.idToken ?? null);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const error = (body as ApiErrorBody | null)?.error;
    const fallback =
      response.status === 401 ? 'Sign in to continue.' : response.status === 403 ? 'You do not have access to this.' : `Request failed (${response.status})`;
    const code = error?.code ?? (response.status === 401 ? 'unauthorized' : 'http_error');
    throw new ApiError(response.status, code, error?.message ?? fallback, error?.fields ?? {});
  }
  return body as T;
}

export const apiSend = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown, headers?: Record<string, string>) =>
  apiFetch<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body), headers });

/** A write that must happen once: its submission's key (components/form/use-form-submit.ts) as the
 * Idempotency-Key header, and in the body (`idempotencyKey`) for the routes that read it there. */
export const apiSendOnce = <T>(path: string, method: 'POST' | 'PUT', body: Record<string, unknown>, idempotencyKey: string) =>
  apiSend<T>(path, method, { ...body, idempotencyKey }, { 'Idempotency-Key': idempotencyKey });
