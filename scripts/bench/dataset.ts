// Deterministic, realistic order histories for the benchmarks: the sample catalog (15 athletes,
// 3 collectives), 24 months of orders, repeat buyers with a skewed distribution, multi-line
// orders, a few cancellations, pending orders, refunds, title-only and unknown products.
// Every order is built as the Shopify JSON a webhook carries (shared/orders/shopify-payloads).
import type { Catalog } from '#shared/catalog/catalog-types';
import { centsToDecimal } from '#shared/orders/shopify-payloads';
import type { OrderPayloadInput, RefundPayloadInput } from '#shared/orders/shopify-payloads';
import { prng } from './util';

export interface BenchOrder {
  /** The newest version of the order (what Shopify finally shows). */
  order: OrderPayloadInput;
  /** An earlier version (before payment or before cancellation), when the order changed. */
  earlier: OrderPayloadInput | null;
  refunds: RefundPayloadInput[];
}

export interface DatasetOptions {
  seed?: number;
  /** The newest month's end; orders spread over the 24 months before it. */
  end?: Date;
  /** Keeps ids of different data sets apart (ingestion bench vs read bench). */
  idOffset?: bigint;
}

const BASE_ORDER_ID = 5_000_000_000_000_000_000n; // above 2^53, below 2^63
const DAY = 86_400_000;

export function benchOrders(count: number, catalog: Catalog, options: DatasetOptions = {}): BenchOrder[] {
  const rand = prng(options.seed ?? 7);
  const end = options.end ?? new Date('2026-11-15T00:00:00.000Z');
  const start = end.getTime() - 730 * DAY;
  const buyers = Math.max(40, Math.floor(count / 4));
  // Popularity: a few athletes sell most (weights 1/rank).
  const athletes = catalog.athletes;
  const weights = athletes.map((_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const pickAthlete = () => {
    let r = rand() * weightSum;
    for (let i = 0; i < athletes.length; i++) if ((r -= weights[i]) <= 0) return athletes[i];
    return athletes[athletes.length - 1];
  };
  const offset = options.idOffset ?? 0n;
  const orders: BenchOrder[] = [];
  for (let i = 0; i < count; i++) {
    const orderId = String(BASE_ORDER_ID + offset + BigInt(i) * 7919n);
    const createdMs = start + Math.floor(rand() * 730 * DAY);
    const createdAt = new Date(createdMs).toISOString();
    // Repeat buyers: squaring skews towards low indexes (heavy collectors); 2% guest checkouts.
    const email = rand() < 0.02 ? null : `buyer${Math.floor(buyers * rand() ** 2)}@example.com`;
    const lineCount = rand() < 0.8 ? 1 : rand() < 0.85 ? 2 : 3;
    const lines: OrderPayloadInput['lines'] = [];
    for (let l = 0; l < lineCount; l++) {
      const lineId = String(BASE_ORDER_ID + offset + BigInt(i) * 7919n + BigInt(l + 1));
      const quantity = rand() < 0.85 ? 1 : rand() < 0.7 ? 2 : 3;
      const kind = rand();
      if (kind < 0.01) {
        lines.push({ id: lineId, productId: '9999999999', title: 'Mystery Pack - Season Box', quantity, price: '15.00' });
        continue;
      }
      const athlete = pickAthlete();
      const card = athlete.digitalcollectibles[Math.floor(rand() * athlete.digitalcollectibles.length)];
      // 2% of lines come from a product the catalog does not know: attributed by title.
      lines.push({ id: lineId, productId: kind < 0.03 ? null : card.shopifyProductId, title: card.name, quantity, price: centsToDecimal(card.priceCents) });
    }
    const fate = rand();
    const base: OrderPayloadInput = { id: orderId, number: 1000 + i, createdAt, email, lines };
    const later = new Date(createdMs + Math.floor(1 + rand() * 72) * 3_600_000).toISOString();
    let order: OrderPayloadInput = base;
    let earlier: OrderPayloadInput | null = null;
    const refunds: RefundPayloadInput[] = [];
    if (fate < 0.03) {
      earlier = base;
      order = { ...base, updatedAt: later, cancelledAt: later, financialStatus: 'voided' };
    } else if (fate < 0.05) {
      order = { ...base, financialStatus: 'pending' };
    } else if (fate < 0.15) {
      earlier = { ...base, financialStatus: 'pending' };
      order = { ...base, updatedAt: later, financialStatus: 'paid' };
    } else if (fate < 0.19) {
      const line = lines[0];
      refunds.push({
        id: String(BASE_ORDER_ID + offset + BigInt(i) * 7919n + 5000n),
        orderId,
        createdAt: later,
        lines: [{ lineItemId: line.id, quantity: 1, subtotal: line.price }],
      });
    }
    orders.push({ order, earlier, refunds });
  }
  return orders;
}
