// The drand beacon client (issue 34 item 4): reads a chain's info and rounds from drand's v1 HTTP API
// over a list of relays (a setting: the League of Entropy's in AWS, local mode's /local-drand/ stand-in
// locally) and trusts nothing it reads: the info must carry the configured chain hash and the
// scheme the draw rules accept, and every round is checked (shared/cards/beacon.ts: its BLS signature
// against the chain's public key, its randomness against the signature) before anyone uses it. A
// relay that answers wrongly is skipped for the next; a round whose time has not come is `null`.
import { beaconProblem, type BeaconRound, type ChainInfo } from '#shared/cards/beacon';

export interface DrandClientOptions {
  /** Relay base URLs, tried in order (e.g. https://api.drand.sh, https://drand.cloudflare.com). */
  relays: readonly string[];
  /** The chain hash the draw is committed to (hex). */
  chainHash: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class BeaconUnavailable extends Error {
  constructor(readonly problems: string[]) {
    super(`no drand relay answered correctly: ${problems.join('; ')}`);
    this.name = 'BeaconUnavailable';
  }
}

export interface DrandClient {
  info(): Promise<ChainInfo>;
  /** The round checked against the chain, or null while its time has not come. */
  round(round: number): Promise<BeaconRound | null>;
}

export function drandClient(options: DrandClientOptions): DrandClient {
  const get = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  let info: Promise<ChainInfo> | undefined;

  async function read(relay: string, path: string): Promise<{ status: number; body: unknown }> {
    const response = await get(`${relay.replace(/\/+$/, '')}/${options.chainHash}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  async function fetchInfo(): Promise<ChainInfo> {
    const problems: string[] = [];
    for (const relay of options.relays) {
      try {
        const { status, body } = await read(relay, '/info');
        const chain = body as ChainInfo | null;
        if (status !== 200 || !chain) problems.push(`${relay}: info answered ${status}`);
        else if (chain.hash !== options.chainHash) problems.push(`${relay}: info is chain ${String(chain.hash)}, not ${options.chainHash}`);
        else return chain;
      } catch (error) {
        problems.push(`${relay}: ${(error as Error).message}`);
      }
    }
    throw new BeaconUnavailable(problems);
  }

  return {
    info: () =>
      (info ??= fetchInfo().catch((error: unknown) => {
        info = undefined;
        throw error;
      })),
    async round(round: number): Promise<BeaconRound | null> {
      const chain = await this.info();
      const problems: string[] = [];
      let early = false;
      for (const relay of options.relays) {
        try {
          const { status, body } = await read(relay, `/public/${round}`);
          if (status === 425 || status === 404) {
            early = early || status === 425;
            problems.push(`${relay}: round ${round} answered ${status}`);
            continue;
          }
          const beacon = body as BeaconRound | null;
          const problem = status === 200 && beacon ? beaconProblem(chain, beacon, round) : `answered ${status}`;
          if (problem === null) return { round: beacon!.round, randomness: beacon!.randomness, signature: beacon!.signature };
          problems.push(`${relay}: ${problem}`);
        } catch (error) {
          problems.push(`${relay}: ${(error as Error).message}`);
        }
      }
      // Not out yet (by the chain's clock) is an answer, not a failure: the draw waits for it.
      const due = chain.genesis_time + (round - 1) * chain.period;
      if (early || Date.now() / 1000 < due) return null;
      throw new BeaconUnavailable(problems);
    },
  };
}
