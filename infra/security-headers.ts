// The security response headers of the web app, defined once: CloudFront's response headers
// policy (infra/constructs/site.ts) and the local server (scripts/local/server.ts) both send
// these values, so local mode and the browser tests exercise the policy that production serves.
// Pure module (no CDK imports): inputs may be CDK tokens when the stack builds the policy.
//
// What the app loads (checked against web/src):
// - everything of its own from the same origin: the Vite build (module scripts, CSS, lazy chunks),
//   /api, /config.json, /images, /uploads, the pitch PDF in an iframe and, in local mode, the
//   Cognito stand-in at /local-cognito/;
// - Cognito's user-pool API (fetch to https://cognito-idp.<region>.amazonaws.com/) and, with
//   Google sign-in, the hosted domain: the browser navigates there to sign in, and the app then
//   fetches /oauth2/token from it (web/src/lib/auth/google.ts), so it is a connect-src too;
// - collectives' image uploads: a presigned PUT straight to the uploads bucket (connect-src), a
//   blob: preview of the chosen file (img-src);
// - only when a Shopify store is configured at build time (VITE_SHOPIFY_STORE_DOMAIN): the Buy
//   Button SDK from https://sdks.shopifycdn.com, which calls the store's Storefront API, shows
//   product images from https://cdn.shopify.com, compiles its templates at run time (Hogan's
//   `new Function`, hence 'unsafe-eval') and styles its same-origin about:blank iframes with
//   <style> elements (hence style-src 'unsafe-inline'). Without a store none of these relaxations
//   is in the policy.

export interface SecurityHeaderInputs {
  /** AWS region of the Cognito user pool (the user-pool API is fetched there). Omit in local mode. */
  readonly cognitoRegion?: string;
  /** Cognito hosted domain for Google sign-in (host name, no scheme), when Google is configured. */
  readonly oauthDomain?: string;
  /** Shopify store host (VITE_SHOPIFY_STORE_DOMAIN) when the Buy Button is built in. */
  readonly shopifyStoreDomain?: string;
  /** Host of the uploads bucket as presigned URLs name it (bucket.s3.region.amazonaws.com). */
  readonly uploadHost?: string;
}

export const SHOPIFY_SDK_ORIGIN = 'https://sdks.shopifycdn.com';
export const SHOPIFY_CDN_ORIGIN = 'https://cdn.shopify.com';
/** Two years, the preload list's recommendation. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Same origin may frame us: the app shows its own pitch PDF in an iframe. */
export const FRAME_OPTIONS = 'SAMEORIGIN';

const HOST = /^[a-z0-9][a-z0-9.-]*\.[a-z]{2,}$/i;

/** Refuses anything that is not a plain host name (a header value must not be injectable). */
function host(name: string, value: string): string {
  if (!HOST.test(value)) throw new Error(`${name} is not a host name: ${value}`);
  return value;
}

/** A CDK token (e.g. "${Token[AWS.Region.12]}") cannot be checked here; CloudFormation resolves it. */
const isToken = (value: string) => value.includes('${Token[');

function checked(value: string | undefined, check: (v: string) => string): string | undefined {
  if (value === undefined || value === '') return undefined;
  return isToken(value) ? value : check(value);
}

/** The Content-Security-Policy header value. */
export function contentSecurityPolicy(inputs: SecurityHeaderInputs = {}): string {
  const region = checked(inputs.cognitoRegion, (v) => {
    if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(v)) throw new Error(`cognitoRegion is not an AWS region: ${v}`);
    return v;
  });
  const oauth = checked(inputs.oauthDomain, (v) => host('oauthDomain', v));
  const store = checked(inputs.shopifyStoreDomain, (v) => host('shopifyStoreDomain', v));
  const upload = checked(inputs.uploadHost, (v) => host('uploadHost', v));

  const connect = ["'self'"];
  if (region) connect.push(`https://cognito-idp.${region}.amazonaws.com`);
  if (oauth) connect.push(`https://${oauth}`);
  if (upload) connect.push(`https://${upload}`);
  if (store) connect.push(`https://${store}`);

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': store ? ["'self'", SHOPIFY_SDK_ORIGIN, "'unsafe-eval'"] : ["'self'"],
    'style-src': store ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': store ? ["'self'", 'data:', 'blob:', SHOPIFY_CDN_ORIGIN] : ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': connect,
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Every security header, as the local server sends them (CloudFront sets the same values). */
export function securityHeaders(inputs: SecurityHeaderInputs = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(inputs),
    'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
  };
}
