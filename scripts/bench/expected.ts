// The figures a set of orders must produce, folded from scratch (no table involved).
import { aggregate, zeroFigures } from '#shared/orders/aggregation';
import type { Aggregates, SalesFigures } from '#shared/orders/aggregation';
import type { Catalog } from '#shared/catalog/catalog-types';
import { indexCatalog } from '#shared/catalog/catalog-types';
import { attributeLine } from '#shared/orders/attribution';
import { contributionOf, emptyOrderState, mergeEvent } from '#shared/orders/contribution';
import { contributionOptions } from '#lambdas/identity/buyers';
import type { BenchOrder } from './dataset';
import { eventsOf } from './load';

export function expectedFiguresOf(orders: BenchOrder[], catalog: Catalog): Aggregates {
  const index = indexCatalog(catalog);
  const options = contributionOptions();
  return aggregate(
    orders.map((o) => {
      let state = emptyOrderState();
      for (const e of eventsOf(o)) {
        const merged = mergeEvent(state, e, (line) => attributeLine(line, index));
        if (merged.kind === 'changed') state = merged.state;
      }
      return contributionOf(state, options);
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
