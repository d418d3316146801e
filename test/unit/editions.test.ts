// Serial numbers of an edition (shared/cards/editions.ts) and the ledger's rounding rule (shared/money/ledger.ts).
import fc from 'fast-check';
import { allocateLine, rangeCount, serialLabel } from '#shared/cards/editions';
import { splitChange } from '#shared/money/ledger';
import { athleteShareCents } from '#shared/platform/money';

describe('allocateLine', () => {
  it('issues the next serials to new units and flags the units beyond the edition as oversold', () => {
    const first = allocateLine(undefined, 1, 2, 0, 3, false);
    expect(first.next.active).toEqual([[1, 2]]);
    expect(first.issued).toBe(2);
    const more = allocateLine(first.next, 1, 4, 2, 3, false);
    expect(more.next).toMatchObject({ active: [[1, 3]], oversold: 1 });
    expect(more.issued).toBe(3);
  });

  it('releases oversold units first, then retires serials from the highest down, never reissuing them', () => {
    const held = allocateLine(undefined, 1, 4, 0, 3, false).next; // #1-3 + 1 oversold
    const refunded = allocateLine(held, 1, 2, 3, 3, false);
    expect(refunded.next).toMatchObject({ active: [[1, 2]], retired: [[3, 3]], oversold: 0 });
    expect(refunded.issued).toBe(3);
    const again = allocateLine(refunded.next, 1, 3, 3, 3, false);
    expect(again.next).toMatchObject({ active: [[1, 2]], oversold: 1 });
  });

  it('issues nothing for an open edition and counts units sold while locked', () => {
    const open = allocateLine(undefined, 2, 5, 0, null, true);
    expect(open.next).toMatchObject({ active: [], oversold: 0, whileLocked: 5 });
    expect(open.issued).toBe(0);
  });

  it('labels serials as #n / N', () => {
    expect(serialLabel([12, 12], 500)).toBe('#12 / 500');
    expect(serialLabel([3, 5], 10)).toBe('#3–5 / 10');
  });

  it('keeps held serials plus oversold equal to the units, for any sequence of unit counts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 10 }), (counts, edition) => {
        let line;
        let issued = 0;
        for (const units of counts) {
          const r = allocateLine(line, 1, units, issued, edition, false);
          expect(rangeCount(r.next.active) + r.next.oversold).toBe(units);
          expect(r.issued).toBeGreaterThanOrEqual(issued);
          expect(r.issued).toBeLessThanOrEqual(edition);
          expect(rangeCount(r.next.active) + rangeCount(r.next.retired)).toBe(r.issued);
          line = r.next;
          issued = r.issued;
        }
      }),
    );
  });
});

describe('ledger rounding rule', () => {
  it('makes the shares of any run of entries sum to 97% of the run end minus its start, exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5_000, max: 50_000 }), { minLength: 1, maxLength: 40 }), (changes) => {
        let total = 0;
        let shares = 0;
        for (const change of changes) {
          const after = Math.max(0, total + change);
          const split = splitChange(total, after);
          expect(split.athleteShareCents + split.platformShareCents).toBe(after - total);
          shares += split.athleteShareCents;
          total = after;
        }
        expect(shares).toBe(athleteShareCents(total));
      }),
    );
  });

  it('rounds 97% half up in integers', () => {
    expect(athleteShareCents(300)).toBe(291);
    expect(athleteShareCents(50)).toBe(49); // 48.5 -> 49
    expect(athleteShareCents(1)).toBe(1); // 0.97 -> 1
    expect(athleteShareCents(999_999_999_999)).toBe(969_999_999_999);
  });
});
