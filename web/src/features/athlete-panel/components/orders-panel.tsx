// Recent Orders (the spec's first 5, with serials) and, with View All Orders, every order a page at
// a time (Load More Orders). The athlete's Home shows it.
import { useState } from 'react';
import { countLabel } from '@shared/platform/text';
import { Button } from '@/components/button';
import { ErrorBox } from '@/components/error-box';
import { Spinner } from '@/components/spinner';
import { Panel } from '@/components/panel';
import { useAllOrders, useRecentOrders } from '@/features/athlete-panel/api/get-athlete-orders';
import { LIVE_REFRESH_MS } from '@/features/athlete-panel/config';
import { AthleteOrdersTable } from '@/features/athlete-panel/components/orders-table';

export const RECENT_ORDERS = 5;
export const SALES_ERROR = 'Failed to load your sales data. Please try again later.';

function AllOrders({ athleteId, cardNames, onClose }: { athleteId: number; cardNames: Map<number, string>; onClose: () => void }) {
  const { data, error, size, setSize, isValidating, mutate } = useAllOrders(athleteId, true);
  const orders = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  return (
    <section className="panel" aria-labelledby="all-orders-title">
      <div className="section-head">
        <h2 id="all-orders-title" className="panel-title">
          All Orders
        </h2>
        <Button intent="quiet" size="sm" onClick={onClose}>
          Back to Recent Orders
        </Button>
      </div>
      {error ? (
        <ErrorBox message={SALES_ERROR} onRetry={() => void mutate()} />
      ) : !data ? (
        <Spinner label="Loading orders..." />
      ) : (
        <>
          <AthleteOrdersTable orders={orders} caption="All orders, newest first" cardNames={cardNames} />
          <p className="hint">Showing {countLabel(orders.length, 'order')}</p>
          {hasMore && (
            <Button busy={isValidating} busyLabel="Loading..." onClick={() => void setSize(size + 1)}>
              Load More Orders
            </Button>
          )}
        </>
      )}
    </section>
  );
}

export function OrdersPanel({ athleteId, cardNames }: { athleteId: number; cardNames: Map<number, string> }) {
  const recent = useRecentOrders(athleteId, RECENT_ORDERS + 1, LIVE_REFRESH_MS);
  const [showAll, setShowAll] = useState(false);
  if (showAll) return <AllOrders athleteId={athleteId} cardNames={cardNames} onClose={() => setShowAll(false)} />;
  return (
    <Panel id="recent-orders-title" title="Recent Orders">
      {recent.error ? (
        <ErrorBox message={SALES_ERROR} onRetry={() => void recent.mutate()} />
      ) : !recent.data ? (
        <Spinner label="Loading your orders..." />
      ) : (
        <>
          <AthleteOrdersTable orders={recent.data.items.slice(0, RECENT_ORDERS)} caption="Recent orders, newest first" cardNames={cardNames} />
          {recent.data.items.length > RECENT_ORDERS && (
            <Button className="dash-pager" onClick={() => setShowAll(true)}>
              View All Orders
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
