// The signed-in session: Cognito tokens and the decoded ID-token claims in a tiny external store
// (useSyncExternalStore). "Remember me" keeps it in localStorage across browser restarts,
// otherwise sessionStorage (this tab only); another tab signing in or out with Remember me is
// followed through the storage event. Tokens are refreshed shortly before they expire (a timer)
// and once on a 401 (lib/api-client.ts); a failed refresh signs out.
//
// This module is part of the first page, so it holds no Cognito code: the token calls
// (lib/auth/cognito-tokens.ts) load on demand, the first time a token is refreshed or revoked.
// The sign-in calls (lib/auth/cognito.ts, with the SRP maths) install a session here; this module
// never imports them.
import { useSyncExternalStore } from 'react';
import type { AuthenticationResult } from '@/lib/auth/cognito-client';
import { CognitoError } from '@/lib/auth/cognito-error';

export type UserGroup = 'buyer' | 'athlete' | 'collective' | 'operator';

export interface IdClaims {
  sub: string;
  exp: number;
  email?: string;
  email_verified?: boolean;
  'cognito:username'?: string;
  'cognito:groups'?: string[];
  'custom:athleteId'?: string;
  'custom:collectiveId'?: string;
}

export interface Session {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** When the ID token expires (ms since the epoch). */
  expiresAt: number;
  remember: boolean;
  claims: IdClaims;
}

export const SESSION_KEY = 'drift.session';
/** Refresh this long before the ID token expires. */
export const REFRESH_MARGIN_MS = 60_000;
const NETWORK_RETRY_MS = 30_000;

/** Decodes a JWT's payload (no verification: the API verifies; the web only reads the claims). */
export function decodeJwt<T = Record<string, unknown>>(token: string): T {
  const part = token.split('.')[1] ?? '';
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}

export function groupsOf(session: Session | null): UserGroup[] {
  const groups = session?.claims['cognito:groups'];
  return Array.isArray(groups) ? (groups.filter((g) => g === 'buyer' || g === 'athlete' || g === 'collective' || g === 'operator') as UserGroup[]) : [];
}

/** The name shown for the signed-in user. */
export function displayName(session: Session): string {
  return session.claims['cognito:username'] ?? session.claims.email ?? 'your account';
}

export function sessionFromResult(result: AuthenticationResult, remember: boolean, refreshToken = result.RefreshToken ?? ''): Session {
  const claims = decodeJwt<IdClaims>(result.IdToken);
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + result.ExpiresIn * 1000;
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken, expiresAt, remember, claims };
}

function storages(): Storage[] {
  const found: Storage[] = [];
  try {
    found.push(window.localStorage);
  } catch {
    // storage disabled
  }
  try {
    found.push(window.sessionStorage);
  } catch {
    // storage disabled
  }
  return found;
}

function isSession(value: unknown): value is Session {
  const s = value as Session | null;
  return (
    !!s &&
    typeof s.idToken === 'string' &&
    typeof s.accessToken === 'string' &&
    typeof s.refreshToken === 'string' &&
    typeof s.expiresAt === 'number' &&
    typeof s.claims?.sub === 'string'
  );
}

function readStored(): Session | null {
  if (typeof window === 'undefined') return null;
  for (const storage of storages()) {
    try {
      const raw = storage.getItem(SESSION_KEY);
      if (!raw) continue;
      const parsed: unknown = JSON.parse(raw);
      if (isSession(parsed)) return parsed;
      storage.removeItem(SESSION_KEY);
    } catch {
      // unreadable entry: ignore
    }
  }
  return null;
}

function writeStored(session: Session | null): void {
  try {
    const [local, tab] = [window.localStorage, window.sessionStorage];
    local.removeItem(SESSION_KEY);
    tab.removeItem(SESSION_KEY);
    if (session) (session.remember ? local : tab).setItem(SESSION_KEY, JSON.stringify(session));
  } catch {
    // Private mode without storage: the session lives for this page view only.
  }
}

let current: Session | null = readStored();
let timer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<Session | null> | null = null;
const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((l) => l());
}

function schedule(delay: number) {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (!current || typeof window === 'undefined') return;
  timer = setTimeout(() => void refreshSession(), Math.min(Math.max(0, delay), 2_147_483_647));
}

function scheduleRefresh() {
  if (current) schedule(current.expiresAt - Date.now() - REFRESH_MARGIN_MS);
  else schedule(0);
}

/** Installs a session (sign-in, Google's return, a refresh, tests) or signs out locally (null). */
export function applySession(next: Session | null): void {
  current = next;
  writeStored(next);
  scheduleRefresh();
  notify();
}

export const getSession = (): Session | null => current;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session; null while hydrating prerendered HTML (the build renders signed out). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** Who is signed in ('' when nobody): changes exactly when cached data must be dropped. */
export function useSessionIdentity(): string {
  return useSyncExternalStore(
    subscribeSession,
    () => current?.claims.sub ?? '',
    () => '',
  );
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out with "Remember me": follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const stored = readStored();
    if (stored?.idToken === current?.idToken) return;
    current = stored;
    scheduleRefresh();
    notify();
  });
  scheduleRefresh();
}

/** Exchanges the refresh token for fresh tokens (once at a time); a failed refresh signs out. */
export async function refreshSession(): Promise<Session | null> {
  if (!current) return null;
  if (!refreshing) {
    const started = current;
    refreshing = (async () => {
      try {
        const { refreshTokens } = await import('@/lib/auth/cognito-tokens');
        const result = await refreshTokens(started.refreshToken);
        // Signed out (or in as someone else) meanwhile: do not bring the old session back.
        if (current?.refreshToken !== started.refreshToken) return current;
        // REFRESH_TOKEN_AUTH returns no new refresh token: keep the one we have.
        const next = sessionFromResult(result, started.remember, result.RefreshToken ?? started.refreshToken);
        applySession(next);
        return next;
      } catch (error) {
        if (current?.refreshToken !== started.refreshToken) return current;
        if (error instanceof CognitoError && error.type === 'NetworkError' && current.expiresAt > Date.now()) {
          schedule(NETWORK_RETRY_MS);
          return current;
        }
        applySession(null);
        return null;
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/** A usable ID token: refreshed first when it is about to expire. */
export async function freshIdToken(): Promise<string | null> {
  if (!current) return null;
  if (current.expiresAt - Date.now() < 10_000) return (await refreshSession())?.idToken ?? null;
  return current.idToken;
}

/** Signs out here at once, then revokes the tokens at Cognito (best effort). */
export async function signOut(): Promise<void> {
  const session = current;
  applySession(null);
  if (!session) return;
  try {
    const { revokeTokens } = await import('@/lib/auth/cognito-tokens');
    await revokeTokens(session);
  } catch {
    // Signed out locally either way; the tokens expire on their own.
  }
}

/** Tests only: drop timers and re-read storage. */
export function resetSessionForTests(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  refreshing = null;
  current = readStored();
  scheduleRefresh();
  notify();
}
