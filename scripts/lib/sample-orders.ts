// Deterministic sample Shopify orders for local mode: a year of sales across the catalog, repeat
// buyers, the demo buyer holding Marcus Reed's full "2026 Season" set (a Top Fan), a refund, a
// cancellation and a line no catalog card matches; and editions that make the demo meaningful
// (shared/catalog/seed-data.ts: Base 500; Gold 100 after 25 Base; Signature 10 after 10 Gold):
// - Marcus Reed (1): 30 Base sold unlock his Gold, 12 Gold unlock his Signature, a few Signature sold;
// - Jalen Brooks (2): 25 Base, 10 Gold, then all 10 Signature: sold out;
// - Tyler Vance (3): 8 Base sold, his Gold locked ("8 of 25 Base sold to unlock").
// Unlocks happen when ingestion counts the quota, so the deliveries come in three phases (Base,
// Gold, Signature) and the seed waits for each phase to be settled before the next.
// Seeded through the signed webhook path.
import type { Catalog } from '#shared/catalog/catalog-types';
import { centsToDecimal, orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import type { OrderLineInput } from '#shared/orders/shopify-payloads';
import { DEMO_BUYER_EMAIL } from '#shared/catalog/seed-data';

export interface SampleDelivery {
  topic: string;
  body: string;
  webhookId: string;
  /** Deliveries of a phase are settled before the next phase is delivered (1: Base, 2: Gold, 3: Signature). */
  phase: 1 | 2 | 3;
}

/** A small deterministic PRNG so every fresh local mode shows the same figures. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const BUYERS = [
  'jordan.fan@example.com',
  'casey.collector@example.com',
  'taylor.m@example.com',
  'riley.cards@example.com',
  'morgan.b@example.com',
  'sam.hoops@example.com',
  'alex.gridiron@example.com',
];

/** The units of one card sold in a phase: spread over orders of 1 to 3 units, over a span of days ago. */
interface Run {
  athleteId: number;
  cardId: number;
  units: number;
  phase: 1 | 2 | 3;
  /** Orders are created between these many days ago (older first). */
  from: number;
  to: number;
}

const RUNS: Run[] = [
  { athleteId: 1, cardId: 1, units: 29, phase: 1, from: 330, to: 120 },
  { athleteId: 2, cardId: 1, units: 24, phase: 1, from: 320, to: 110 },
  { athleteId: 3, cardId: 1, units: 8, phase: 1, from: 300, to: 60 },
  { athleteId: 1, cardId: 2, units: 11, phase: 2, from: 100, to: 50 },
  { athleteId: 2, cardId: 2, units: 10, phase: 2, from: 95, to: 45 },
  { athleteId: 1, cardId: 3, units: 1, phase: 3, from: 30, to: 25 },
  { athleteId: 2, cardId: 3, units: 10, phase: 3, from: 30, to: 3 },
];

export function sampleDeliveries(catalog: Catalog, now = new Date()): SampleDelivery[] {
  const rand = prng(42);
  const deliveries: SampleDelivery[] = [];
  let seq = 0;
  let number = 1001;
  const orderId = () => String(9007199254740993n + BigInt(seq++) * 7919n); // above 2^53
  const lineId = () => String(12000000000000000n + BigInt(seq++));
  const push = (phase: SampleDelivery['phase'], topic: string, body: string) =>
    deliveries.push({ topic, body, webhookId: `seed-${deliveries.length + 1}`, phase });
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86400000 - Math.floor(rand() * 86400000)).toISOString();
  const buyer = () => BUYERS[Math.floor(rand() * BUYERS.length)];

  const cardLine = (athleteId: number, cardId: number, quantity = 1): OrderLineInput => {
    const athlete = catalog.athletes.find((a) => a.id === athleteId)!;
    const card = athlete.digitalcollectibles.find((c) => c.id === cardId)!;
    return { id: lineId(), productId: card.shopifyProductId, title: card.name, quantity, price: centsToDecimal(card.priceCents) };
  };
  const order = (phase: SampleDelivery['phase'], createdAt: string, email: string, lines: OrderLineInput[]) => {
    const id = orderId();
    push(phase, 'orders/create', orderPayload({ id, number: number++, createdAt, email, lines }));
    return id;
  };

  // The demo buyer owns every card of athlete 1 (a Top Fan of the closed set) and athlete 2's Base.
  order(1, daysAgo(150), DEMO_BUYER_EMAIL, [cardLine(1, 1)]);
  order(1, daysAgo(140), DEMO_BUYER_EMAIL, [cardLine(2, 1)]);
  order(2, daysAgo(48), DEMO_BUYER_EMAIL, [cardLine(1, 2)]);
  order(3, daysAgo(20), DEMO_BUYER_EMAIL, [cardLine(1, 3)]);

  // The editions' runs: units over orders of 1 to 3, spread over their days.
  for (const run of RUNS) {
    let left = run.units;
    while (left > 0) {
      const quantity = Math.min(left, rand() < 0.6 ? 1 : rand() < 0.7 ? 2 : 3);
      left -= quantity;
      const days = Math.round(run.from - (run.from - run.to) * (1 - left / run.units));
      order(run.phase, daysAgo(days), buyer(), [cardLine(run.athleteId, run.cardId, quantity)]);
    }
  }

  // A year of Base sales across the other athletes (their Gold and Signature stay locked).
  const others = catalog.athletes.filter((a) => a.id > 3);
  for (let i = 0; i < 40; i++) {
    const athlete = others[Math.floor(rand() * others.length)];
    order(1, daysAgo(Math.floor(rand() * 360)), buyer(), [cardLine(athlete.id, 1, rand() < 0.2 ? 2 : 1)]);
  }

  // A buyer who completes athlete 1's set in one order, later partially refunded (a Signature
  // serial retired: it is never issued again).
  const refundedLines = [cardLine(1, 1), cardLine(1, 2), cardLine(1, 3, 2)];
  const refunded = order(3, daysAgo(12), 'casey.collector@example.com', refundedLines);
  push(
    3,
    'refunds/create',
    refundPayload({ id: orderId(), orderId: refunded, createdAt: daysAgo(10), lines: [{ lineItemId: refundedLines[2].id, quantity: 1, subtotal: '25.00' }] }),
  );

  // A cancelled order (counts nothing) and an order with a line no card matches (unattributed).
  const cancelled = orderId();
  const cancelledLines = [cardLine(4, 1)];
  const created = daysAgo(11);
  const cancelledAt = daysAgo(10);
  const cancelledNumber = number++;
  push(1, 'orders/create', orderPayload({ id: cancelled, number: cancelledNumber, createdAt: created, email: 'morgan.b@example.com', lines: cancelledLines }));
  push(
    1,
    'orders/cancelled',
    orderPayload({
      id: cancelled,
      number: cancelledNumber,
      createdAt: created,
      updatedAt: cancelledAt,
      cancelledAt,
      financialStatus: 'voided',
      email: 'morgan.b@example.com',
      lines: cancelledLines,
    }),
  );
  order(1, daysAgo(5), 'taylor.m@example.com', [
    { id: lineId(), productId: '9999999999', title: 'Mystery Pack - Season Box', quantity: 1, price: '15.00', vendor: 'Drift State University' },
  ]);
  // A product that is not in the catalog and names no school: the operators' platform inbox.
  order(1, daysAgo(4), 'jordan.k@example.com', [
    { id: lineId(), productId: '9999999998', title: 'Holiday Gift Box', quantity: 1, price: '20.00', vendor: 'Drift Shop' },
  ]);
  return deliveries;
}
