// A payout line taken back in parts (lambdas/money/provisions.ts returnedSplit): a reversal reaches
// card royalties first, then activations, allocated donations last (a batch pays them in the opposite
// order: decisions 0015, 0027), and the parts of any sequence of reversals add up to the line's own split.
import fc from 'fast-check';
import { returnedSplit } from '#lambdas/money/provisions';

describe('returnedSplit', () => {
  const line = { amountCents: 10_000, allocationCents: 2_000, activationCents: 3_000 };

  it('takes royalties first, then activations, then allocated donations', () => {
    expect(returnedSplit(line, 0, 4_000)).toEqual({ royaltyCents: 4_000, activationCents: 0, allocationCents: 0 });
    expect(returnedSplit(line, 4_000, 2_000)).toEqual({ royaltyCents: 1_000, activationCents: 1_000, allocationCents: 0 });
    expect(returnedSplit(line, 6_000, 3_000)).toEqual({ royaltyCents: 0, activationCents: 2_000, allocationCents: 1_000 });
    expect(returnedSplit(line, 9_000, 1_000)).toEqual({ royaltyCents: 0, activationCents: 0, allocationCents: 1_000 });
  });

  it('adds up to the whole line over any sequence of reversals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.array(fc.integer({ min: 0, max: 3_000 })),
        (allocation, activation, royalty, steps) => {
          const l = { amountCents: allocation + activation + royalty, allocationCents: allocation, activationCents: activation };
          let before = 0;
          const sum = { royaltyCents: 0, activationCents: 0, allocationCents: 0 };
          for (const step of [...steps, Infinity]) {
            const cents = Math.min(step, l.amountCents - before);
            const part = returnedSplit(l, before, cents);
            expect(part.royaltyCents + part.activationCents + part.allocationCents).toBe(cents);
            for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += part[k];
            before += cents;
          }
          expect(sum).toEqual({ royaltyCents: royalty, activationCents: activation, allocationCents: allocation });
        },
      ),
    );
  });
});
