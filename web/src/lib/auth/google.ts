// Google sign-in through the Cognito hosted UI: the authorization code flow with PKCE. The start
// keeps the verifier, state, Remember me and the page to return to in sessionStorage; the return
// to /login?code=&state= exchanges the code at the hosted domain's /oauth2/token.
import { sessionFromResult, applySession, type Session } from '@/lib/auth/session-store';
import { authConfig } from '@/lib/auth/cognito-tokens';
import { CognitoError } from '@/lib/auth/cognito-error';

const OAUTH_KEY = 'drift.oauth';

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
  const body = (await response.json().catch(() => ({}))) as { id_token?: string; access_token?: string; refresh_token?: string; expires_in?: number };
  if (!response.ok || !body.id_token || !body.access_token) throw new CognitoError('NotAuthorizedException', 'Google sign-in failed. Please try again.');
  const session = sessionFromResult(
    { IdToken: body.id_token, AccessToken: body.access_token, RefreshToken: body.refresh_token, ExpiresIn: body.expires_in ?? 3600 },
    saved.remember === true,
  );
  applySession(session);
  return { session, next: saved.next };
}
