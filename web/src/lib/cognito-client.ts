// The Cognito user-pool JSON API (the subset the web app uses), called with fetch: no SDK, so the
// first page stays small. The same calls reach Amazon Cognito in AWS and the local Cognito of
// local mode; only the endpoint in /config.json differs.

export class CognitoError extends Error {
  constructor(
    /** Cognito's __type, e.g. NotAuthorizedException; 'NetworkError' when the call never arrived. */
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'CognitoError';
  }
}

export interface AuthenticationResult {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
}

export interface CodeDeliveryDetails {
  Destination?: string;
  DeliveryMedium?: string;
}

/** Local mode serves its Cognito on the page's origin: use the path so the Vite dev proxy also works. */
export function resolveEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    if (url.pathname.startsWith('/local-cognito/') && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) return url.pathname;
  } catch {
    // already relative
  }
  return endpoint;
}

export async function cognitoCall<T>(endpoint: string, operation: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(resolveEndpoint(endpoint), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify(body),
    });
  } catch (cause) {
    throw new CognitoError('NetworkError', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  if (!response.ok) {
    // Cognito's __type may carry a namespace prefix ("com.amazonaws...#NotAuthorizedException").
    const type = String(parsed.__type ?? response.headers?.get?.('x-amzn-errortype') ?? 'UnknownError').split('#').pop()!.split(':')[0];
    throw new CognitoError(type, String(parsed.message ?? parsed.Message ?? `Request failed (${response.status})`));
  }
  return parsed as T;
}
