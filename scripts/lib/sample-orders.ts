// Deterministic sample Shopify orders for local mode: a year of sales across the catalog,
// repeat buyers, the demo buyer holding Marcus Reed's full set (a Top Fan), a refund, a
// cancellation and a line no catalog card matches. Seeded through the signed webhook path.
import type { Catalog } from '../../shared/catalog-types';
import { centsToDecimal, orderPayload, refundPayload } from '../../shared/shopify-payloads';
import { DEMO_BUYER_EMAIL } from '../../shared/seed-data';

export interface SampleDelivery {
  topic: string;
  body: string;
  webhookId: string;
}

/** A small deterministic PRNG so every fresh local mode shows the same figures. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BUYERS = ['jordan.fan@example.com', 'casey.collector@example.com', 'taylor.m@example.com', 'riley.cards@example.com', 'morgan.b@example.com', 'sam.hoops@example.com', 'alex.gridiron@example.com'];

export function sampleDeliveries(catalog: Catalog, now = new Date()): SampleDelivery[] {
  const rand = prng(42);
  const deliveries: SampleDelivery[] = [];
  let seq = 0;
  const orderId = () => String(9007199254740993n + BigInt(seq++) * 7919n); // above 2^53
  const lineId = () => String(12000000000000000n + BigInt(seq++));
  const push = (topic: string, body: string) => deliveries.push({ topic, body, webhookId: `seed-${deliveries.length + 1}` });

  const cardLine = (athleteId: number, cardId: number, quantity = 1) => {
    const athlete = catalog.athletes.find((a) => a.id === athleteId)!;
    const card = athlete.digitalcollectibles.find((c) => c.id === cardId)!;
    return { id: lineId(), productId: card.shopifyProductId, title: card.name, quantity, price: centsToDecimal(card.priceCents) };
  };

  // The demo buyer owns every card of athlete 1 and one of athlete 2.
  const demoOrders: Array<[number, number]> = [[1, 1], [1, 2], [1, 3], [2, 1]];
  demoOrders.forEach(([athleteId, cardId], i) => {
    const created = new Date(now.getTime() - (40 - i * 9) * 86400000).toISOString();
    push('orders/create', orderPayload({ id: orderId(), number: 1001 + i, createdAt: created, email: DEMO_BUYER_EMAIL, lines: [cardLine(athleteId, cardId)] }));
  });

  // A year of sales across all athletes.
  for (let i = 0; i < 60; i++) {
    const athlete = catalog.athletes[Math.floor(rand() * catalog.athletes.length)];
    const card = athlete.digitalcollectibles[Math.floor(rand() * athlete.digitalcollectibles.length)];
    const daysAgo = Math.floor(rand() * 360);
    const created = new Date(now.getTime() - daysAgo * 86400000 - Math.floor(rand() * 86400000)).toISOString();
    const email = BUYERS[Math.floor(rand() * BUYERS.length)];
    const quantity = rand() < 0.2 ? 2 : 1;
    push('orders/create', orderPayload({ id: orderId(), number: 1100 + i, createdAt: created, email, lines: [cardLine(athlete.id, card.id, quantity)] }));
  }

  // A buyer who completes athlete 3's set in one order, later partially refunded.
  const refundedOrder = orderId();
  const refundedLines = [cardLine(3, 1), cardLine(3, 2), cardLine(3, 3, 2)];
  const created = new Date(now.getTime() - 20 * 86400000).toISOString();
  push('orders/create', orderPayload({ id: refundedOrder, number: 1200, createdAt: created, email: 'casey.collector@example.com', lines: refundedLines }));
  push('refunds/create', refundPayload({ id: orderId(), orderId: refundedOrder, createdAt: new Date(now.getTime() - 18 * 86400000).toISOString(), lines: [{ lineItemId: refundedLines[2].id, quantity: 1, subtotal: '25.00' }] }));

  // A cancelled order (counts nothing) and an order with a line no card matches (unattributed).
  const cancelled = orderId();
  const cancelledAt = new Date(now.getTime() - 10 * 86400000).toISOString();
  push('orders/create', orderPayload({ id: cancelled, number: 1201, createdAt: new Date(now.getTime() - 11 * 86400000).toISOString(), email: 'morgan.b@example.com', lines: [cardLine(4, 3)] }));
  push('orders/cancelled', orderPayload({ id: cancelled, number: 1201, createdAt: new Date(now.getTime() - 11 * 86400000).toISOString(), updatedAt: cancelledAt, cancelledAt, financialStatus: 'voided', email: 'morgan.b@example.com', lines: [cardLine(4, 3)] }));
  push('orders/create', orderPayload({ id: orderId(), number: 1202, createdAt: new Date(now.getTime() - 5 * 86400000).toISOString(), email: 'taylor.m@example.com', lines: [{ id: lineId(), productId: '9999999999', title: 'Mystery Pack - Season Box', quantity: 1, price: '15.00', vendor: 'Drift State University' }] }));
  return deliveries;
}
