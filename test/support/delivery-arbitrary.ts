// fast-check generator of Shopify delivery histories: several orders, each with successive
// versions (paid in the same second as its creation, updated, cancelled, deleted), discounts,
// giveaways, taxes (included or not), tips, refunds with and without subtotals, then shuffled
// with duplicates (redeliveries of the same webhook id) and resends under a new id.
import fc from 'fast-check';
import type { Catalog } from '#shared/catalog/catalog-types';
import { SAMPLE_CATALOG } from '#shared/catalog/seed-data';
import { centsToDecimal, deletePayload, orderPayload, refundPayload } from '#shared/orders/shopify-payloads';

export interface Delivery {
  topic: string;
  body: string;
  webhookId: string;
}

/** The sample catalog with small editions and unlock rules on athletes 1-4, so histories hit
 * sold-out editions, oversold units and quota unlocks. */
export const EDITION_CATALOG: Catalog = {
  ...SAMPLE_CATALOG,
  athletes: SAMPLE_CATALOG.athletes.map((a) =>
    a.id > 4
      ? a
      : {
          ...a,
          digitalcollectibles: a.digitalcollectibles.map((c) =>
            c.id === 1
              ? { ...c, editionSize: 5 }
              : c.id === 2
                ? { ...c, editionSize: 3, unlock: { cardId: 1, units: 2 } }
                : { ...c, editionSize: null, unlock: { cardId: 2, units: 1 } },
          ),
        },
  ),
};

const cards = EDITION_CATALOG.athletes.slice(0, 4).flatMap((a) => a.digitalcollectibles.map((c) => ({ athleteId: a.id, card: c })));
const buyers = ['a@example.com', 'b@example.com', null];

const lineArb = fc.record({
  // cards, then: an unknown product of a named school, an unknown product of no school, a tip
  kind: fc.nat({ max: cards.length + 2 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  discountPct: fc.constantFrom(0, 0, 0, 25, 100),
  taxCents: fc.constantFrom(0, 0, 25, 99),
});

type OrderHistory = typeof orderHistoryArb extends fc.Arbitrary<infer T> ? T : never;

const orderHistoryArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
  buyer: fc.constantFrom(...buyers),
  month: fc.integer({ min: 1, max: 3 }),
  createdPending: fc.boolean(),
  versions: fc.array(fc.constantFrom('orders/paid', 'orders/updated', 'orders/cancelled', 'pending', 'orders/delete'), { minLength: 0, maxLength: 3 }),
  refunds: fc.array(fc.record({ lineIndex: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 2 }), withSubtotal: fc.boolean() }), { maxLength: 2 }),
  test: fc.boolean(),
  taxesIncluded: fc.boolean(),
});

/** Deliveries of some orders' histories, shuffled with redeliveries and resends. */
function deliveriesOfHistories(orders: Array<OrderHistory>): fc.Arbitrary<Delivery[]> {
  const deliveries: Delivery[] = [];
  orders.forEach((o, orderIndex) => {
    const orderId = String(9007199254740993n + BigInt(orderIndex) * 1000n);
    const createdAt = `2026-0${o.month}-10T12:00:00.000Z`;
    const lines = o.lines.map((l, i) => {
      const entry = l.kind < cards.length ? cards[l.kind] : null;
      const priceCents = entry ? entry.card.priceCents : 700;
      const discountCents = Math.floor((priceCents * l.quantity * l.discountPct) / 100);
      const base = {
        id: `${orderId}${i}`,
        quantity: l.quantity,
        price: centsToDecimal(priceCents),
        discount: centsToDecimal(discountCents),
        tax: centsToDecimal(l.taxCents),
      };
      if (entry) return { ...base, productId: entry.card.shopifyProductId, title: entry.card.name };
      if (l.kind === cards.length) return { ...base, productId: '555', title: 'Mariners Hoodie', vendor: 'Drift State University' };
      if (l.kind === cards.length + 1) return { ...base, productId: '556', title: 'Unknown bundle' };
      return { ...base, productId: null, title: 'Tip', discount: undefined, tax: undefined };
    });
    const body = (extra: Partial<Parameters<typeof orderPayload>[0]>) =>
      orderPayload({ id: orderId, createdAt, email: o.buyer, lines, test: o.test, taxesIncluded: o.taxesIncluded, ...extra });
    deliveries.push({ topic: 'orders/create', body: body({ financialStatus: o.createdPending ? 'pending' : 'paid' }), webhookId: `w-${orderId}-0` });
    o.versions.forEach((v, i) => {
      // The first version shares the creation's second (a same-second orders/paid must count).
      const updatedAt = i === 0 ? createdAt : `2026-0${o.month}-1${i + 1}T12:00:00.000Z`;
      if (v === 'orders/delete') {
        deliveries.push({ topic: 'orders/delete', body: deletePayload(orderId), webhookId: `w-${orderId}-${i + 1}` });
        return;
      }
      const cancelled = v === 'orders/cancelled';
      deliveries.push({
        topic: v === 'pending' ? 'orders/updated' : v,
        body: body({ updatedAt, cancelledAt: cancelled ? updatedAt : null, financialStatus: cancelled ? 'voided' : v === 'pending' ? 'pending' : 'paid' }),
        webhookId: `w-${orderId}-${i + 1}`,
      });
    });
    o.refunds.forEach((r, i) => {
      const line = lines[r.lineIndex % lines.length];
      const unitNet = Math.max(0, Math.round(Number(line.price) * 100) - Math.floor(Math.round(Number(line.discount ?? '0') * 100) / line.quantity));
      deliveries.push({
        topic: 'refunds/create',
        body: refundPayload({
          id: `${orderId}77${i}`,
          orderId,
          createdAt: `2026-0${o.month}-20T00:00:00.000Z`,
          lines: [{ lineItemId: line.id, quantity: r.quantity, ...(r.withSubtotal ? { subtotal: centsToDecimal(unitNet * r.quantity) } : {}) }],
        }),
        webhookId: `w-${orderId}-r${i}`,
      });
    });
  });
  // Redeliveries (same webhook id) and duplicates under a new id, then any order.
  return fc
    .tuple(fc.array(fc.nat({ max: deliveries.length - 1 }), { maxLength: 4 }), fc.array(fc.nat({ max: deliveries.length - 1 }), { maxLength: 3 }))
    .chain(([redeliver, resend]) => {
      const all = [
        ...deliveries,
        ...redeliver.map((i) => deliveries[i]),
        ...resend.map((i, k) => ({ ...deliveries[i], webhookId: `resend-${k}-${deliveries[i].webhookId}` })),
      ];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
}

export const deliveryHistoryArb = fc.array(orderHistoryArb, { minLength: 1, maxLength: 4 }).chain(deliveriesOfHistories);

/** Histories of up to `maxOrders` orders (the settle batch tests take many orders of the same athletes). */
export const deliveryHistoryArbOf = (maxOrders: number) => fc.array(orderHistoryArb, { minLength: 1, maxLength: maxOrders }).chain(deliveriesOfHistories);
