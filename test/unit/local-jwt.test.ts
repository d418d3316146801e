// Local mode's JWT verification (what API Gateway's JWT authorizer checks): issued-at and
// not-before in the future beyond a small clock skew, and the token use of Cognito's tokens.
import { generateSigningKey, signJwt, verifyJwt, type VerifyOptions } from '../../scripts/local/jwt';

const key = generateSigningKey('k1');
const NOW = Date.UTC(2026, 10, 3, 8, 0, 0);
const now = NOW / 1000;
const options: VerifyOptions = { issuer: 'https://issuer/pool', audience: ['client'], jwks: [key.publicJwk], now: NOW };
const id = (claims: Record<string, unknown> = {}) =>
  signJwt({ iss: 'https://issuer/pool', aud: 'client', token_use: 'id', sub: 's', iat: now, exp: now + 600, ...claims }, key);
const access = (claims: Record<string, unknown> = {}) =>
  signJwt({ iss: 'https://issuer/pool', client_id: 'client', token_use: 'access', sub: 's', iat: now, exp: now + 600, ...claims }, key);

describe('verifyJwt', () => {
  it('accepts a current token', () => {
    expect(verifyJwt(id(), options).sub).toBe('s');
    expect(verifyJwt(access(), { ...options, tokenUse: ['access'] }).sub).toBe('s');
  });

  it('refuses a token issued in the future beyond the clock skew (60 s)', () => {
    expect(() => verifyJwt(id({ iat: now + 3600 }), options)).toThrow('issued in the future');
    expect(() => verifyJwt(id({ iat: now + 61 }), options)).toThrow('issued in the future');
    expect(verifyJwt(id({ iat: now + 60 }), options).sub).toBe('s');
    expect(() => verifyJwt(id({ iat: now + 10 }), { ...options, clockSkewSeconds: 5 })).toThrow('issued in the future');
    expect(() => verifyJwt(id({ iat: String(now) }), options)).toThrow('issued in the future');
  });

  it('refuses a token not valid yet, and a non-numeric nbf', () => {
    expect(() => verifyJwt(id({ nbf: now + 3600 }), options)).toThrow('not yet valid');
    expect(() => verifyJwt(id({ nbf: 'soon' }), options)).toThrow('not yet valid');
    expect(verifyJwt(id({ nbf: now - 5 }), options).sub).toBe('s');
  });

  it('refuses expired tokens', () => {
    expect(() => verifyJwt(id({ exp: now }), options)).toThrow('expired');
    expect(() => verifyJwt(id({ exp: undefined }), options)).toThrow('expired');
  });

  it('holds token_use to what the caller accepts, and to the claim naming the client', () => {
    expect(() => verifyJwt(id(), { ...options, tokenUse: ['access'] })).toThrow('wrong token use');
    expect(() => verifyJwt(access(), { ...options, tokenUse: ['id'] })).toThrow('wrong token use');
    expect(() => verifyJwt(id({ token_use: undefined }), { ...options, tokenUse: ['id', 'access'] })).toThrow('wrong token use');
    expect(() => verifyJwt(id({ token_use: 'access' }), { ...options, tokenUse: ['id', 'access'] })).toThrow('wrong token use');
    expect(() => verifyJwt(access({ token_use: 'id' }), { ...options, tokenUse: ['id', 'access'] })).toThrow('wrong token use');
    expect(verifyJwt(access(), { ...options, tokenUse: ['id', 'access'] }).token_use).toBe('access');
  });

  it('still checks signature, issuer and audience', () => {
    const other = generateSigningKey('k1');
    expect(() => verifyJwt(signJwt({ iss: 'https://issuer/pool', aud: 'client', exp: now + 600 }, other), options)).toThrow('bad signature');
    expect(() => verifyJwt(id({ iss: 'https://evil/pool' }), options)).toThrow('wrong issuer');
    expect(() => verifyJwt(id({ aud: 'other' }), options)).toThrow('wrong audience');
  });
});
