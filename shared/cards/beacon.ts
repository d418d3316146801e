// The public randomness beacon a draw is seeded by (issue 34 item 4; docs/decisions/0029): drand's
// chain info and rounds as its HTTP API publishes them (`GET /{chain hash}/info`,
// `GET /{chain hash}/public/{round}`), which round a draw uses, and the check that a round is the
// chain's: its BLS signature verified against the chain's public key with @noble/curves (an
// audited, well-kept BLS12-381 library: no curve code of ours), and its randomness the SHA-256 of
// that signature. Only drand's "bls-unchained-g1-rfc9380" scheme (quicknet's: signatures on G1,
// keys on G2, the message SHA-256 of the round as 8 bytes big-endian) is accepted; local mode's
// stand-in signs the same way under a key of its own, so the same code checks both.
import { bls12_381 as bls } from '@noble/curves/bls12-381';
import { sha256 } from '@noble/hashes/sha256';
import { fromHex, toHex } from './draw';

export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';
/** RFC 9380's hash-to-G1 suite as drand's scheme names it. */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** drand's chain info (`/info`), the fields a check reads. */
export interface ChainInfo {
  public_key: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix seconds of round 1. */
  genesis_time: number;
  hash: string;
  schemeID: string;
}

/** One round (`/public/{round}`). */
export interface BeaconRound {
  round: number;
  randomness: string;
  signature: string;
}

/** drand's quicknet, run by the League of Entropy (its published chain info). */
export const QUICKNET: ChainInfo = {
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  period: 3,
  genesis_time: 1692803367,
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  schemeID: BEACON_SCHEME,
};

/** The unix second a round is published at. */
export const roundTime = (info: ChainInfo, round: number): number => info.genesis_time + (round - 1) * info.period;

/** The first round published at or after `instant` plus `delayMinutes`: the round a draw names. */
export function firstRoundAfter(info: ChainInfo, instant: string, delayMinutes: number): number {
  const at = Math.ceil(Date.parse(instant) / 1000) + delayMinutes * 60;
  if (!Number.isFinite(at)) throw new RangeError(`not an instant: ${instant}`);
  return Math.max(1, Math.ceil((at - info.genesis_time) / info.period) + 1);
}

/** The message a round's signature signs: SHA-256 of the round number, 8 bytes big-endian. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

type G1Point = typeof bls.G1.ProjectivePoint.BASE;

/** The point of G1 a round's signature signs (RFC 9380 hash-to-curve under drand's DST). */
export const roundPoint = (round: number): G1Point => bls.G1.hashToCurve(roundMessage(round), { DST: BEACON_DST }) as unknown as G1Point;

/** Why a round is not this chain's (null: it is, and its randomness is what it says). */
export function beaconProblem(info: ChainInfo, beacon: BeaconRound, expectedRound?: number): string | null {
  if (info.schemeID !== BEACON_SCHEME) return `the chain's scheme is ${info.schemeID}, not ${BEACON_SCHEME}`;
  if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return 'the round number is not a round';
  if (expectedRound !== undefined && beacon.round !== expectedRound) return `the beacon is round ${beacon.round}, the draw names round ${expectedRound}`;
  let valid = false;
  try {
    valid = bls.verifyShortSignature(fromHex(beacon.signature), roundPoint(beacon.round), fromHex(info.public_key));
  } catch {
    valid = false;
  }
  if (!valid) return `round ${beacon.round}'s signature does not verify against the chain's public key`;
  if (toHex(sha256(fromHex(beacon.signature))) !== beacon.randomness) return `round ${beacon.round}'s randomness is not the SHA-256 of its signature`;
  return null;
}
