// The figures a set of orders must produce, folded from scratch (no table involved).
import { aggregate, zeroFigures } from '../../shared/aggregation';
import type { Aggregates, SalesFigures } from '../../shared/aggregation';
import type { Catalog } from '../../shared/catalog-types';
import { indexCatalog } from '../../shared/catalog-types';
import { contributionOf } from '../../shared/contribution';
import type { OrderState } from '../../shared/contribution';
import { config } from '../../lambdas/common/config';
import { hashEmail } from '../../lambdas/common/ingest';
import type { BenchOrder } from './dataset';
import { eventsOf } from './load';

export function expectedFiguresOf(orders: BenchOrder[], catalog: Catalog): Aggregates {
  const index = indexCatalog(catalog);
  const options = { countTestOrders: config().countTestOrders, hashEmail };
  return aggregate(
    orders.map((o) => {
      const events = eventsOf(o);
      const state: OrderState = { order: null, refunds: {} };
      for (const e of events) {
        if (e.kind === 'refund') state.refunds[e.refund.refundId] = e.refund;
        else if (e.kind === 'order' && (!state.order || Date.parse(e.order.updatedAt) > Date.parse(state.order.updatedAt))) state.order = e.order;
      }
      return contributionOf(state, index, options);
    }),
  );
}

export function collectiveOf(agg: Aggregates, members: number[]): SalesFigures {
  const sum = zeroFigures();
  for (const id of members) {
    const t = agg.athletes.get(id)?.total;
    if (!t) continue;
    sum.cardsSold += t.cardsSold;
    sum.revenueCents += t.revenueCents;
    sum.orderCount += t.orderCount;
  }
  return sum;
}
