// Ingestion: signed Shopify deliveries POSTed to local mode's webhook endpoint at a given
// concurrency, with 20% duplicate deliveries (same X-Shopify-Webhook-Id), updates and refunds
// that overtake their order, and 503s redelivered as Shopify would. Afterwards the table is
// verified (every figure recomputed) and compared with the figures the orders should give.
import type { Catalog } from '#shared/catalog/catalog-types';
import { orderPayload, refundPayload } from '#shared/orders/shopify-payloads';
import { deliverWebhook } from '../lib/deliver';
import { verifyTable } from '../lib/verify';
import { collectiveOf, expectedFiguresOf } from './expected';
import type { BenchOrder } from './dataset';
import { percentile, pool, prng } from './util';

export interface Delivery {
  topic: string;
  body: string;
  webhookId: string;
}

/** Unique deliveries of the orders, then 1 duplicate for every 4 (20% of all), locally shuffled so
 * updates and refunds often arrive before the order they change. */
export function deliveriesOf(orders: BenchOrder[], seed = 11): { deliveries: Delivery[]; duplicates: number } {
  const rand = prng(seed);
  const unique: Delivery[] = [];
  orders.forEach((o, i) => {
    if (o.earlier) unique.push({ topic: 'orders/create', body: orderPayload(o.earlier), webhookId: `bench-${i}-v1` });
    unique.push({
      topic: o.order.cancelledAt ? 'orders/cancelled' : o.earlier ? 'orders/updated' : 'orders/create',
      body: orderPayload(o.order),
      webhookId: `bench-${i}-v2`,
    });
    o.refunds.forEach((r, k) => unique.push({ topic: 'refunds/create', body: refundPayload(r), webhookId: `bench-${i}-r${k}` }));
  });
  const all = [...unique];
  const duplicates = Math.round(unique.length / 4);
  for (let d = 0; d < duplicates; d++) {
    const original = unique[Math.floor(rand() * unique.length)];
    all.splice(Math.floor(rand() * (all.length + 1)), 0, { ...original });
  }
  // Window shuffle: each delivery may overtake up to 6 neighbours.
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.max(0, i - Math.floor(rand() * 7));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return { deliveries: all, duplicates };
}

export interface IngestionResult {
  concurrency: number;
  deliveries: number;
  duplicates: number;
  requests: number;
  retried503: number;
  seconds: number;
  throughput: number;
  p50: number;
  p99: number;
  verifyDifferences: number;
  verifyChecked: number;
  expectedMismatches: string[];
}

export async function runIngestion(webhookUrl: string, secret: string, orders: BenchOrder[], catalog: Catalog, concurrency: number): Promise<IngestionResult> {
  const { deliveries, duplicates } = deliveriesOf(orders);
  const latencies: number[] = [];
  let retried503 = 0;
  const started = performance.now();
  await pool(deliveries, concurrency, async (d) => {
    for (let attempt = 1; ; attempt++) {
      const result = await deliverWebhook(webhookUrl, d.topic, d.body, secret, { webhookId: d.webhookId });
      latencies.push(result.ms);
      if (result.status === 200) return;
      if (result.status === 503 && attempt < 10) {
        retried503++;
        await new Promise((r) => setTimeout(r, 50 * attempt));
        continue;
      }
      throw new Error(`delivery ${d.webhookId} (${d.topic}) answered ${result.status}: ${result.body}`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  // A 200 means stored: the figures follow moments later (local mode's settler). Finish what is
  // still pending, as `npm run settle` does (exactly once, alongside the settler), then verify.
  const { settlePending } = await import('#lambdas/orders/ingest');
  for (let round = 0; round < 100; round++) {
    const result = await settlePending({ deadlineMs: 60_000 });
    // Each sweep reads at most 100 markers per shard: go on while it still finds and settles some.
    if (result.orders === 0 || result.settled === 0) break;
  }
  const report = await verifyTable();
  const expected = expectedFiguresOf(orders, catalog);
  const mismatches: string[] = [];
  const { collectiveStats } = await import('#lambdas/sales/collective-repo');
  for (const collective of catalog.collectives) {
    const stats = await collectiveStats(collective.id);
    const want = collectiveOf(expected, collective.members);
    if (stats.totals.cardsSold !== want.cardsSold || stats.totals.revenueCents !== want.revenueCents || stats.totals.orderCount !== want.orderCount) {
      mismatches.push(`collective ${collective.id}: stored ${JSON.stringify(stats.totals)}, expected ${JSON.stringify(want)}`);
    }
  }
  return {
    concurrency,
    deliveries: deliveries.length,
    duplicates,
    requests: latencies.length,
    retried503,
    seconds,
    throughput: deliveries.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    verifyDifferences: report.differences.length,
    verifyChecked: report.checked,
    expectedMismatches: mismatches,
  };
}
