// Checking a published draw (shared/cards/draw-check.ts): a draw made by the rules from the committed
// round checks out; a changed entry list, commitment, round or winner is found and named.
import { createHash } from 'node:crypto';
import { drawWinners, entryId, commitmentHash, entryListHash, type DrawCommitment } from '#shared/cards/draw';
import { checkDraw, type PublishedDraw } from '#shared/cards/draw-check';
import { createLocalDrand } from '../../scripts/local/drand';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const drand = createLocalDrand({ basePath: '/local-drand', now: () => Date.UTC(2026, 0, 2) / 1000 });

async function madeDraw(): Promise<PublishedDraw> {
  const commitment: DrawCommitment = {
    rules: 'drift-draw-v1',
    drop: '1/7',
    parallels: [
      { name: 'One of One', count: 1 },
      { name: 'Black', count: 3 },
    ],
    beacon: { chainHash: drand.info.hash, round: 100 },
    closesAt: '2026-01-01T00:04:00.000Z',
    delayMinutes: 1,
  };
  const ids = await Promise.all(Array.from({ length: 9 }, (_, i) => entryId('1/7', { lineId: `L${i}`, unit: 0 }, sha256)));
  const beacon = drand.round(100);
  const { winners } = await drawWinners({ commitment, entryIds: ids, randomness: beacon.randomness }, sha256);
  return {
    commitment,
    commitmentHash: await commitmentHash(commitment, sha256),
    entries: { ids, hash: await entryListHash(ids, sha256) },
    result: { round: 100, randomness: beacon.randomness, signature: beacon.signature, winners },
  };
}

describe('checking a published draw', () => {
  it('finds nothing wrong with a draw made by the rules from the committed round', async () => {
    const draw = await madeDraw();
    const check = await checkDraw(draw, drand.info, drand.round(100), sha256);
    expect(check).toMatchObject({ ok: true, findings: [] });
    expect(check.recomputed).toEqual(draw.result!.winners);
  });

  it('says the entry list changed when an entry is moved after the close', async () => {
    const draw = await madeDraw();
    const ids = [...draw.entries!.ids];
    [ids[0], ids[8]] = [ids[8], ids[0]];
    const check = await checkDraw({ ...draw, entries: { ...draw.entries!, ids } }, drand.info, drand.round(100), sha256);
    expect(check.ok).toBe(false);
    expect(check.findings.map((f) => f.part)).toContain('entries');
  });

  it('says the commitment changed when a parallel is edited after it was published', async () => {
    const draw = await madeDraw();
    const commitment = { ...draw.commitment, parallels: [{ name: 'One of One', count: 2 }, draw.commitment.parallels[1]] };
    const check = await checkDraw({ ...draw, commitment }, drand.info, drand.round(100), sha256);
    expect(check.findings[0]).toMatchObject({ part: 'commitment' });
  });

  it('says which winner differs when one is swapped, and when another round was used', async () => {
    const draw = await madeDraw();
    const winners = draw.result!.winners.map((w, i) =>
      i === 2 ? { ...w, entryId: draw.entries!.ids.find((id) => !draw.result!.winners.some((x) => x.entryId === id))! } : w,
    );
    const swapped = await checkDraw({ ...draw, result: { ...draw.result!, winners } }, drand.info, drand.round(100), sha256);
    expect(swapped.findings).toEqual([expect.objectContaining({ part: 'winners', message: expect.stringContaining('winner 3 should be Black #2/3') })]);
    const other = drand.round(101);
    const rerolled = await checkDraw({ ...draw, result: { ...draw.result!, round: 101, randomness: other.randomness } }, drand.info, drand.round(100), sha256);
    expect(rerolled.findings.map((f) => f.message).join('\n')).toContain('the commitment named round 100');
  });

  it('refuses a round that is not the chain’s', async () => {
    const draw = await madeDraw();
    const forged = { ...drand.round(100), signature: drand.round(99).signature };
    const check = await checkDraw(draw, drand.info, forged, sha256);
    expect(check.findings.map((f) => f.part)).toContain('beacon');
  });
});
