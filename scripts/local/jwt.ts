// RS256 JSON Web Tokens with node:crypto: what the local Cognito signs and what local mode's
// authorizer verifies (signature, issuer, audience/client, token use, expiry, not-before and
// issued-at with a small clock-skew allowance), as API Gateway's JWT authorizer does in AWS.
import { createPublicKey, createSign, createVerify, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function generateSigningKey(kid: string): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}

export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: key.kid }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key.privateKey);
  return `${header}.${payload}.${b64url(signature)}`;
}

export class JwtError extends Error {}

export interface VerifyOptions {
  issuer: string;
  /** Accepted client ids: matched against `aud` (ID tokens) or `client_id` (access tokens). */
  audience: string[];
  jwks: Array<JsonWebKey & { kid?: string }>;
  /** Accepted `token_use` values (Cognito: 'id' tokens carry `aud`, 'access' tokens `client_id`). */
  tokenUse?: Array<'id' | 'access'>;
  now?: number;
  /** How far `iat`/`nbf` may lie in the future (clocks differ a little). */
  clockSkewSeconds?: number;
}

export const DEFAULT_CLOCK_SKEW_SECONDS = 60;

export function verifyJwt(token: string, options: VerifyOptions): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed token');
  const [h, p, s] = parts;
  let header: { alg?: string; kid?: string };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed token');
  }
  if (header.alg !== 'RS256') throw new JwtError('unexpected algorithm');
  const jwk = options.jwks.find((k) => k.kid === header.kid);
  if (!jwk) throw new JwtError('unknown signing key');
  const ok = createVerify('RSA-SHA256')
    .update(`${h}.${p}`)
    .verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s, 'base64url'));
  if (!ok) throw new JwtError('bad signature');
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new JwtError('malformed token');
  if (claims.iss !== options.issuer) throw new JwtError('wrong issuer');
  const audience = typeof claims.aud === 'string' ? claims.aud : typeof claims.client_id === 'string' ? claims.client_id : undefined;
  if (!audience || !options.audience.includes(audience)) throw new JwtError('wrong audience');
  if (options.tokenUse) {
    const use = claims.token_use;
    if (use !== 'id' && use !== 'access') throw new JwtError('wrong token use');
    if (!options.tokenUse.includes(use)) throw new JwtError('wrong token use');
    // An ID token names its client in `aud`, an access token in `client_id`: no mixing.
    if (use === 'id' ? typeof claims.aud !== 'string' : typeof claims.client_id !== 'string' || claims.aud !== undefined) throw new JwtError('wrong token use');
  }
  const now = Math.floor((options.now ?? Date.now()) / 1000);
  const skew = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new JwtError('expired');
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now + skew)) throw new JwtError('not yet valid');
  if (claims.iat !== undefined && (typeof claims.iat !== 'number' || claims.iat > now + skew)) throw new JwtError('issued in the future');
  return claims;
}
