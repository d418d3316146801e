// A local stand-in for a drand relay (issue 34 item 4), as scripts/local/stripe/ stands in for Stripe
// and scripts/local/mail/ for SES: the product reads beacon rounds through the same client and checks
// them with the same code (shared/cards/beacon.ts) as against the League of Entropy's relays. It
// imitates drand's v1 HTTP API, never the product's logic:
// - GET {basePath}/{chain hash}/info            the chain info (public key, period, genesis, hash, scheme)
// - GET {basePath}/{chain hash}/public/latest   the newest round
// - GET {basePath}/{chain hash}/public/{round}  a round: {round, randomness, signature}; a round whose
//                                               time has not come is refused (425 Too Early), as no
//                                               relay can serve a signature that does not exist yet
// - GET {basePath}/chains                       the chain hashes it serves
// Its chain is drand's quicknet scheme (bls-unchained-g1-rfc9380, 3-second rounds) under a key of
// its own, derived from a seed so that every local mode serves the same chain: a local draw is
// checked against this chain's public key, which its info names (docs/LOCAL-MODE.md, "Draws").
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bls12_381 as bls } from '@noble/curves/bls12-381';
import { BEACON_SCHEME, roundPoint, type BeaconRound, type ChainInfo } from '#shared/cards/beacon';
import { toHex } from '#shared/cards/draw';

export interface LocalDrandOptions {
  /** Where it is mounted, e.g. '/local-drand'. */
  basePath: string;
  /** The chain's secret key comes from this seed (a local chain, never a real one). */
  seed?: string;
  /** Unix seconds of round 1 (default: a fixed day, so round numbers stay small and stable). */
  genesisTime?: number;
  period?: number;
  now?: () => number;
}

export interface LocalDrand {
  info: ChainInfo;
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The round as the relay would serve it (throws for a round whose time has not come). */
  round(round: number): BeaconRound;
}

export const DEFAULT_DRAND_SEED = 'drift local drand chain';

const send = (res: ServerResponse, status: number, body: unknown, maxAge?: number) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': maxAge === undefined ? 'no-store' : `public, max-age=${maxAge}` });
  res.end(JSON.stringify(body));
};

export function createLocalDrand(options: LocalDrandOptions): LocalDrand {
  const secret = createHash('sha256')
    .update(options.seed ?? DEFAULT_DRAND_SEED)
    .digest();
  const period = options.period ?? 3;
  const genesis = options.genesisTime ?? Date.UTC(2026, 0, 1) / 1000;
  const now = options.now ?? (() => Date.now() / 1000);
  const publicKey = toHex(bls.getPublicKeyForShortSignatures(secret));
  // drand's chain hash is a digest of the chain's parameters; this one is ours, from the same fields.
  const hash = createHash('sha256').update(`${publicKey}|${period}|${genesis}|${BEACON_SCHEME}|local`).digest('hex');
  const info: ChainInfo & { groupHash: string; metadata: { beaconID: string } } = {
    public_key: publicKey,
    period,
    genesis_time: genesis,
    hash,
    groupHash: createHash('sha256').update(`group|${publicKey}`).digest('hex'),
    schemeID: BEACON_SCHEME,
    metadata: { beaconID: 'local-quicknet' },
  };
  const latest = () => Math.max(0, Math.floor((now() - genesis) / period) + 1);
  const signed = new Map<number, BeaconRound>();
  function round(n: number): BeaconRound {
    if (n > latest()) throw new RangeError(`round ${n} is not out yet`);
    let beacon = signed.get(n);
    if (!beacon) {
      const signature = bls.signShortSignature(roundPoint(n), secret).toRawBytes();
      beacon = { round: n, randomness: createHash('sha256').update(signature).digest('hex'), signature: toHex(signature) };
      if (signed.size > 10_000) signed.clear();
      signed.set(n, beacon);
    }
    return beacon;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!url.pathname.startsWith(`${options.basePath}/`)) return false;
    const rest = url.pathname.slice(options.basePath.length).split('/').filter(Boolean);
    if (req.method !== 'GET') return (send(res, 405, { error: 'method not allowed' }), true);
    if (rest.length === 1 && rest[0] === 'chains') return (send(res, 200, [hash]), true);
    if (rest[0] !== hash) return (send(res, 404, { error: 'unknown chain hash' }), true);
    if (rest.length === 2 && rest[1] === 'info') return (send(res, 200, info, 300), true);
    if (rest.length === 3 && rest[1] === 'public') {
      const wanted = rest[2] === 'latest' ? latest() : /^\d{1,15}$/.test(rest[2]) ? Number(rest[2]) : NaN;
      if (!Number.isSafeInteger(wanted) || wanted < 1) return (send(res, 400, { error: 'invalid round' }), true);
      if (wanted > latest()) return (send(res, 425, { error: `round ${wanted} is not available yet` }), true);
      // A past round never changes: relays let it be cached; latest changes every period.
      return (send(res, 200, round(wanted), rest[2] === 'latest' ? undefined : 31_536_000), true);
    }
    return (send(res, 404, { error: 'not found' }), true);
  }

  return { info, handle, round };
}
