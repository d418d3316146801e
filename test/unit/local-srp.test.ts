// The local identity provider's SRP-6a against vectors computed by AWS's own client
// (amazon-cognito-identity-js AuthenticationHelper, see test/fixtures/cognito-srp-vectors.json):
// the same A, key and claim signature from the same secrets, and a server that accepts the
// reference client's claim.
import vectors from '../fixtures/cognito-srp-vectors.json';
import { K, N, claimSignature, clientA, clientKey, createVerifier, padHex, parseSrpTimestamp, serverB, serverKey, srpTimestamp } from '../../scripts/local/srp';

const big = (hex: string) => BigInt(`0x${hex}`);

describe('Cognito SRP-6a', () => {
  it('pads hex as Java BigInteger.toByteArray does', () => {
    expect(padHex(0x14n)).toBe('14');
    expect(padHex(0xecn)).toBe('00ec');
    expect(padHex(0x1234n)).toBe('1234');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(N).startsWith('00ffffffff')).toBe(true);
  });

  it("computes k, A, the key and the claim exactly as AWS's client", () => {
    const v = vectors.clientOnly;
    expect(K.toString(16)).toBe(v.k);
    const { A } = clientA(big(v.a));
    expect(A.toString(16)).toBe(v.A);
    const key = clientKey({ a: big(v.a), A, B: big(v.B), saltHex: v.salt, poolName: v.poolName, username: v.username, password: v.password });
    expect(key.toString('hex')).toBe(v.hkdf);
    expect(claimSignature(key, v.poolName, v.username, v.secretBlock, v.timestamp)).toBe(v.signature);
  });

  it("stores the verifier AWS's client implies and accepts the reference client's claim", () => {
    const v = vectors.handshake;
    const { verifier } = createVerifier(v.poolName, v.username, v.password, v.salt);
    expect(verifier).toBe(v.verifier);
    const { B } = serverB(verifier, big(v.b));
    expect(B.toString(16)).toBe(v.B);
    const key = serverKey({ A: big(v.A), B, b: big(v.b), verifierHex: verifier });
    expect(key.toString('hex')).toBe(v.hkdf);
    expect(claimSignature(key, v.poolName, v.username, v.secretBlock, v.timestamp)).toBe(v.signature);
  });

  it('agrees with itself on random secrets and disagrees on a wrong password', () => {
    const { salt, verifier } = createVerifier('LocalPool', 'buyer', 'buyer-demo');
    const { a, A } = clientA();
    const { b, B } = serverB(verifier);
    const server = serverKey({ A, B, b, verifierHex: verifier });
    expect(clientKey({ a, A, B, saltHex: salt, poolName: 'LocalPool', username: 'buyer', password: 'buyer-demo' }).equals(server)).toBe(true);
    expect(clientKey({ a, A, B, saltHex: salt, poolName: 'LocalPool', username: 'buyer', password: 'buyer-demO' }).equals(server)).toBe(false);
  });

  it('refuses A = 0 mod N (which would make the key independent of the password)', () => {
    const { verifier } = createVerifier('LocalPool', 'u', 'p');
    const { b, B } = serverB(verifier);
    expect(() => serverKey({ A: N, B, b, verifierHex: verifier })).toThrow('A mod N is 0');
    expect(() => serverKey({ A: 0n, B, b, verifierHex: verifier })).toThrow('A mod N is 0');
  });

  it('writes and reads the timestamp format "EEE MMM d HH:mm:ss UTC yyyy"', () => {
    expect(srpTimestamp(new Date(Date.UTC(2026, 10, 3, 8, 5, 9)))).toBe('Tue Nov 3 08:05:09 UTC 2026');
    expect(srpTimestamp(new Date(Date.UTC(2026, 0, 10, 23, 59, 1)))).toBe('Sat Jan 10 23:59:01 UTC 2026');
    expect(parseSrpTimestamp('Tue Nov 3 08:05:09 UTC 2026')).toBe(Date.UTC(2026, 10, 3, 8, 5, 9));
    expect(parseSrpTimestamp('Tue Nov 03 08:05:09 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('Wed Nov 3 08:05:09 UTC 2026')).toBeNull();
    expect(parseSrpTimestamp('2026-11-03T08:05:09Z')).toBeNull();
  });
});
