// NIL Go's screen before Pay now (shared/money/nil-go-screen.ts, issue 33 item 4): money with no
// sale or deliverable behind it never clears; a deal or a total past its threshold is held until a
// review covers it; what clears and what is held always sum to what was pending.
import fc from 'fast-check';
import { DEFAULT_SCREEN_SETTINGS, screenPayment, type MoneySource, type RecordedReview } from '#shared/money/nil-go-screen';

const base = { payorGroup: 'collective-1', providedByDeal: {}, providedByAssociatedCents: 0, reviews: [] as RecordedReview[] };
const review = (rule: RecordedReview['rule'], dealKind: RecordedReview['dealKind'], upToCents: number): RecordedReview => ({
  rule,
  dealKind,
  upToCents,
  by: 'collective:1',
  at: '2026-11-29T12:00:00.000Z',
  note: 'Compared with three football card licences of the conference',
});

describe('NIL Go screen', () => {
  it('clears card royalties and a confirmed activation below the thresholds, naming the checks it ran', () => {
    const result = screenPayment({ ...base, pending: { card_royalty: 12_000, member_card_royalty: 2_264, activation: 50_000 } });
    expect(result).toMatchObject({ clearCents: 64_264, heldCents: 0, holds: [] });
    expect(result.checked.map((c) => c.rule)).toEqual(['associated_entity', 'business_purpose', 'deal_range', 'total_range']);
    for (const c of result.checked) expect(c.source.length).toBeGreaterThan(10);
  });

  it('holds money allocated from donations with nothing sold or delivered behind it, and says why', () => {
    const result = screenPayment({ ...base, pending: { card_royalty: 1_000, legacy_allocation: 25_000 } });
    expect(result).toMatchObject({ clearCents: 1_000, heldCents: 25_000 });
    expect(result.holds).toHaveLength(1);
    expect(result.holds[0]).toMatchObject({ rule: 'business_purpose', cents: 25_000 });
    expect(result.holds[0].reason).toContain('$250.00 was allocated from donations');
    // No review releases it: there is nothing to review against.
    const reviewed = screenPayment({ ...base, pending: { legacy_allocation: 25_000 }, reviews: [review('deal_range', 'none', 10_000_000)] });
    expect(reviewed.heldCents).toBe(25_000);
  });

  it('holds a deal that would pass $15,000 until a review covers the new cumulative', () => {
    const input = {
      ...base,
      pending: { card_royalty: 200_000 } as Partial<Record<MoneySource, number>>,
      providedByDeal: { royalty: 1_400_000 },
      providedByAssociatedCents: 1_400_000,
    };
    const held = screenPayment(input);
    expect(held).toMatchObject({ clearCents: 0, heldCents: 200_000 });
    expect(held.holds[0].rule).toBe('deal_range');
    expect(held.holds[0].reason).toContain('$16,000.00');
    expect(screenPayment({ ...input, reviews: [review('deal_range', 'royalty', 1_599_999)] }).heldCents).toBe(200_000);
    expect(screenPayment({ ...input, reviews: [review('deal_range', 'royalty', 1_600_000)] }).heldCents).toBe(0);
    // A review of another kind of deal does not count.
    expect(screenPayment({ ...input, reviews: [review('deal_range', 'services', 9_000_000)] }).heldCents).toBe(200_000);
  });

  it('holds a payment that would pass $50,000 from associated payors in total', () => {
    const input = {
      ...base,
      pending: { activation: 300_000 } as Partial<Record<MoneySource, number>>,
      providedByDeal: { services: 0 },
      providedByAssociatedCents: 4_800_000,
    };
    const held = screenPayment(input);
    expect(held.holds.map((h) => h.rule)).toEqual(['total_range']);
    expect(screenPayment({ ...input, reviews: [review('total_range', 'services', 5_100_000)] }).heldCents).toBe(0);
  });

  it('lets a collective lower the thresholds', () => {
    const result = screenPayment({
      ...base,
      pending: { card_royalty: 60_000 },
      settings: { perDealCents: 50_000, totalCents: DEFAULT_SCREEN_SETTINGS.totalCents },
    });
    expect(result.heldCents).toBe(60_000);
  });

  it('always divides the pending money into what clears and what is held, and never clears purposeless money', () => {
    const cents = fc.integer({ min: 0, max: 3_000_000 });
    fc.assert(
      fc.property(
        fc.record(
          {
            card_royalty: cents,
            member_card_royalty: cents,
            supporter_card_royalty: cents,
            resale_royalty: cents,
            activation: cents,
            legacy_allocation: cents,
          },
          { requiredKeys: [] },
        ),
        fc.record({ royalty: cents, services: cents }, { requiredKeys: [] }),
        fc.integer({ min: 0, max: 8_000_000 }),
        fc.array(
          fc.record({
            rule: fc.constantFrom('deal_range' as const, 'total_range' as const),
            dealKind: fc.constantFrom('royalty' as const, 'services' as const, 'none' as const),
            upToCents: fc.integer({ min: 0, max: 20_000_000 }),
          }),
          { maxLength: 3 },
        ),
        (pending, providedByDeal, associated, reviews) => {
          const result = screenPayment({
            ...base,
            pending,
            providedByDeal,
            providedByAssociatedCents: associated,
            reviews: reviews.map((r) => ({ ...r, by: 'x', at: '2026-11-29T00:00:00.000Z', note: '' })),
          });
          const total = Object.values(pending).reduce((n, c) => n + (c ?? 0), 0);
          expect(result.clearCents + result.heldCents).toBe(total);
          expect(result.heldCents).toBeGreaterThanOrEqual(pending.legacy_allocation ?? 0);
          for (const h of result.holds) expect(h.cents).toBeGreaterThan(0);
        },
      ),
    );
  });
});
