// fast-check generator of Shopify delivery histories: several orders, each with successive
// versions (paid, updated, cancelled), refunds, then shuffled with duplicates (redeliveries).
import fc from 'fast-check';
import { SAMPLE_ATHLETES } from '../../shared/seed-data';
import { centsToDecimal, orderPayload, refundPayload } from '../../shared/shopify-payloads';

export interface Delivery {
  topic: string;
  body: string;
  webhookId: string;
}

const cards = SAMPLE_ATHLETES.slice(0, 4).flatMap((a) => a.digitalcollectibles.map((c) => ({ athleteId: a.id, card: c })));
const buyers = ['a@example.com', 'b@example.com', null];

const lineArb = fc.record({ cardIndex: fc.nat({ max: cards.length }), quantity: fc.integer({ min: 1, max: 3 }) });

const orderHistoryArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  buyer: fc.constantFrom(...buyers),
  month: fc.integer({ min: 1, max: 3 }),
  versions: fc.array(fc.constantFrom('orders/paid', 'orders/updated', 'orders/cancelled', 'pending'), { minLength: 0, maxLength: 3 }),
  refunds: fc.array(fc.record({ lineIndex: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 2 }) }), { maxLength: 2 }),
  test: fc.boolean(),
});

export const deliveryHistoryArb = fc
  .array(orderHistoryArb, { minLength: 1, maxLength: 4 })
  .chain((orders) => {
    const deliveries: Delivery[] = [];
    orders.forEach((o, orderIndex) => {
      const orderId = String(9007199254740993n + BigInt(orderIndex) * 1000n);
      const createdAt = `2026-0${o.month}-10T12:00:00.000Z`;
      const lines = o.lines.map((l, i) => {
        const entry = l.cardIndex === cards.length ? null : cards[l.cardIndex];
        return {
          id: `${orderId}${i}`,
          productId: entry ? entry.card.shopifyProductId : '555',
          title: entry ? entry.card.name : 'Unknown bundle',
          quantity: l.quantity,
          price: centsToDecimal(entry ? entry.card.priceCents : 700),
        };
      });
      deliveries.push({ topic: 'orders/create', body: orderPayload({ id: orderId, createdAt, email: o.buyer, lines, test: o.test }), webhookId: `w-${orderId}-0` });
      o.versions.forEach((v, i) => {
        const updatedAt = `2026-0${o.month}-1${i + 1}T12:00:00.000Z`;
        const cancelled = v === 'orders/cancelled';
        deliveries.push({
          topic: v === 'pending' ? 'orders/updated' : v,
          body: orderPayload({ id: orderId, createdAt, updatedAt, email: o.buyer, lines, test: o.test, cancelledAt: cancelled ? updatedAt : null, financialStatus: cancelled ? 'voided' : v === 'pending' ? 'pending' : 'paid' }),
          webhookId: `w-${orderId}-${i + 1}`,
        });
      });
      o.refunds.forEach((r, i) => {
        const line = lines[r.lineIndex % lines.length];
        deliveries.push({
          topic: 'refunds/create',
          body: refundPayload({ id: `${orderId}77${i}`, orderId, createdAt: `2026-0${o.month}-20T00:00:00.000Z`, lines: [{ lineItemId: line.id, quantity: r.quantity, subtotal: line.price }] }),
          webhookId: `w-${orderId}-r${i}`,
        });
      });
    });
    // Redeliveries (same webhook id) and duplicates under a new id, then any order.
    return fc
      .tuple(fc.array(fc.nat({ max: deliveries.length - 1 }), { maxLength: 4 }), fc.array(fc.nat({ max: deliveries.length - 1 }), { maxLength: 3 }))
      .chain(([redeliver, resend]) => {
        const all = [...deliveries, ...redeliver.map((i) => deliveries[i]), ...resend.map((i, k) => ({ ...deliveries[i], webhookId: `resend-${k}-${deliveries[i].webhookId}` }))];
        return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
      });
  });
