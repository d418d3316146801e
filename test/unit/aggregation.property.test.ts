// Property: applying each delivery's difference (what ingestion writes) always leaves the
// aggregates equal to a from-scratch recomputation over the final stored orders.
import fc from 'fast-check';
import { aggregate, applyContribution, emptyAggregates, holdsAny } from '../../shared/aggregation';
import type { Aggregates } from '../../shared/aggregation';
import { indexCatalog } from '../../shared/catalog-types';
import { contributionOf } from '../../shared/contribution';
import type { OrderContribution, OrderState } from '../../shared/contribution';
import { SAMPLE_CATALOG } from '../../shared/seed-data';
import { REFUND_TOPIC, normalizeOrder, normalizeRefund, parseJsonPreservingBigInts } from '../../shared/shopify';
import { hashEmail, mergeEvent } from '../../lambdas/common/ingest';
import type { IngestEvent } from '../../lambdas/common/ingest';
import { deliveryHistoryArb } from '../support/delivery-arbitrary';

const index = indexCatalog(SAMPLE_CATALOG);
const options = { countTestOrders: false, hashEmail };

function normalised(agg: Aggregates) {
  const athletes = [...agg.athletes.entries()]
    .map(([id, a]) => [id, a.total, [...a.months.entries()].filter(([, f]) => f.cardsSold || f.revenueCents || f.orderCount).sort()] as const)
    .filter(([, total, months]) => total.cardsSold || total.revenueCents || total.orderCount || months.length)
    .sort((x, y) => x[0] - y[0]);
  const fans = [...agg.fans.values()]
    .map((f) => [f.athleteId, f.buyerKey, Object.entries(f.cards).filter(([, u]) => u !== 0).sort()] as const)
    .filter(([, , cards]) => cards.length)
    .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`));
  return { athletes, fans, unattributed: agg.unattributed, uniqueFans: [...agg.fans.values()].filter((f) => holdsAny(f.cards)).length };
}

describe('ingestion by differences', () => {
  it('equals a recomputation for any sequence of duplicated, reordered, refunded and cancelled deliveries', () => {
    fc.assert(
      fc.property(deliveryHistoryArb, (deliveries) => {
        const stored = new Map<string, { state: OrderState; contribution: OrderContribution | null }>();
        const seenWebhooks = new Set<string>();
        const incremental = emptyAggregates();
        for (const d of deliveries) {
          if (seenWebhooks.has(d.webhookId)) continue;
          seenWebhooks.add(d.webhookId);
          const payload = parseJsonPreservingBigInts(d.body);
          const event: IngestEvent = d.topic === REFUND_TOPIC ? { kind: 'refund', refund: normalizeRefund(payload) } : { kind: 'order', order: normalizeOrder(payload) };
          const orderId = event.kind === 'order' ? event.order.orderId : event.refund.orderId;
          const current = stored.get(orderId) ?? { state: { order: null, refunds: {} }, contribution: null };
          const next = mergeEvent(current.state, event);
          if (!next) continue;
          const contribution = contributionOf(next, index, options);
          applyContribution(incremental, current.contribution, -1);
          applyContribution(incremental, contribution, 1);
          stored.set(orderId, { state: next, contribution });
        }
        const recomputed = aggregate([...stored.values()].map((s) => contributionOf(s.state, index, options)));
        expect(normalised(incremental)).toEqual(normalised(recomputed));
        for (const a of recomputed.athletes.values()) expect(a.total.cardsSold).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
