// The division of a paid membership month among Stripe, the platform, the featured athletes and
// the collective (shared/payments/member-royalties.ts, decision 0028): every cent accounted for,
// the 97% by the one rounding rule, the largest-remainder split fair to the cent, and refunds that
// move exactly what they must.
import fc from 'fast-check';
import { athleteShareCents } from '#shared/platform/money';
import { largestRemainder, splitChange, splitMonth, type FeaturedAthlete, type MonthSplit } from '#shared/payments/member-royalties';

const featuredArb: fc.Arbitrary<FeaturedAthlete[]> = fc
  .uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 12 })
  .chain((ids) => fc.tuple(...ids.map((athleteId) => fc.integer({ min: 1, max: 100 }).map((weight) => ({ athleteId, weight })))));
const monthArb = fc.record({
  grossCents: fc.integer({ min: 0, max: 5_000_000 }),
  stripeFeeCents: fc.integer({ min: 0, max: 200_000 }),
  platformFeeBasisPoints: fc.integer({ min: 0, max: 1000 }),
  featured: featuredArb,
});

describe('member royalties', () => {
  it('accounts for every cent of a month: Stripe fee + platform + athletes + collective = gross', () => {
    fc.assert(
      fc.property(monthArb, (month) => {
        const split = splitMonth(month);
        expect(split.stripeFeeCents + split.platformFeeCents + split.athletesCents + split.collectiveCents).toBe(month.grossCents);
        expect(split.athletes.reduce((n, a) => n + a.cents, 0)).toBe(split.athletesCents);
        expect(split.athletesCents).toBe(split.netCents > 0 ? athleteShareCents(split.netCents) : 0);
        for (const a of split.athletes) expect(a.cents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('gives each athlete its weighted share within one cent, the cents left to the largest remainders', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), featuredArb, (total, featured) => {
        const parts = largestRemainder(total, featured);
        const weights = featured.reduce((n, a) => n + a.weight, 0);
        expect(parts.map((p) => p.athleteId)).toEqual(featured.map((a) => a.athleteId).sort((a, b) => a - b));
        for (const part of parts) {
          const weight = featured.find((a) => a.athleteId === part.athleteId)!.weight;
          const floor = Math.floor((total * weight) / weights);
          expect(part.cents === floor || part.cents === floor + 1).toBe(true);
        }
        expect(parts.reduce((n, p) => n + p.cents, 0)).toBe(total);
      }),
    );
  });

  it('splits equally to the cent when weights are equal, the extra cents to the lower ids', () => {
    const parts = largestRemainder(100, [
      { athleteId: 3, weight: 1 },
      { athleteId: 1, weight: 1 },
      { athleteId: 2, weight: 1 },
    ]);
    expect(parts).toEqual([
      { athleteId: 1, cents: 34 },
      { athleteId: 2, cents: 33 },
      { athleteId: 3, cents: 33 },
    ]);
  });

  it('does not depend on the order the athletes are listed in', () => {
    fc.assert(
      fc.property(monthArb, fc.integer(), (month, seed) => {
        const shuffled = [...month.featured].sort((a, b) => ((a.athleteId * 7919 + seed) % 97) - ((b.athleteId * 7919 + seed) % 97));
        expect(splitMonth({ ...month, featured: shuffled })).toEqual(splitMonth(month));
      }),
    );
  });

  it('a $25.00 month with a 2.5% platform fee and Stripe fee of $1.03 pays two athletes 97% of the $23.34 net', () => {
    const split = splitMonth({
      grossCents: 2500,
      stripeFeeCents: 103,
      platformFeeBasisPoints: 250,
      featured: [
        { athleteId: 1, weight: 1 },
        { athleteId: 2, weight: 1 },
      ],
    });
    expect(split).toMatchObject({ platformFeeCents: 63, netCents: 2334, athletesCents: 2264, collectiveCents: 70 });
    expect(split.athletes).toEqual([
      { athleteId: 1, cents: 1132 },
      { athleteId: 2, cents: 1132 },
    ]);
  });

  it('refunds move exactly what they must: the changes of any refund sequence sum to the final split', () => {
    fc.assert(
      fc.property(monthArb, fc.array(fc.integer({ min: 0, max: 5_000_000 }), { maxLength: 6 }), (month, refunds) => {
        // Stripe's refunded amount only grows: each refund state is a cumulative total, at most the charge.
        const states = [...refunds.map((r) => Math.min(r, month.grossCents))].sort((a, b) => a - b);
        let previous: MonthSplit | null = null;
        const paid = new Map<number, number>();
        let collective = 0;
        let platform = 0;
        for (const refunded of [0, ...states]) {
          const now = splitMonth({ ...month, grossCents: month.grossCents - refunded });
          const change = splitChange(previous, now);
          for (const a of change.athletes) paid.set(a.athleteId, (paid.get(a.athleteId) ?? 0) + a.cents);
          collective += change.collectiveCents;
          platform += change.platformFeeCents;
          previous = now;
        }
        const final = previous!;
        for (const a of final.athletes) expect(paid.get(a.athleteId) ?? 0).toBe(a.cents);
        expect(collective).toBe(final.collectiveCents);
        expect(platform).toBe(final.platformFeeCents);
      }),
    );
  });

  it('a month refunded in full pays the athletes nothing and leaves the kept Stripe fee with the collective', () => {
    const split = splitMonth({ grossCents: 0, stripeFeeCents: 103, platformFeeBasisPoints: 250, featured: [{ athleteId: 1, weight: 1 }] });
    expect(split).toMatchObject({ athletesCents: 0, platformFeeCents: 0, collectiveCents: -103 });
  });

  it('refuses what it cannot split exactly', () => {
    expect(() => splitMonth({ grossCents: 10.5, stripeFeeCents: 0, platformFeeBasisPoints: 0, featured: [{ athleteId: 1, weight: 1 }] })).toThrow(RangeError);
    expect(() => largestRemainder(100, [])).toThrow('at least one featured athlete');
    expect(() =>
      largestRemainder(100, [
        { athleteId: 1, weight: 1 },
        { athleteId: 1, weight: 2 },
      ]),
    ).toThrow('featured twice');
    expect(() => largestRemainder(100, [{ athleteId: 1, weight: 0 }])).toThrow('positive whole number');
  });
});
