// The public draw of a drop's parallels (shared/cards/draw.ts, decision 0029): deterministic, a
// permutation, each entry winning at most one parallel, every input bound into the result, and a
// reference vector that any other implementation of the written rules must reproduce.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { canonicalJson, drawWinners, entryId, shuffle, type DrawCommitment } from '#shared/cards/draw';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const ROUND_RANDOMNESS = 'a7ba3b2b5a5d1f3d0a3f4c0d9e3a4a8f4b6c7d8e9f00112233445566778899aa';
const commitment = (
  parallels = [
    { name: 'One of One', count: 1 },
    { name: 'Black', count: 10 },
    { name: 'Gold', count: 50 },
  ],
): DrawCommitment => ({
  rules: 'drift-draw-v1',
  drop: '1/7',
  parallels,
  beacon: { chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971', round: 12_345_678 },
  closesAt: '2026-11-29T20:00:00.000Z',
  delayMinutes: 1,
});
const ids = async (n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => entryId('1/7', { lineId: String(1000 + Math.floor(i / 3)), unit: i % 3 }, sha256)));

describe('public draw', () => {
  it('reproduces the reference vector written in decision 0029', async () => {
    const entries = await ids(12);
    expect(entries[0]).toMatch(/^[0-9a-f]{16}$/);
    const result = await drawWinners(
      {
        commitment: commitment([
          { name: 'Black', count: 2 },
          { name: 'Gold', count: 3 },
        ]),
        entryIds: entries,
        randomness: ROUND_RANDOMNESS,
      },
      sha256,
    );
    expect(result.winners.map((w) => `${w.parallel} ${w.serial}/${w.count} ${w.entryId}`)).toEqual([
      'Black 1/2 2d70515781a10a6a',
      'Black 2/2 f8c67517b04a938e',
      'Gold 1/3 242ec7d4b15bafbb',
      'Gold 2/3 b3ab5328503f222b',
      'Gold 3/3 be52e9bb7513181f',
    ]);
  });

  it('shuffles into a permutation, the same for the same seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer(), { maxLength: 60 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), async (list, seed) => {
        const once = await shuffle(list, seed, sha256);
        expect([...once].sort((a, b) => a - b)).toEqual([...list].sort((a, b) => a - b));
        expect(await shuffle(list, seed, sha256)).toEqual(once);
      }),
    );
  });

  it('gives each entry at most one parallel, serials 1..count in each, as many winners as entries allow', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 30 }), async (n, black, gold) => {
        const entries = await ids(n);
        const { winners } = await drawWinners(
          {
            commitment: commitment([
              { name: 'Black', count: black },
              { name: 'Gold', count: gold },
            ]),
            entryIds: entries,
            randomness: ROUND_RANDOMNESS,
          },
          sha256,
        );
        expect(winners).toHaveLength(Math.min(n, black + gold));
        expect(new Set(winners.map((w) => w.entryId)).size).toBe(winners.length);
        for (const name of ['Black', 'Gold']) {
          const serials = winners.filter((w) => w.parallel === name).map((w) => w.serial);
          expect(serials).toEqual(serials.map((_, i) => i + 1));
        }
        for (const w of winners) expect(entries).toContain(w.entryId);
      }),
      { numRuns: 40 },
    );
  });

  it('binds every input: another entry list, round randomness or parallel changes the result', async () => {
    const entries = await ids(30);
    const base = await drawWinners({ commitment: commitment(), entryIds: entries, randomness: ROUND_RANDOMNESS }, sha256);
    const swapped = [...entries];
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    const changes = [
      await drawWinners({ commitment: commitment(), entryIds: swapped, randomness: ROUND_RANDOMNESS }, sha256),
      await drawWinners({ commitment: commitment(), entryIds: entries, randomness: ROUND_RANDOMNESS.replace(/^a/, 'b') }, sha256),
      await drawWinners(
        { commitment: { ...commitment(), beacon: { ...commitment().beacon, round: 12_345_679 } }, entryIds: entries, randomness: ROUND_RANDOMNESS },
        sha256,
      ),
    ];
    for (const changed of changes) expect(changed.winners).not.toEqual(base.winners);
    expect(changes[0].entryListHash).not.toBe(base.entryListHash);
    expect(changes[2].commitmentHash).not.toBe(base.commitmentHash);
  });

  it('draws each entry first about equally often (no bias toward the counting order)', async () => {
    const entries = ['a', 'b', 'c', 'd', 'e'];
    const firsts = new Map<string, number>();
    for (let k = 0; k < 2000; k++) {
      const seed = sha256(new TextEncoder().encode(`seed-${k}`));
      const [first] = await shuffle(entries, seed, sha256);
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    // 400 expected each; a fair draw stays within ±25% at 2,000 runs (about 5 standard deviations).
    for (const e of entries) expect(Math.abs((firsts.get(e) ?? 0) - 400)).toBeLessThan(100);
  });

  it('refuses a commitment it cannot draw and an entry list with a repeat', async () => {
    await expect(drawWinners({ commitment: commitment([]), entryIds: [], randomness: ROUND_RANDOMNESS }, sha256)).rejects.toThrow('no parallels');
    await expect(drawWinners({ commitment: commitment(), entryIds: ['x', 'x'], randomness: ROUND_RANDOMNESS }, sha256)).rejects.toThrow('repeats');
    await expect(drawWinners({ commitment: commitment(), entryIds: ['x'], randomness: 'nothex' }, sha256)).rejects.toThrow('randomness');
  });

  it('writes one canonical JSON for one value, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 'x' }] })).toBe('{"a":[{"c":"x","d":2}],"b":1}');
  });
});
