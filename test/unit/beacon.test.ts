// The drand beacon check (shared/cards/beacon.ts): real quicknet rounds verify against the League of
// Entropy's published key with @noble/curves, a tampered round or randomness does not, and a draw
// names the first round at least N minutes after its close.
import { bls12_381 as bls } from '@noble/curves/bls12-381';
import { sha256 } from '@noble/hashes/sha256';
import { QUICKNET, beaconProblem, firstRoundAfter, roundPoint, roundTime, type ChainInfo } from '#shared/cards/beacon';
import { toHex } from '#shared/cards/draw';

// Quicknet's rounds 2 and 3 as its public API serves them (api.drand.sh/<chain>/public/2 and /3).
const ROUND_2 = 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807';
const ROUND_3 = 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64';
const round = (n: number, signature: string) => ({ round: n, signature, randomness: toHex(sha256(Buffer.from(signature, 'hex'))) });

describe('drand beacon', () => {
  it("verifies quicknet's real rounds against the chain's published key", () => {
    expect(beaconProblem(QUICKNET, round(2, ROUND_2))).toBeNull();
    expect(beaconProblem(QUICKNET, round(3, ROUND_3), 3)).toBeNull();
  });

  it('refuses a signature of another round, another randomness, another key or scheme, and says which', () => {
    expect(beaconProblem(QUICKNET, { ...round(3, ROUND_3), round: 2 })).toContain("round 2's signature does not verify");
    expect(beaconProblem(QUICKNET, round(3, ROUND_3), 4)).toContain('the draw names round 4');
    expect(beaconProblem(QUICKNET, { ...round(3, ROUND_3), randomness: 'ab'.repeat(32) })).toContain('randomness is not the SHA-256');
    expect(beaconProblem(QUICKNET, { ...round(3, ROUND_3), signature: ROUND_3.slice(0, -2) + '00' })).toContain('does not verify');
    expect(beaconProblem({ ...QUICKNET, schemeID: 'pedersen-bls-chained' }, round(3, ROUND_3))).toContain('scheme');
    const otherKey = toHex(bls.getPublicKeyForShortSignatures(bls.utils.randomPrivateKey()));
    expect(beaconProblem({ ...QUICKNET, public_key: otherKey }, round(3, ROUND_3))).toContain('does not verify');
  });

  it('checks a chain signed under another key the same way (what the local stand-in does)', () => {
    const secret = sha256(new TextEncoder().encode('a test chain'));
    const info: ChainInfo = { ...QUICKNET, public_key: toHex(bls.getPublicKeyForShortSignatures(secret)), hash: 'cd'.repeat(32) };
    const signature = toHex(bls.signShortSignature(roundPoint(42), secret).toRawBytes());
    expect(beaconProblem(info, round(42, signature))).toBeNull();
    expect(beaconProblem(QUICKNET, round(42, signature))).toContain('does not verify');
  });

  it('names the first round at least N minutes after the close', () => {
    const close = new Date(roundTime(QUICKNET, 1000) * 1000).toISOString();
    expect(firstRoundAfter(QUICKNET, close, 0)).toBe(1000);
    expect(firstRoundAfter(QUICKNET, close, 1)).toBe(1020);
    const between = new Date(roundTime(QUICKNET, 1000) * 1000 + 1500).toISOString();
    expect(firstRoundAfter(QUICKNET, between, 0)).toBe(1001);
    expect(roundTime(QUICKNET, firstRoundAfter(QUICKNET, between, 2))).toBeGreaterThanOrEqual(Date.parse(between) / 1000 + 120);
  });
});
