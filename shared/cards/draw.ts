// A drop's scarce parallels, drawn so that anyone can check the draw (issue 34 item 2; the rules are
// written in docs/decisions/0029-public-draw.md). Pure and deterministic: given the published
// commitment, the published entry list and the beacon round's randomness, everyone computes the
// same winners. SHA-256 is passed in (node:crypto on the server and in the command, WebCrypto in the
// browser), so this module stays free of platform code and of any hash of our own.
//
// - Commitment (published before the window opens): the parallels in draw order (e.g. 1 One of One,
//   10 Black, 50 Gold), the rules' version, and the beacon (chain hash, round) that will seed it:
//   the first round at least N minutes after the close, so nobody knows its randomness before the
//   entries are fixed. Its hash is SHA-256 of its canonical JSON.
// - Entry list (published at the close): one entry per unit sold and still counted at the close, in
//   counting order; an entry's id is SHA-256("drift-entry-v1|<drop>|<order line>|<unit>") cut to 16
//   hex digits: a buyer who knows their order line can find their entries, nobody else can tell
//   whose an entry is. Its hash is SHA-256 of the ids joined by "\n".
// - Seed: SHA-256("drift-draw-v1|<commitment hash>|<entry list hash>|<round randomness>").
// - Shuffle: Fisher-Yates from the last position down; position i swaps with j, uniform in [0, i],
//   drawn from the stream SHA-256(seed || counter as 4 bytes big-endian) read as 32-bit big-endian
//   words, a word w accepted when w < floor(2^32 / (i + 1)) * (i + 1) (rejection: no modulo bias)
//   and j = w mod (i + 1).
// - Winners: the shuffled entries taken in order, the first parallel's count first, then the next:
//   each entry wins at most one parallel; parallel serials are 1..count in shuffle order. With fewer
//   entries than parallels, the rest of the parallels is not issued.

export type Sha256 = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

export const DRAW_RULES_VERSION = 'drift-draw-v1';

export interface Parallel {
  /** The parallel's name as the card shows it ("Gold", "Black", "One of One"). */
  name: string;
  count: number;
}

export interface DrawCommitment {
  rules: typeof DRAW_RULES_VERSION;
  /** "<athlete>/<card>": the drop. */
  drop: string;
  parallels: Parallel[];
  beacon: { chainHash: string; round: number };
  /** When the window closes (ISO-8601 UTC) and the minutes to the beacon round after it. */
  closesAt: string;
  delayMinutes: number;
}

export interface EntrySource {
  /** The order line (Shopify's line item id) and the unit within it (0-based). */
  lineId: string;
  unit: number;
}

export interface ParallelWinner {
  parallel: string;
  /** 1..count, in shuffle order. */
  serial: number;
  count: number;
  entryId: string;
}

const encoder = new TextEncoder();
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new RangeError(`not lowercase hex: ${hex.slice(0, 20)}`);
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** JSON with object keys sorted at every level: one text for one value, whoever writes it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Why a commitment cannot be drawn (null: it can). */
export function commitmentProblem(c: DrawCommitment): string | null {
  if (c.rules !== DRAW_RULES_VERSION) return `unknown rules ${String(c.rules)}`;
  if (!c.parallels.length) return 'no parallels';
  const names = new Set<string>();
  for (const p of c.parallels) {
    if (!p.name.trim() || names.has(p.name)) return `a parallel's name is empty or repeated: "${p.name}"`;
    if (!Number.isSafeInteger(p.count) || p.count < 1 || p.count > 10_000) return `parallel "${p.name}" must have 1 to 10,000 copies`;
    names.add(p.name);
  }
  if (!/^[0-9a-f]{64}$/.test(c.beacon.chainHash) || !Number.isSafeInteger(c.beacon.round) || c.beacon.round < 1)
    return 'the beacon must name a chain hash and a round';
  return null;
}

export async function commitmentHash(c: DrawCommitment, sha256: Sha256): Promise<string> {
  return toHex(await sha256(encoder.encode(canonicalJson(c))));
}

export async function entryId(drop: string, source: EntrySource, sha256: Sha256): Promise<string> {
  return toHex(await sha256(encoder.encode(`drift-entry-v1|${drop}|${source.lineId}|${source.unit}`))).slice(0, 16);
}

export async function entryListHash(ids: readonly string[], sha256: Sha256): Promise<string> {
  return toHex(await sha256(encoder.encode(ids.join('\n'))));
}

export async function drawSeed(commitment: string, entries: string, randomness: string, sha256: Sha256): Promise<Uint8Array> {
  if (!/^[0-9a-f]{64}$/.test(randomness)) throw new RangeError('the round randomness must be 32 bytes of lowercase hex');
  return sha256(encoder.encode(`${DRAW_RULES_VERSION}|${commitment}|${entries}|${randomness}`));
}

/** The order of `ids` after the seeded Fisher-Yates shuffle described above. */
export async function shuffle<T>(ids: readonly T[], seed: Uint8Array, sha256: Sha256): Promise<T[]> {
  const out = [...ids];
  let counter = 0;
  let words: number[] = [];
  const nextWord = async (): Promise<number> => {
    if (!words.length) {
      const block = new Uint8Array(seed.length + 4);
      block.set(seed);
      new DataView(block.buffer).setUint32(seed.length, counter++);
      const digest = await sha256(block);
      const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      words = Array.from({ length: digest.byteLength / 4 }, (_, k) => view.getUint32(k * 4));
    }
    return words.shift()!;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const n = i + 1;
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    let w = await nextWord();
    while (w >= limit) w = await nextWord();
    const j = w % n;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The winners of every parallel: the first entries of the shuffle, parallel after parallel. */
export async function drawWinners(
  input: { commitment: DrawCommitment; entryIds: readonly string[]; randomness: string },
  sha256: Sha256,
): Promise<{ commitmentHash: string; entryListHash: string; winners: ParallelWinner[] }> {
  const problem = commitmentProblem(input.commitment);
  if (problem) throw new RangeError(`the commitment cannot be drawn: ${problem}`);
  if (new Set(input.entryIds).size !== input.entryIds.length) throw new RangeError('the entry list repeats an entry');
  const committed = await commitmentHash(input.commitment, sha256);
  const listed = await entryListHash(input.entryIds, sha256);
  const order = await shuffle(input.entryIds, await drawSeed(committed, listed, input.randomness, sha256), sha256);
  const winners: ParallelWinner[] = [];
  let next = 0;
  for (const parallel of input.commitment.parallels)
    for (let serial = 1; serial <= parallel.count && next < order.length; serial++)
      winners.push({ parallel: parallel.name, serial, count: parallel.count, entryId: order[next++] });
  return { commitmentHash: committed, entryListHash: listed, winners };
}
