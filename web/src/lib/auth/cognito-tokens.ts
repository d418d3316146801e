// The user pool's configuration and the token calls the session store makes (lib/auth/session-store.ts
// loads this module on demand, the first time a token is refreshed or revoked): REFRESH_TOKEN_AUTH
// and the sign-out's revocation. It knows no session store, so that store and the sign-in calls
// (lib/auth/cognito.ts, which installs a session) import each other in one direction only.
import { loadRuntimeConfig, type AuthConfig } from '@/lib/runtime-config';
import { cognitoCall, type AuthenticationResult } from '@/lib/auth/cognito-client';
import { CognitoError } from '@/lib/auth/cognito-error';

/** The user pool from /config.json; AuthUnavailable in a deployment without one (the open demo). */
export async function authConfig(): Promise<AuthConfig> {
  const config = await loadRuntimeConfig();
  if (!config.auth) throw new CognitoError('AuthUnavailable', 'Sign-in is not available right now. Please try again later.');
  return config.auth;
}

/** REFRESH_TOKEN_AUTH: new ID and access tokens (the session store decides what to keep). */
export async function refreshTokens(refreshToken: string): Promise<AuthenticationResult> {
  const auth = await authConfig();
  const result = await cognitoCall<{ AuthenticationResult: AuthenticationResult }>(auth.endpoint, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: auth.clientId,
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  return result.AuthenticationResult;
}

/** Ends a session at Cognito: GlobalSignOut, or revoking the refresh token when the access token has expired. */
export async function revokeTokens(tokens: { accessToken: string; refreshToken: string }): Promise<void> {
  const auth = await authConfig();
  try {
    await cognitoCall(auth.endpoint, 'GlobalSignOut', { AccessToken: tokens.accessToken });
  } catch {
    await cognitoCall(auth.endpoint, 'RevokeToken', { Token: tokens.refreshToken, ClientId: auth.clientId });
  }
}
