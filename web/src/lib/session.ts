// The signed-in session: Cognito tokens and the decoded ID-token claims in a tiny external store
// (useSyncExternalStore). "Remember me" keeps it in localStorage across browser restarts,
// otherwise sessionStorage (this tab only). Tokens are refreshed with REFRESH_TOKEN_AUTH shortly
// before they expire (a timer) and once on a 401 (api-client); a failed refresh signs out.
import { useSyncExternalStore } from 'react';
import { CognitoError, cognitoCall, signInWithSrp, type AuthenticationResult, type CodeDeliveryDetails } from './cognito-client';
import { loadRuntimeConfig, type AuthConfig } from './runtime-config';

export type UserGroup = 'buyer' | 'athlete' | 'collective';

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
const OAUTH_KEY = 'drift.oauth';
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
  return Array.isArray(groups) ? (groups.filter((g) => g === 'buyer' || g === 'athlete' || g === 'collective') as UserGroup[]) : [];
}

/** The name shown for the signed-in user. */
export function displayName(session: Session): string {
  return session.claims['cognito:username'] ?? session.claims.email ?? 'your account';
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

function setSession(next: Session | null): void {
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

export function sessionFromResult(result: AuthenticationResult, remember: boolean, refreshToken = result.RefreshToken ?? ''): Session {
  const claims = decodeJwt<IdClaims>(result.IdToken);
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + result.ExpiresIn * 1000;
  return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken, expiresAt, remember, claims };
}

/** Installs a session directly (Google sign-in, tests). */
export function applySession(session: Session | null): void {
  setSession(session);
}

async function authConfig(): Promise<AuthConfig> {
  const config = await loadRuntimeConfig();
  if (!config.auth) throw new CognitoError('AuthUnavailable', 'Sign-in is not available right now. Please try again later.');
  return config.auth;
}

/** True when the deployment has sign-in (false: the open demo only). */
export async function authEnabled(): Promise<boolean> {
  return (await loadRuntimeConfig()).auth !== null;
}

export async function signIn(username: string, password: string, remember: boolean): Promise<Session> {
  const auth = await authConfig();
  // SRP: the password never leaves the browser (the user pool client allows no USER_PASSWORD_AUTH).
  const result = await signInWithSrp(auth.endpoint, auth, username.trim(), password);
  if (!result.AuthenticationResult) throw new CognitoError('ChallengeRequired', 'This account needs an extra sign-in step that this app does not support yet.');
  const session = sessionFromResult(result.AuthenticationResult, remember);
  setSession(session);
  return session;
}

export async function refreshSession(): Promise<Session | null> {
  if (!current) return null;
  if (!refreshing) {
    const started = current;
    refreshing = (async () => {
      try {
        const auth = await authConfig();
        const result = await cognitoCall<{ AuthenticationResult: AuthenticationResult }>(auth.endpoint, 'InitiateAuth', {
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: auth.clientId,
          AuthParameters: { REFRESH_TOKEN: started.refreshToken },
        });
        // Signed out (or in as someone else) meanwhile: do not bring the old session back.
        if (current?.refreshToken !== started.refreshToken) return current;
        // REFRESH_TOKEN_AUTH returns no new refresh token: keep the one we have.
        const next = sessionFromResult(result.AuthenticationResult, started.remember, result.AuthenticationResult.RefreshToken ?? started.refreshToken);
        setSession(next);
        return next;
      } catch (error) {
        if (current?.refreshToken !== started.refreshToken) return current;
        if (error instanceof CognitoError && error.type === 'NetworkError' && current.expiresAt > Date.now()) {
          schedule(NETWORK_RETRY_MS);
          return current;
        }
        setSession(null);
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

export async function signOut(): Promise<void> {
  const session = current;
  setSession(null);
  if (!session) return;
  try {
    const auth = await authConfig();
    try {
      await cognitoCall(auth.endpoint, 'GlobalSignOut', { AccessToken: session.accessToken });
    } catch {
      // The access token may have expired: revoking the refresh token still ends the session.
      await cognitoCall(auth.endpoint, 'RevokeToken', { Token: session.refreshToken, ClientId: auth.clientId });
    }
  } catch {
    // Signed out locally either way; the tokens expire on their own.
  }
}

export interface SignUpInput {
  username: string;
  email: string;
  password: string;
}

export async function signUp(input: SignUpInput): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'SignUp', {
    ClientId: auth.clientId,
    Username: input.username.trim(),
    Password: input.password,
    UserAttributes: [{ Name: 'email', Value: input.email.trim() }],
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function confirmSignUp(username: string, code: string): Promise<void> {
  const auth = await authConfig();
  await cognitoCall(auth.endpoint, 'ConfirmSignUp', { ClientId: auth.clientId, Username: username.trim(), ConfirmationCode: code.trim() });
}

export async function resendSignUpCode(username: string): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'ResendConfirmationCode', {
    ClientId: auth.clientId,
    Username: username.trim(),
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function forgotPassword(username: string): Promise<CodeDeliveryDetails> {
  const auth = await authConfig();
  const result = await cognitoCall<{ CodeDeliveryDetails?: CodeDeliveryDetails }>(auth.endpoint, 'ForgotPassword', {
    ClientId: auth.clientId,
    Username: username.trim(),
  });
  return result.CodeDeliveryDetails ?? {};
}

export async function confirmForgotPassword(username: string, code: string, password: string): Promise<void> {
  const auth = await authConfig();
  await cognitoCall(auth.endpoint, 'ConfirmForgotPassword', {
    ClientId: auth.clientId,
    Username: username.trim(),
    ConfirmationCode: code.trim(),
    Password: password,
  });
}

// Google through the Cognito hosted UI: authorization code with PKCE, exchanged on return to /login.

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const hostOf = (domain: string) => domain.replace(/^https?:\/\//, '').replace(/\/+$/, '');

export async function startGoogleSignIn({ remember, next }: { remember: boolean; next?: string }): Promise<void> {
  const auth = await authConfig();
  if (!auth.googleEnabled || !auth.oauthDomain) throw new CognitoError('AuthUnavailable', 'Google sign-in is not available.');
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = base64Url(crypto.getRandomValues(new Uint8Array(16)));
  window.sessionStorage.setItem(OAUTH_KEY, JSON.stringify({ state, verifier, remember, next }));
  const params = new URLSearchParams({
    identity_provider: 'Google',
    response_type: 'code',
    client_id: auth.clientId,
    redirect_uri: `${window.location.origin}/login`,
    scope: 'openid email profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  window.location.assign(`https://${hostOf(auth.oauthDomain)}/oauth2/authorize?${params.toString()}`);
}

/** Exchanges the code the hosted UI sent back to /login; returns where to go next. */
export async function completeGoogleSignIn(code: string, state: string): Promise<{ session: Session; next?: string }> {
  const auth = await authConfig();
  let saved: { state?: string; verifier?: string; remember?: boolean; next?: string } | null = null;
  try {
    saved = JSON.parse(window.sessionStorage.getItem(OAUTH_KEY) ?? 'null');
    window.sessionStorage.removeItem(OAUTH_KEY);
  } catch {
    saved = null;
  }
  if (!saved?.verifier || saved.state !== state || !auth.oauthDomain)
    throw new CognitoError('InvalidState', 'The Google sign-in could not be verified. Please try again.');
  let response: Response;
  try {
    response = await fetch(`https://${hostOf(auth.oauthDomain)}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: auth.clientId,
        code,
        redirect_uri: `${window.location.origin}/login`,
        code_verifier: saved.verifier,
      }).toString(),
    });
  } catch (cause) {
    throw new CognitoError('NetworkError', cause instanceof Error ? cause.message : 'Network error');
  }
  const body = (await response.json().catch(() => ({}))) as {
    id_token?: string;
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    error?: string;
  };
  if (!response.ok || !body.id_token || !body.access_token) throw new CognitoError('NotAuthorizedException', 'Google sign-in failed. Please try again.');
  const session = sessionFromResult(
    { IdToken: body.id_token, AccessToken: body.access_token, RefreshToken: body.refresh_token, ExpiresIn: body.expires_in ?? 3600 },
    saved.remember === true,
  );
  setSession(session);
  return { session, next: saved.next };
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
