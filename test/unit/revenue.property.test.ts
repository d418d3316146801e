// The revenue rule (shared/orders/revenue.ts): what the buyer paid for the cards, exactly.
import fc from 'fast-check';
import { lineNetCents, lineRevenue, unitSharesCents } from '#shared/orders/revenue';
import type { NormalizedRefund, OrderLine } from '#shared/orders/shopify';

const line = (over: Partial<OrderLine>): OrderLine => ({
  lineItemId: 'L1',
  productId: '7',
  variantId: null,
  title: 'Card',
  vendor: null,
  giftCard: false,
  quantity: 1,
  currentQuantity: null,
  priceCents: 300,
  discountCents: 0,
  taxCents: 0,
  ...over,
});
const refund = (id: string, quantity: number, subtotalCents: number | null, taxCents = 0, lineItemId = 'L1'): NormalizedRefund => ({
  refundId: id,
  orderId: 'O',
  createdAt: `2026-01-0${id}T00:00:00.000Z`,
  lines: [{ lineItemId, quantity, subtotalCents, taxCents }],
});

describe('revenue of a line', () => {
  it('is what the buyer paid: two $3.00 cards with a $1.50 discount code earn $4.50', () => {
    expect(lineRevenue(line({ quantity: 2, discountCents: 150 }), [], false)).toEqual({ units: 2, revenueCents: 450 });
  });

  it('is zero for a giveaway (100% off), which still counts as a card sold', () => {
    expect(lineRevenue(line({ discountCents: 300 }), [], false)).toEqual({ units: 1, revenueCents: 0 });
  });

  it('leaves out the tax of a tax-inclusive price, and ignores tax added on top', () => {
    expect(lineRevenue(line({ taxCents: 25 }), [], true)).toEqual({ units: 1, revenueCents: 275 });
    expect(lineRevenue(line({ taxCents: 25 }), [], false)).toEqual({ units: 1, revenueCents: 300 });
  });

  it('nets a discounted line refunded in full to zero', () => {
    expect(lineRevenue(line({ quantity: 2, discountCents: 150 }), [refund('1', 2, 450)], false)).toEqual({ units: 0, revenueCents: 0 });
    expect(lineRevenue(line({ quantity: 2, discountCents: 150, taxCents: 40 }), [refund('1', 2, 450, 40)], true)).toEqual({ units: 0, revenueCents: 0 });
  });

  it('subtracts the shares of refunded units when a refund has no subtotal, last units first', () => {
    // 1000 cents over 3 units: 334, 333, 333.
    expect(lineRevenue(line({ quantity: 3, priceCents: 400, discountCents: 200 }), [refund('1', 1, null)], false)).toEqual({ units: 2, revenueCents: 667 });
  });

  it('subtracts the shares of units removed by an order edit', () => {
    expect(lineRevenue(line({ quantity: 3, currentQuantity: 1 }), [], false)).toEqual({ units: 1, revenueCents: 300 });
  });
});

describe('revenue rule properties', () => {
  const lineArb = fc.record({ quantity: fc.integer({ min: 1, max: 20 }), priceCents: fc.integer({ min: 0, max: 100_000 }) }).chain(({ quantity, priceCents }) =>
    fc.record({
      quantity: fc.constant(quantity),
      priceCents: fc.constant(priceCents),
      discountCents: fc.integer({ min: 0, max: quantity * priceCents }),
      taxCents: fc.integer({ min: 0, max: 5_000 }),
      taxesIncluded: fc.boolean(),
    }),
  );

  it('spreads a line over its units so the units always sum to the line exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 50 }), (net, q, cut) => {
        const k = Math.min(cut, q);
        expect(unitSharesCents(net, q, 0, k) + unitSharesCents(net, q, k, q)).toBe(net);
        for (let i = 0; i + 1 < q; i++) expect(unitSharesCents(net, q, i, i + 1) - unitSharesCents(net, q, i + 1, i + 2)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('splits an order-level discount across lines so the lines sum to what was paid', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), (lines) => {
        const paid = lines.reduce((sum, l) => sum + Math.max(0, l.priceCents * l.quantity - l.discountCents - (l.taxesIncluded ? l.taxCents : 0)), 0);
        const revenue = lines.reduce((sum, l, i) => sum + lineRevenue(line({ lineItemId: `L${i}`, ...l }), [], l.taxesIncluded).revenueCents, 0);
        expect(revenue).toBe(paid);
      }),
    );
  });

  it('never takes a line below zero, whatever is refunded', () => {
    fc.assert(
      fc.property(
        lineArb,
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 25 }), subtotal: fc.option(fc.integer({ min: 0, max: 3_000_000 })) }), { maxLength: 4 }),
        (l, refunds) => {
          const result = lineRevenue(
            line(l),
            refunds.map((r, i) => refund(String(i + 1), r.quantity, r.subtotal)),
            l.taxesIncluded,
          );
          expect(result.revenueCents).toBeGreaterThanOrEqual(0);
          expect(result.revenueCents).toBeLessThanOrEqual(lineNetCents(line(l), l.taxesIncluded));
          expect(result.units).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
