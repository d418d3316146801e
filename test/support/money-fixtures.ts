// Pieces the money properties share (test/unit/payouts.property.test.ts,
// payout-period.property.test.ts, allocations.property.test.ts): a sale of one member's cards as
// an operation and its order ingested, and the collective's donation to allocate.
import fc from 'fast-check';
import type { createIngestEngine } from '#lambdas/orders/ingest-engine';
import { recordDonation } from '#lambdas/payments/donation-records';
import type { Store } from '#lambdas/platform/store';
import { sampleProductId } from '#shared/catalog/seed-data';
import { normalizeOrder, parseJsonPreservingBigInts } from '#shared/orders/shopify';
import { orderPayload } from '#shared/orders/shopify-payloads';

/** The fields of a sale: one to three units of one of the three cards of one of `members`. */
export const saleFields = (members: number[]) => ({
  kind: fc.constant('sale' as const),
  athlete: fc.constantFrom(...members),
  card: fc.integer({ min: 1, max: 3 }),
  quantity: fc.integer({ min: 1, max: 3 }),
});

/** Collective 1's donation d-1 of `amountCents` (received 1 September 2026), recorded as every
 * writer records a donation (with its month and total: verify checks them). */
export function recordTestDonation(store: Store, amountCents: number): Promise<boolean> {
  return recordDonation(store, {
    id: 'd-1',
    collectiveId: 1,
    date: '2026-09-01T00:00:00.000Z',
    amountCents,
    donorName: 'Donor',
    notes: 'Go',
    type: 'Individual',
  });
}

/** Ingests a sale as its order `orderId` (placed at `createdAt` by fan@example.com): `quantity` of
 * the athlete's card at its sample price ($3, $5, $25); the order's one line. */
export async function ingestSale(
  engine: ReturnType<typeof createIngestEngine>,
  orderId: string,
  sale: { athlete: number; card: number; quantity: number },
  createdAt: string,
) {
  const price = ['3.00', '5.00', '25.00'][sale.card - 1];
  const line = { id: `${orderId}1`, productId: sampleProductId(sale.athlete, sale.card), title: 'Card', quantity: sale.quantity, price };
  await engine.ingest({
    kind: 'order',
    order: normalizeOrder(parseJsonPreservingBigInts(orderPayload({ id: orderId, createdAt, email: 'fan@example.com', lines: [line] }))),
  });
  return line;
}
